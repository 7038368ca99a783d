import type { ReactNode } from "react";
import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

/** What the pupil is about to do (an order, a conversion), with "Modifier" and the confirm button. */
export function ConfirmPanel({
  testId,
  summary,
  note,
  confirmLabel,
  confirmTestId,
  pending,
  onConfirm,
  onBack,
}: {
  testId: string;
  summary: ReactNode;
  note: ReactNode;
  confirmLabel: ReactNode;
  confirmTestId: string;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="md">
        <Text fw={700}>{summary}</Text>
        <Text size="sm" c="dimmed">
          {note}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onBack} disabled={pending}>
            <Trans>Modifier</Trans>
          </Button>
          <Button onClick={onConfirm} loading={pending} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
