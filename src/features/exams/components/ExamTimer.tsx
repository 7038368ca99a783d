import { useEffect, useRef, useState } from "react";
import { Group, Paper, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconClockHour4 } from "@tabler/icons-react";
import { TIMER_TICK_MS, timerView } from "@domain/exams";
import { serverNow } from "../lib/serverClock";
import classes from "./exams.module.css";

export interface ExamTimerProps {
  startedAt: string;
  deadline: string;
  /** Called once when the time is over (the screen refreshes the exam). */
  onElapsed?: () => void;
}

/**
 * The countdown of a started exam (SPEC §4): every second, the server's time left (serverClock), "Temps restant"
 * then, at or below one second, 00:00:00 and "Temps écoulé"; warnings at 20 % and 5 % of the time left, announced
 * once each to screen readers.
 */
export function ExamTimer({ startedAt, deadline, onElapsed }: ExamTimerProps) {
  const { t } = useLingui();
  const end = new Date(deadline).getTime();
  const total = end - new Date(startedAt).getTime();
  const [remaining, setRemaining] = useState(() => end - serverNow());
  const elapsedOnce = useRef(false);
  useEffect(() => {
    const tick = () => setRemaining(end - serverNow());
    tick();
    const id = setInterval(tick, TIMER_TICK_MS);
    return () => clearInterval(id);
  }, [end]);
  const view = timerView(remaining, total);
  useEffect(() => {
    if (view.label === "elapsed" && !elapsedOnce.current) {
      elapsedOnce.current = true;
      onElapsed?.();
    }
  }, [view.label, onElapsed]);
  const left = view.text;
  const color = view.label === "elapsed" ? "red" : view.warning === "critical" ? "red" : view.warning === "low" ? "orange" : "teal";
  return (
    <Paper withBorder p="md" radius="md" className={classes.timer} data-testid="exam-timer" data-warning={view.warning ?? "none"}>
      <Group gap="sm" wrap="nowrap">
        <IconClockHour4 aria-hidden size={28} color={`var(--mantine-color-${color}-8)`} />
        <div>
          <Text fw={600} data-testid="timer-label">
            {view.label === "elapsed" ? <Trans>Temps écoulé</Trans> : <Trans>Temps restant</Trans>}
          </Text>
          <Text component="span" fz={28} fw={700} ff="monospace" dir="ltr" c={`${color}.9`} data-testid="timer-value" aria-label={view.label === "elapsed" ? t`Temps écoulé` : t`Temps restant : ${left}`}>
            {view.text}
          </Text>
        </div>
      </Group>
      <Text role="status" size="sm" c={view.warning === "critical" ? "red.9" : "orange.9"} fw={600} mt={view.warning ? "xs" : 0}>
        {view.warning === "critical" ? <Trans>Attention : il reste moins de 5 % du temps</Trans> : view.warning === "low" ? <Trans>Il reste moins de 20 % du temps</Trans> : null}
      </Text>
    </Paper>
  );
}
