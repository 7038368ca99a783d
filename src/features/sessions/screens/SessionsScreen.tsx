import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/SimpleGrid.css";
import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { tunisDay } from "@domain/days";
import type { LiveEventDto } from "@domain/events";
import { AvailabilityBadge } from "@/components/AvailabilityBadge";
import { NeedsConnection } from "@/components/NeedsConnection";
import { isOffline, useOfflineStatus } from "@/lib/offline/status";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { eventsWeekQueryOptions } from "../api/getEvents";
import { RatingPrompt } from "../components/RatingPrompt";
import { SessionCard } from "../components/SessionCard";
import { useJoinSession, type JoinFlowOptions } from "../components/useJoinSession";
import { WaitingModal } from "../components/WaitingModal";
import { useSessionLabels } from "../components/labels";
import classes from "../components/sessions.module.css";

export interface SessionsScreenProps extends JoinFlowOptions {
  /** Weeks from this one. */
  offset: number;
  /** A session to open (after buying its module, or from a notification). */
  eventId?: number;
  onOffsetChange: (offset: number, eventId?: number) => void;
  /** The e-mail gate's modals (rendered once). */
  extra?: ReactNode;
}

/** /sessions ("En direct", SPEC §2): the week's live sessions day by day, their status and button; the rating dialog. */
export function SessionsScreen(props: SessionsScreenProps) {
  const { t } = useLingui();
  useDocumentTitle(t`En direct`);
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Séances en direct</Trans>
      </Title>
      <Suspense fallback={<SessionsSkeleton />}>
        <Week {...props} />
      </Suspense>
      <RatingPrompt />
      {props.extra}
    </Stack>
  );
}

function SessionsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="sessions-loading">
      <Skeleton height={36} width="60%" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={160} radius="md" />
      ))}
    </Stack>
  );
}

export function SessionsScreenPending() {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Séances en direct</Trans>
      </Title>
      <SessionsSkeleton />
    </Stack>
  );
}

function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}

function Week({ offset, eventId, onOffsetChange, requireEmail, onBuy, onOpenRoom }: SessionsScreenProps) {
  const { t } = useLingui();
  const labels = useSessionLabels();
  const { data, dataUpdatedAt } = useSuspenseQuery(eventsWeekQueryOptions(offset));
  const now = useNow(30_000);
  const flow = useJoinSession({ requireEmail, onBuy, onOpenRoom });
  // Joining, starting or buying a session needs the server: offline, said at once (with "Réessayer").
  const offline = isOffline(useOfflineStatus());
  const [needsConnection, setNeedsConnection] = useState<LiveEventDto | null>(null);
  const act = (e: LiveEventDto) => {
    setNeedsConnection(offline ? e : null);
    if (!offline) flow.act(e);
  };
  const today = tunisDay(now);
  const target = eventId === undefined ? undefined : data.contents.find((e) => e.id === eventId);
  // A session asked for that is not in this week: look in the next one (a module bought for next week's session).
  const next = useQuery({ ...eventsWeekQueryOptions(offset + 1), enabled: eventId !== undefined && target === undefined && offset === 0 });
  useEffect(() => {
    if (eventId !== undefined && !target && next.data?.contents.some((e) => e.id === eventId)) onOffsetChange(offset + 1, eventId);
  }, [eventId, target, next.data, offset, onOffsetChange]);

  // "eventId opens one": scrolled to, outlined, and joined once when its button says Participer.
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (!target || opened.current === target.id) return;
    opened.current = target.id;
    document.getElementById(`session-${target.id}-name`)?.scrollIntoView({ block: "center" });
    if (target.action === "join") flow.act(target);
  }, [target, flow]);

  // This week opens on today (the days before it are above), unless a session was asked for.
  const landed = useRef(false);
  useEffect(() => {
    if (landed.current || offset !== 0 || eventId !== undefined) return;
    landed.current = true;
    if (data.days[0]!.date === today) return;
    // After the frame: the router restores the page's scroll (to the top) once the screen has mounted.
    requestAnimationFrame(() => document.getElementById(`day-${today}`)?.closest("section")?.scrollIntoView({ block: "start" }));
  }, [offset, eventId, data.days, today]);

  const byDay = new Map<string, LiveEventDto[]>();
  for (const e of data.contents) byDay.set(e.event.dayDate, [...(byDay.get(e.event.dayDate) ?? []), e]);
  const first = data.days[0]!.date;
  const last = data.days[6]!.date;
  const range = `${labels.day(first)} – ${labels.day(last)}`;

  return (
    <Stack gap="lg">
      <AvailabilityBadge updatedAt={dataUpdatedAt} />
      {needsConnection !== null && (
        <NeedsConnection onRetry={() => act(needsConnection)}>
          <Trans>Rejoindre une séance en direct a besoin d'une connexion à Internet.</Trans>
        </NeedsConnection>
      )}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600} data-testid="sessions-week" aria-live="polite">
          {offset === 0 ? t`Cette semaine` : offset === 1 ? t`Semaine prochaine` : offset === -1 ? t`Semaine dernière` : null}
          {offset >= -1 && offset <= 1 ? " · " : null}
          <bdi>{range}</bdi>
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => onOffsetChange(offset - 1)} leftSection={<IconChevronLeft size={16} aria-hidden className={classes.flip} />}>
            <Trans>Semaine précédente</Trans>
          </Button>
          {offset !== 0 && (
            <Button variant="default" onClick={() => onOffsetChange(0)}>
              <Trans>Aujourd'hui</Trans>
            </Button>
          )}
          <Button variant="default" onClick={() => onOffsetChange(offset + 1)} rightSection={<IconChevronRight size={16} aria-hidden className={classes.flip} />}>
            <Trans>Semaine suivante</Trans>
          </Button>
        </Group>
      </Group>
      {data.contents.length === 0 && (
        <Text c="dimmed" data-testid="sessions-empty">
          <Trans>Aucune séance en direct cette semaine.</Trans>
        </Text>
      )}
      {data.days.map(({ date }) => {
        const list = byDay.get(date) ?? [];
        if (data.contents.length === 0) return null;
        const isToday = date === today;
        return (
          <section key={date} className={classes.day} data-today={isToday || undefined} aria-labelledby={`day-${date}`} data-testid="sessions-day">
            <Title order={2} fz="lg" mb="xs" id={`day-${date}`} className={classes.dayTitle}>
              {labels.day(date)}
              {isToday && (
                <Text span fz="sm" fw={500} ms="xs">
                  · <Trans>Aujourd'hui</Trans>
                </Text>
              )}
            </Title>
            {list.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>Aucune séance ce jour.</Trans>
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {list.map((e) => (
                  <SessionCard key={e.id} event={e} now={now} busy={flow.busyId === e.id} highlighted={e.id === eventId} onAction={act} />
                ))}
              </SimpleGrid>
            )}
          </section>
        );
      })}
      <WaitingModal
        waiting={flow.waiting}
        onClose={flow.closeWaiting}
        onEnter={(e) => {
          flow.closeWaiting();
          void flow.retry({ ...e, action: "start" });
        }}
      />
    </Stack>
  );
}
