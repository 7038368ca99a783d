import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconBroadcast, IconClock, IconLock, IconPlayerPlayFilled, IconShoppingCart } from "@tabler/icons-react";
import { BREAKPOINT_MOBILE } from "@domain/constants";
import { truncateEventName, type LiveEventDto } from "@domain/events";
import { useLocalized } from "@/lib/localized";
import { useSessionLabels } from "./labels";
import classes from "./sessions.module.css";

const STATUS_COLOR = { ongoing: "red.8", upcoming: "blue", finished: "gray" } as const;
const ACTION_ICON = { buy: IconShoppingCart, join: IconBroadcast, start: IconPlayerPlayFilled, close: IconLock } as const;

/** One session of the calendar: subject, status, name (30 / 60 characters), hours, teacher, countdown and its button. */
export function SessionCard({
  event,
  now,
  busy,
  highlighted,
  onAction,
}: {
  event: LiveEventDto;
  now: Date;
  busy: boolean;
  highlighted?: boolean;
  onAction: (event: LiveEventDto) => void;
}) {
  const { t } = useLingui();
  const l = useLocalized();
  const labels = useSessionLabels();
  const isPhone = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE + 0.98}px)`, false, { getInitialValueInEffect: false });
  const name = l(event);
  const shown = truncateEventName(name, isPhone);
  const startsIn = event.status === "upcoming" ? labels.startsIn(new Date(event.event.start_time), now) : null;
  const Icon = ACTION_ICON[event.action];
  const teacher = event.teacher ? `${event.teacher.name} ${event.teacher.last_name}` : null;
  const from = labels.time(event.event.start_time);
  const to = labels.time(event.event.end_time);
  const coming = event.event.comingContentHessaty;
  const total = event.event.totalSeances;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      className={classes.card}
      data-testid="session-card"
      data-event-id={event.id}
      data-status={event.status}
      data-highlighted={highlighted || undefined}
      aria-labelledby={`session-${event.id}-name`}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" miw={0}>
            <span className={classes.dot} style={{ background: event.subject.color }} aria-hidden />
            <Text size="sm" fw={600} truncate>
              <bdi>{l(event.subject)}</bdi>
            </Text>
          </Group>
          <Badge color={STATUS_COLOR[event.status]} variant={event.status === "ongoing" ? "filled" : "light"} data-testid="session-status" style={{ flex: "none" }}>
            {labels.status(event.status)}
          </Badge>
        </Group>
        <Title order={3} fz="md" id={`session-${event.id}-name`} title={shown !== name ? name : undefined} dir="auto">
          {shown}
        </Title>
        <Text size="sm" c="dimmed">
          <IconClock size={14} aria-hidden className={classes.inlineIcon} /> <bdi>{`${from} – ${to}`}</bdi>
          {teacher && (
            <>
              {" · "}
              <bdi>{teacher}</bdi>
            </>
          )}
        </Text>
        {event.event.has_hessaty_chapter && (
          <Text size="xs" c="dimmed">
            {event.event.versPilote ? <Trans>Vers le pilote</Trans> : <Trans>Module</Trans>}
            {event.event.traineeship_name && (
              <>
                {" · "}
                <bdi>{l(event.event, "traineeship_name")}</bdi>
              </>
            )}
            {" · "}
            <Trans>
              {coming} à venir sur {total}
            </Trans>
          </Text>
        )}
        {startsIn && (
          <Text size="sm" fw={500} data-testid="session-countdown">
            {startsIn}
          </Text>
        )}
        <Button
          mt={4}
          fullWidth
          variant={event.action === "close" ? "default" : event.action === "buy" ? "light" : "filled"}
          disabled={event.action === "close"}
          loading={busy}
          leftSection={<Icon size={16} aria-hidden />}
          onClick={() => onAction(event)}
          data-testid="session-action"
          data-action={event.action}
          aria-describedby={`session-${event.id}-name`}
        >
          {labels.action(event.action)}
        </Button>
        {event.action === "close" && event.status !== "finished" && (
          <Text size="xs" c="dimmed">{t`Cette séance est fermée.`}</Text>
        )}
      </Stack>
    </Card>
  );
}
