import { useEffect, useRef, useState } from "react";
import { Alert, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconBroadcast, IconDoorExit } from "@tabler/icons-react";
import { ATTENDANCE_BEAT_S } from "@domain/events";
import { ApiRequestError } from "@/lib/api";
import { describeError } from "@/lib/i18n/errors";
import { useLocalized } from "@/lib/localized";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { attendanceBeat, type LiveRoomState } from "../api/attendanceBeat";
import { useSessionLabels } from "../components/labels";
import { sessionsKeys } from "../sessions.keys";
import classes from "../components/sessions.module.css";

const clock = (s: number) => {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return [h, m, sec].map((n) => String(n).padStart(2, "0")).join(":");
};

/**
 * The local live room (server/adapters/live without a provider): the session "plays" here, and the page reports the
 * pupil's presence every 15 s and on leaving, from which the server counts the attendance time.
 */
export function LiveRoomScreen({ eventId, onLeave }: { eventId: number; onLeave: () => void }) {
  const { t, i18n } = useLingui();
  const l = useLocalized();
  const labels = useSessionLabels();
  const queryClient = useQueryClient();
  useDocumentTitle(t`Salle en direct`);
  const [state, setState] = useState<LiveRoomState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sinceBeat, setSinceBeat] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const closed = useRef(false);

  useEffect(() => {
    let stop = false;
    const beat = async () => {
      if (closed.current) return;
      try {
        const next = await attendanceBeat(eventId);
        if (!stop) {
          setState(next);
          setSinceBeat(0);
        }
      } catch (err) {
        if (stop) return;
        if (err instanceof ApiRequestError && !err.isNetwork) closed.current = true;
        setError(describeError(i18n, err));
      }
    };
    void beat();
    const beats = window.setInterval(() => void beat(), ATTENDANCE_BEAT_S * 1000);
    const tick = window.setInterval(() => setSinceBeat((s) => Math.min(s + 1, ATTENDANCE_BEAT_S)), 1000);
    return () => {
      stop = true;
      window.clearInterval(beats);
      window.clearInterval(tick);
    };
  }, [eventId, i18n]);

  const leave = async () => {
    setLeaving(true);
    if (!closed.current) await attendanceBeat(eventId, true).catch(() => undefined);
    closed.current = true;
    await queryClient.invalidateQueries({ queryKey: sessionsKeys.all });
    onLeave();
  };

  const event = state?.event;
  const counted = clock((state?.attendanceTimeInSeconds ?? 0) + (error ? 0 : sinceBeat));
  return (
    <Stack gap="md" data-testid="live-room">
      <Title order={1} fz={{ base: "h3", sm: "h2" }} dir="auto">
        {event ? l(event) : <Trans>Salle en direct</Trans>}
      </Title>
      {error && (
        <Alert color="red" title={t`Impossible d'entrer dans la salle`} role="alert">
          {error}
        </Alert>
      )}
      <div className={classes.stage} data-testid="live-stage">
        {event ? (
          <>
            <IconBroadcast size={48} aria-hidden />
            <Text fw={700} size="lg" c="white">
              <Trans>En direct</Trans> · <bdi>{l(event.subject)}</bdi>
            </Text>
            {event.teacher && (
              <Text c="white">
                <bdi>{`${event.teacher.name} ${event.teacher.last_name}`}</bdi>
              </Text>
            )}
            <Text c="white" size="sm">
              <bdi>{`${labels.time(event.event.start_time)} – ${labels.time(event.event.end_time)}`}</bdi>
            </Text>
          </>
        ) : error ? null : (
          <>
            <Loader color="white" aria-hidden />
            <Text c="white">{t`Connexion à la salle…`}</Text>
          </>
        )}
      </div>
      {state && (
        <Text size="sm" data-testid="live-attendance">
          <Trans>
            Votre présence est comptée : <bdi>{counted}</bdi>
          </Trans>
        </Text>
      )}
      {event?.event.description && <Text dir="auto">{event.event.description}</Text>}
      <Group>
        <Button color="red.8" leftSection={<IconDoorExit size={16} aria-hidden />} loading={leaving} onClick={() => void leave()} data-testid="live-leave">
          <Trans>Quitter la séance</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
