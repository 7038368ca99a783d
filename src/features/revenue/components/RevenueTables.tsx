import "@mantine/core/styles/Table.css";
import { Table, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { BenefitPaymentDto, DiscountCodeHistoryDto } from "@domain/schemas/revenue";
import { formatDate } from "@/lib/format";
import { useLocalized } from "@/lib/localized";
import { useFormatMillimes } from "@/lib/i18n/labels";
import classes from "./revenue.module.css";
import { PersonName } from "@/lib/displayName";

/** The coupon revenue table: buyer, subscription start, group, profit. */
export function HistoryTable({ items, labelledBy }: { items: readonly DiscountCodeHistoryDto[]; labelledBy: string }) {
  const money = useFormatMillimes();
  const l = useLocalized();
  return (
    // A keyboard can scroll it too (focusable region) when the table is wider than a phone.
    <div className={classes.scroll} tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <Table striped verticalSpacing="sm" data-testid="revenue-history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Élève</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Début de l'abonnement</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Offre</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Revenu</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => {
            const profit = money(row.profit_amount);
            return (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <PersonName name={row.user.name} lastName={row.user.last_name} />
                </Table.Td>
                <Table.Td>{formatDate(row.affiliation.start_date)}</Table.Td>
                <Table.Td>
                  <bdi>{l(row.group)}</bdi>
                </Table.Td>
                <Table.Td className={classes.amount}>
                  <Trans>{profit} DT</Trans>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The benefit payments: when the revenue was paid out, and how much. */
export function PaymentsTable({ items }: { items: readonly BenefitPaymentDto[] }) {
  const money = useFormatMillimes();
  if (items.length === 0) {
    return (
      <Text c="dimmed" data-testid="revenue-payments-empty">
        <Trans>Aucun versement pour le moment</Trans>
      </Text>
    );
  }
  return (
    <div className={classes.scroll}>
      <Table striped verticalSpacing="sm" data-testid="revenue-payments-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Date du versement</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Montant</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((p) => {
            const amount = money(p.amount);
            return (
              <Table.Tr key={p.id}>
                <Table.Td>{formatDate(p.payed_at)}</Table.Td>
                <Table.Td className={classes.amount}>
                  <Trans>{amount} DT</Trans>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
