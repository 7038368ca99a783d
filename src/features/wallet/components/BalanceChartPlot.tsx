import "@mantine/charts/styles.css";
import { AreaChart } from "@mantine/charts";
import { useDirection } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import type { BalanceMonthDto } from "@domain/wallet";
import { MILLIMES_PER_TND } from "@domain/money";
import classes from "./wallet.module.css";

/**
 * The drawing of the balance chart, with the project's one chart library (recharts through @mantine/charts, as the
 * activity charts), in its own chunk: loaded only when the wallet shows the chart. Hidden from assistive technologies:
 * the figure around it carries the summary sentence and the table of values. Nothing animates under reduced motion; in
 * Arabic the time axis runs from right to left, as on the activity charts.
 */
export default function BalanceChartPlot({ months, monthLabel }: { months: readonly BalanceMonthDto[]; monthLabel: (month: string) => string }) {
  const { dir } = useDirection();
  const rtl = dir === "rtl";
  const reduced = useReducedMotion() ?? false;
  const data = months.map((m) => ({ month: monthLabel(m.month), balance: m.balance / MILLIMES_PER_TND }));
  return (
    <div aria-hidden="true" className={classes.chart} data-testid="balance-chart-plot">
      <AreaChart
        h={200}
        data={data}
        dataKey="month"
        series={[{ name: "balance", color: "teal.7" }]}
        withDots
        withTooltip={false}
        tickLine="none"
        gridAxis="y"
        xAxisProps={{ reversed: rtl }}
        yAxisProps={{ orientation: rtl ? "right" : "left", allowDecimals: false }}
        areaProps={{ isAnimationActive: !reduced }}
        areaChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
