import { useEffect, useState } from "react";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { LiveEventDto } from "@domain/events";
import { useLocalized } from "@/lib/localized";
import { useSessionLabels } from "./labels";

/** Before the start: the countdown to the session, and "Entrer" once it has begun. */
export function WaitingModal({
  waiting,
  onClose,
  onEnter,
}: {
  waiting: { event: LiveEventDto; start: string } | null;
  onClose: () => void;
  onEnter: (event: LiveEventDto) => void;
}) {
  const { t } = useLingui();
  const l = useLocalized();
  const labels = useSessionLabels();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!waiting) return;
    const tick = () => setNow(new Date());
    const first = window.setTimeout(tick, 0);
    const id = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(id);
    };
  }, [waiting]);
  const start = waiting ? new Date(waiting.start) : null;
  const started = start !== null && now.getTime() >= start.getTime();
  const startAt = waiting ? labels.time(waiting.start) : "";
  return (
    <Modal opened={waiting !== null} onClose={onClose} title={t`La séance n'a pas encore commencé`} centered closeButtonProps={{ "aria-label": t`Fermer` }}>
      {waiting && start && (
        <Stack gap="sm" data-testid="session-waiting">
          <Text fw={600} dir="auto">
            {l(waiting.event)}
          </Text>
          <Text>
            <Trans>Début à {startAt}</Trans>
          </Text>
          <Text size="lg" fw={700} aria-live="polite">
            {started ? t`La séance a commencé` : labels.startsIn(start, now)}
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>Vous êtes inscrit : revenez à l'heure de début pour entrer dans la salle.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Fermer</Trans>
            </Button>
            <Button disabled={!started} onClick={() => onEnter(waiting.event)}>
              <Trans>Entrer</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
