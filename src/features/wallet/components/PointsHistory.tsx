import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Badge.css";
import { Badge, Card, Group, Stack, Table, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { PointsHistoryRowDto } from "@domain/wallet";
import { formatDate } from "@/lib/format";
import { useFormatMillimes } from "@/lib/i18n/labels";
import { METHOD_LABELS, STATUS_COLORS, STATUS_LABELS } from "./labels";
import classes from "./wallet.module.css";

const RECEIVED = msg`Reçu`;

/** Credited or debited: coloured; waiting: plain; failed or refused: struck through (nothing moved). */
function amountClass(row: PointsHistoryRowDto): string {
  if (row.status === "approved") return row.amount > 0 ? classes.credit! : classes.debit!;
  return row.status === "pending" ? "" : classes.cancelled!;
}

function useRowText() {
  const { i18n } = useLingui();
  const fmt = useFormatMillimes();
  return (row: PointsHistoryRowDto) => ({
    method: row.method === "transfer" && row.amount > 0 ? i18n._(RECEIVED) : i18n._(METHOD_LABELS[row.method] ?? METHOD_LABELS.purchase),
    amount: `${row.amount > 0 ? "+" : ""}${fmt(row.amount)}`,
    status: i18n._(STATUS_LABELS[row.status]),
  });
}

/** The points history (SPEC §3: code, method, amount, description, date, status) as a table, or cards on phones. */
export function PointsHistory({ items, asCards }: { items: readonly PointsHistoryRowDto[]; asCards: boolean }) {
  const text = useRowText();
  if (asCards) {
    return (
      <ul className={classes.cards} data-testid="history-cards">
        {items.map((row) => {
          const r = text(row);
          return (
            <li key={row.key} data-testid="history-row" data-status={row.status}>
              <Card withBorder radius="md" padding="sm">
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600}>{r.method}</Text>
                    <Text className={`${classes.nowrap} ${amountClass(row)}`} dir="ltr">
                      {r.amount}
                    </Text>
                  </Group>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" dir="ltr" className={classes.rib}>
                      {row.code}
                    </Text>
                    <Badge color={STATUS_COLORS[row.status]} variant="filled" autoContrast>
                      {r.status}
                    </Badge>
                  </Group>
                  {row.description && (
                    <Text size="sm" dir="auto">
                      {row.description}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed" className={classes.nowrap}>
                    {formatDate(row.date)}
                  </Text>
                </Stack>
              </Card>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="sm" data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Code</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Mode</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Montant (points)</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Description</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Date</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Statut</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => {
            const r = text(row);
            return (
              <Table.Tr key={row.key} data-testid="history-row" data-status={row.status}>
                <Table.Td dir="ltr" className={classes.rib}>
                  {row.code}
                </Table.Td>
                <Table.Td>{r.method}</Table.Td>
                <Table.Td className={`${classes.nowrap} ${amountClass(row)}`}>
                  <bdi dir="ltr">{r.amount}</bdi>
                </Table.Td>
                <Table.Td dir="auto">{row.description}</Table.Td>
                <Table.Td className={classes.nowrap}>{formatDate(row.date)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[row.status]} variant="filled" autoContrast>
                    {r.status}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
