import { Button, Skeleton, Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { IconRefresh } from "@tabler/icons-react";
import type { ActivityDto } from "@domain/activity";
import { ActivityCharts } from "./ActivityCharts";

/** The height the charts take on a phone: the placeholder keeps it while code and data load. */
const ACTIVITY_HEIGHT = 520;

/** The activity charts of one read (a pupil's, a subject's, a child's): reserved space while loading, a retry on failure. */
export function ActivityPanel({
  data,
  isPending,
  isError,
  onRetry,
  testId,
  headingLevel,
}: {
  data: ActivityDto | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  testId: string;
  headingLevel?: 2 | 3;
}) {
  if (data) return <ActivityCharts data={data} testId={testId} headingLevel={headingLevel} />;
  if (isError && !isPending)
    return (
      <Stack gap="xs" align="center" role="status" mih={120} justify="center" data-testid={`${testId}-error`}>
        <Text size="sm" c="dimmed">
          <Trans>Impossible de charger l’activité.</Trans>
        </Text>
        <Button size="xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
          <Trans>Réessayer</Trans>
        </Button>
      </Stack>
    );
  return <Skeleton h={ACTIVITY_HEIGHT} radius="md" aria-hidden />;
}
