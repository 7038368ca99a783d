import "@mantine/core/styles/Table.css";
import { lazy, Suspense, useCallback, useMemo } from "react";
import { Skeleton, Stack, Table, Text } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { TIMEZONE } from "@domain/constants";
import { intlLocale } from "@domain/locale";
import { useFormatMillimes, usePointsWord } from "@/lib/i18n/labels";
import { balanceMonthsQueryOptions } from "../api/getBalanceMonths";
import classes from "./wallet.module.css";

// The chart library comes in its own chunk, fetched when the wallet shows the chart (never in the home's first load).
const BalanceChartPlot = lazy(() => import("./BalanceChartPlot"));

/** "nov. 2026" (or "nov." for the chart's axis, where six fit a phone) in the reader's language, from `YYYY-MM`. */
function useMonthLabel(withYear = true): (month: string) => string {
  const { i18n } = useLingui();
  const format = useMemo(
    () => new Intl.DateTimeFormat(intlLocale(i18n.locale), { month: "short", ...(withYear ? { year: "numeric" } : {}), timeZone: TIMEZONE }),
    [i18n.locale, withYear],
  );
  return useCallback((month: string) => (month ? format.format(new Date(`${month}-15T12:00:00Z`)) : ""), [format]);
}

/**
 * The balance at the end of each of the last months: a chart (drawn by a lazy chunk), a summary sentence and the table
 * of its values for whoever does not see the chart.
 */
export function BalanceChart() {
  const { data: months } = useSuspenseQuery(balanceMonthsQueryOptions);
  const fmt = useFormatMillimes();
  const monthLabel = useMonthLabel();
  const axisLabel = useMonthLabel(false);
  const first = months[0];
  const last = months.at(-1);
  const firstPoints = fmt(first?.balance ?? 0);
  const lastPoints = fmt(last?.balance ?? 0);
  const firstWord = usePointsWord(first?.balance ?? 0);
  const lastWord = usePointsWord(last?.balance ?? 0);
  const firstMonth = monthLabel(first?.month ?? "");
  const lastMonth = monthLabel(last?.month ?? "");
  if (!first || !last) return null;
  return (
    <figure className={classes.figure} data-testid="balance-chart">
      <Suspense fallback={<Skeleton height={200} radius="md" />}>
        <BalanceChartPlot months={months} monthLabel={axisLabel} />
      </Suspense>
      <Stack gap="xs" component="figcaption">
        <Text size="sm" data-testid="balance-chart-summary">
          <Trans>
            Solde fin {firstMonth} : <bdi>{firstPoints}</bdi> {firstWord} ; en {lastMonth} : <bdi>{lastPoints}</bdi> {lastWord}.
          </Trans>
        </Text>
        <details>
          <summary>
            <Trans>Voir les valeurs du graphique</Trans>
          </summary>
          <Table data-testid="balance-chart-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <Trans>Mois</Trans>
                </Table.Th>
                <Table.Th scope="col">
                  <Trans>Solde en fin de mois (points)</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Td>{monthLabel(m.month)}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <bdi>{fmt(m.balance)}</bdi>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </details>
      </Stack>
    </figure>
  );
}
