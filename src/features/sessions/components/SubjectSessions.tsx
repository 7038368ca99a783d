import { Anchor, Badge, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQueries } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { truncateEventName } from "@domain/events";
import { useLocalized } from "@/lib/localized";
import { eventsWeekQueryOptions } from "../api/getEvents";
import { useSessionLabels } from "./labels";

/**
 * The live sessions of one subject (its slug, or its id) this week and next (not finished), each linking to
 * /sessions?eventId — for the subject page's Examens tab (composed by its route).
 */
export function SubjectSessions({ subject, subjectId }: { subject?: string; subjectId?: number }) {
  const l = useLocalized();
  const labels = useSessionLabels();
  const weeks = useQueries({ queries: [0, 1].map((offset) => eventsWeekQueryOptions(offset)) });
  const pending = weeks.some((w) => w.isPending);
  const list = weeks.flatMap((w, offset) => (w.data?.contents ?? []).filter((e) => (subjectId !== undefined ? e.subject.id === subjectId : e.subject.slug === subject) && e.status !== "finished").map((e) => ({ e, offset })));
  return (
    <Stack gap="xs" data-testid="subject-sessions" component="section" aria-labelledby="subject-sessions-title">
      <Title order={2} fz="lg" id="subject-sessions-title">
        <Trans>Séances en direct</Trans>
      </Title>
      {pending ? (
        <Skeleton height={48} />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Aucune séance en direct prévue pour cette matière.</Trans>
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {list.map(({ e, offset }) => (
            <li key={e.id}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0}>
                  <Anchor renderRoot={(props) => <Link to="/sessions" search={{ offset, eventId: e.id }} {...props} />} fw={600} title={l(e)} dir="auto">
                    {truncateEventName(l(e), false)}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {labels.day(e.event.dayDate)} · <bdi>{labels.time(e.event.start_time)}</bdi>
                  </Text>
                </Stack>
                <Badge color={e.status === "ongoing" ? "red.8" : "blue"} variant={e.status === "ongoing" ? "filled" : "light"}>
                  {labels.status(e.status)}
                </Badge>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
