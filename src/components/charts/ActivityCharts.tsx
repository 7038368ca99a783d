import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";
import { Stack, Text, Title, useDirection } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import type { ActivityDto } from "@domain/activity";
import { TIMEZONE } from "@domain/constants";
import { tunisNoon } from "@domain/days";
import { intlLocale } from "@domain/locale";
import { refName } from "@/lib/reference";
import classes from "./ActivityCharts.module.css";
import { ActivityTables } from "./ActivityTables";

/**
 * The activity charts (issue 22 item 4): minutes watched and lessons completed per day over four weeks, and each
 * subject's progress at the end of each week. Read-only, for a pupil and for their parent. Loaded on demand with
 * the chart library (recharts through @mantine/charts), never with the first screen (see `OnDemand`).
 *
 * Each chart has its text alternative: a summary sentence, and the numbers in a table under "Voir les données".
 * The SVGs are hidden from assistive technology (they say nothing the table does not) and cannot take focus. Bars and
 * lines do not animate when the device asks for reduced motion; in Arabic the time axis runs from right to left.
 */
export function ActivityCharts({ data, testId, headingLevel = 3 }: { data: ActivityDto; testId: string; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useLingui();
  const { dir } = useDirection();
  const rtl = dir === "rtl";
  const reduced = useReducedMotion() ?? false;
  const locale = intlLocale(i18n.locale);
  const dayLabel = new Intl.DateTimeFormat(locale, {
    timeZone: TIMEZONE,
    day: "numeric",
    month: "short",
  });
  const label = (day: string) => dayLabel.format(tunisNoon(day));
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, {
    style: "percent",
    maximumFractionDigits: 0,
  });
  const pct = (value: number) => percent.format(value / 100);

  const summary = useActivitySummary(data.days);

  const dayRows = data.days.map((d) => ({
    day: label(d.date),
    minutes: d.minutes,
    completed: d.completed,
  }));
  const subjects = data.subjects.map((s) => ({
    key: `s${s.id}`,
    name: refName(s, i18n.locale),
    color: s.color,
    points: s.points,
  }));
  const weeks = (data.subjects[0]?.points ?? []).map((p, i) => ({
    week: label(p.date),
    ...Object.fromEntries(subjects.map((s) => [s.key, s.points[i]?.progress ?? 0])),
  }));
  const today = new Intl.ListFormat(locale, { type: "unit" }).format(subjects.map((s) => `${s.name} ${pct(s.points.at(-1)?.progress ?? 0)}`));
  const progressSummary = subjects.length ? t`Progression aujourd’hui : ${today}.` : t`Aucune matière pour le moment.`;
  const axis = { reversed: rtl };
  const yAxis = { orientation: rtl ? ("right" as const) : ("left" as const) };
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <Stack gap="md" data-testid={testId}>
      <div>
        <Title order={headingLevel} fz="md" component={Heading}>
          <Trans>Activité par jour</Trans>
        </Title>
        <Text size="sm" c="dimmed" data-testid={`${testId}-summary`}>
          {summary}
        </Text>
        <div aria-hidden className={classes.chart}>
          <BarChart
            h={180}
            data={dayRows}
            dataKey="day"
            series={[
              { name: "minutes", label: t`Minutes regardées`, color: "teal.6" },
              {
                name: "completed",
                label: t`Leçons terminées`,
                color: "indigo.6",
                yAxisId: "right",
              },
            ]}
            withRightYAxis
            withLegend
            withTooltip={false}
            tickLine="none"
            gridAxis="y"
            xAxisProps={{ ...axis, interval: 6 }}
            yAxisProps={yAxis}
            rightYAxisProps={{
              orientation: rtl ? "left" : "right",
              allowDecimals: false,
            }}
            barProps={{ isAnimationActive: !reduced }}
            barChartProps={{ accessibilityLayer: false }}
          />
        </div>
      </div>
      <div>
        <Title order={headingLevel} fz="md" component={Heading}>
          <Trans>Progression par matière</Trans>
        </Title>
        <Text size="sm" c="dimmed" data-testid={`${testId}-progress-summary`}>
          {progressSummary}
        </Text>
        {subjects.length > 0 && (
          <div aria-hidden className={classes.chart}>
            <LineChart
              h={180}
              data={weeks}
              dataKey="week"
              series={subjects.map((s) => ({
                name: s.key,
                label: s.name,
                color: s.color,
              }))}
              withLegend={subjects.length <= 6}
              withTooltip={false}
              tickLine="none"
              gridAxis="y"
              xAxisProps={axis}
              yAxisProps={{ ...yAxis, domain: [0, 100] }}
              unit=" %"
              lineProps={{ isAnimationActive: !reduced }}
              lineChartProps={{ accessibilityLayer: false }}
            />
          </div>
        )}
      </div>
      <ActivityTables days={data.days} subjects={subjects} label={label} number={number.format} pct={pct} testId={testId} />
    </Stack>
  );
}

/** The daily chart's summary sentence: the four weeks' minutes, completed lessons and active days. */
function useActivitySummary(days: ActivityDto["days"]): string {
  const { t } = useLingui();
  const minutes = days.reduce((n, d) => n + d.minutes, 0);
  const completed = days.reduce((n, d) => n + d.completed, 0);
  const active = days.filter((d) => d.minutes > 0 || d.completed > 0).length;
  const minutesText = plural(minutes, {
    one: "# minute regardée",
    other: "# minutes regardées",
  });
  const lessonsText = plural(completed, {
    one: "# leçon terminée",
    other: "# leçons terminées",
  });
  const daysText = plural(active, {
    one: "# jour actif",
    other: "# jours actifs",
  });
  const summary = t`Ces 4 dernières semaines : ${minutesText}, ${lessonsText}, ${daysText}.`;
  return summary;
}
