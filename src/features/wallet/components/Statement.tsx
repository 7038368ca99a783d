import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Badge.css";
import { Badge, Card, Group, Stack, Table, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { StatementRowDto } from "@domain/wallet";
import { formatDate } from "@/lib/format";
import { useFormatMillimes } from "@/lib/i18n/labels";
import { STATUS_COLORS, STATUS_LABELS } from "./labels";
import { useStatementSentence } from "./statementText";
import classes from "./wallet.module.css";

/** Credited or debited: coloured; a top-up request that moved nothing: plain while it waits, struck through after. */
function amountClass(row: StatementRowDto): string {
  if (row.applied) return row.amount > 0 ? classes.credit! : classes.debit!;
  return row.status === "pending" ? "" : classes.cancelled!;
}

function useRowText() {
  const { i18n } = useLingui();
  const fmt = useFormatMillimes();
  const sentence = useStatementSentence();
  return (row: StatementRowDto) => ({
    sentence: sentence(row),
    amount: `${row.amount > 0 ? "+" : ""}${fmt(row.amount)}`,
    balance: fmt(row.balance),
    status: row.status === "approved" ? null : i18n._(STATUS_LABELS[row.status]),
  });
}

/**
 * The wallet's statement (issue 22): each movement in a sentence of the reader's language, its signed amount and the
 * balance after it, newest first; a table, or cards on phones. A top-up that moved nothing shows its status.
 */
export function Statement({ items, asCards }: { items: readonly StatementRowDto[]; asCards: boolean }) {
  const text = useRowText();
  if (asCards) {
    return (
      <ul className={classes.cards} data-testid="statement-cards">
        {items.map((row) => {
          const { balance, ...r } = text(row);
          const reference = row.reference;
          return (
            <li key={row.key} data-testid="statement-row" data-kind={row.kind} data-status={row.status}>
              <Card withBorder radius="md" padding="sm">
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Text fw={600} data-testid="statement-sentence">
                      {r.sentence}
                    </Text>
                    <Text className={`${classes.nowrap} ${amountClass(row)}`}>
                      <bdi dir="ltr" data-testid="statement-amount">
                        {r.amount}
                      </bdi>
                    </Text>
                  </Group>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" c="dimmed" className={classes.nowrap}>
                      {formatDate(row.date)}
                    </Text>
                    <Text size="sm" className={classes.nowrap}>
                      <Trans>
                        Solde : <bdi data-testid="statement-balance">{balance}</bdi>
                      </Trans>
                    </Text>
                  </Group>
                  {r.status && (
                    <Group gap="xs">
                      <Badge color={STATUS_COLORS[row.status]} variant="filled" autoContrast>
                        {r.status}
                      </Badge>
                    </Group>
                  )}
                  {row.reference && (
                    <Text size="sm" c="dimmed">
                      <Trans>
                        Référence : <bdi className={classes.rib}>{reference}</bdi>
                      </Trans>
                    </Text>
                  )}
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
      <Table striped verticalSpacing="sm" data-testid="statement-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Date</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Mouvement</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Montant (points)</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Solde après</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => {
            const { balance, ...r } = text(row);
            const reference = row.reference;
            return (
              <Table.Tr key={row.key} data-testid="statement-row" data-kind={row.kind} data-status={row.status}>
                <Table.Td className={classes.nowrap}>{formatDate(row.date)}</Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <span data-testid="statement-sentence">{r.sentence}</span>
                    {row.reference && (
                      <Text size="sm" c="dimmed">
                        <Trans>
                          Référence : <bdi className={classes.rib}>{reference}</bdi>
                        </Trans>
                      </Text>
                    )}
                    {r.status && (
                      <Badge color={STATUS_COLORS[row.status]} variant="filled" autoContrast>
                        {r.status}
                      </Badge>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td className={`${classes.nowrap} ${amountClass(row)}`}>
                  <bdi dir="ltr" data-testid="statement-amount">
                    {r.amount}
                  </bdi>
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <bdi data-testid="statement-balance">{balance}</bdi>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
