import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { addDays, tunisDay, tunisNoon } from "@domain/days";
import type { ExamDto } from "@domain/exams";
import { refName } from "@/lib/reference";
import type { ExamWeek } from "../api/getExamCalendar";
import { formatDay } from "../lib/format";
import { serverNow } from "../lib/serverClock";
import { STATE_LABELS } from "../labels";
import classes from "./exams.module.css";

export interface WeekCalendarProps {
  week: ExamWeek;
  onOffset: (offset: number) => void;
}

/** A week (Monday–Sunday): each day lists the exams due that day, and the exams open then. */
export function WeekCalendar({ week, onOffset }: WeekCalendarProps) {
  const { i18n, t } = useLingui();
  const monday = tunisDay(new Date(week.week_start));
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const today = tunisDay(new Date(serverNow()));
  const dueOn = (day: string) => week.exams.filter((e: ExamDto) => tunisDay(new Date(e.due_date)) === day);
  const opensOn = (day: string) => week.exams.filter((e: ExamDto) => tunisDay(new Date(e.appearance_date)) === day);
  return (
    <Stack gap="md">
      {/* On a phone the two arrows share the first row and "Cette semaine" takes the second; a label that still does not
          fit wraps inside its button instead of being clipped (both directions). */}
      <nav className={classes.weekNav} aria-label={t`Semaines`} data-testid="week-nav">
        <Button variant="default" classNames={{ root: classes.weekButton, label: classes.weekLabel }} leftSection={<IconChevronLeft aria-hidden size={18} className="darsi-flip" />} onClick={() => onOffset(week.offset - 1)}>
          <Trans>Semaine précédente</Trans>
        </Button>
        {week.offset !== 0 && (
          <Button variant="subtle" classNames={{ root: `${classes.weekButton} ${classes.thisWeek}`, label: classes.weekLabel }} onClick={() => onOffset(0)}>
            <Trans>Cette semaine</Trans>
          </Button>
        )}
        <Button variant="default" classNames={{ root: `${classes.weekButton} ${classes.nextWeek}`, label: classes.weekLabel }} rightSection={<IconChevronRight aria-hidden size={18} className="darsi-flip" />} onClick={() => onOffset(week.offset + 1)}>
          <Trans>Semaine suivante</Trans>
        </Button>
      </nav>
      <div className={classes.week} data-testid="exam-week">
        {days.map((day) => {
          const due = dueOn(day);
          const opens = opensOn(day);
          return (
            <Paper key={day} withBorder p="sm" radius="md" className={`${classes.day} ${day === today ? classes.today : ""}`} aria-current={day === today ? "date" : undefined}>
              <Title order={3} fz="sm" mb={6}>
                {formatDay(tunisNoon(day), i18n.locale)}
              </Title>
              {due.length === 0 && opens.length === 0 ? (
                <Text size="xs" c="dimmed">
                  <Trans>Aucun examen</Trans>
                </Text>
              ) : (
                <Stack gap={4}>
                  {opens.map((e) => {
                    const name = refName(e, i18n.locale);
                    return (
                    <Link key={`o${e.id}`} to="/exams/$id" params={{ id: String(e.id) }} className={classes.dayLink}>
                      {t`Ouverture : ${name}`}
                    </Link>
                    );
                  })}
                  {due.map((e) => {
                    const name = refName(e, i18n.locale);
                    return (
                    <Link key={`d${e.id}`} to="/exams/$id" params={{ id: String(e.id) }} className={`${classes.dayLink} ${classes.due}`}>
                      {t`Date limite : ${name}`} ({i18n._(STATE_LABELS[e.state])})
                    </Link>
                    );
                  })}
                </Stack>
              )}
            </Paper>
          );
        })}
      </div>
    </Stack>
  );
}
