import { Progress, Stack, Text } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import type { Phase } from "./useHomeworkUpload";

/** The pages merged into the PDF (each file's sending shows with the waiting files, `QueuedHomework`). */
export function HomeworkProgress({ phase }: { phase: Phase }) {
  const { t } = useLingui();
  if (phase.kind === "merging") {
    const pageDone = phase.done;
    const pageTotal = phase.total;
    return (
      <Stack gap={4}>
        <Text size="sm">{t`Préparation du PDF : page ${pageDone} sur ${pageTotal}`}</Text>
        <Progress value={(phase.done / phase.total) * 100} aria-label={t`Préparation du PDF`} data-testid="merge-progress" />
      </Stack>
    );
  }
  return null;
}
