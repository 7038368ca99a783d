import { Progress, Stack, Text } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import type { Phase } from "./useHomeworkUpload";

/** Where the sending stands: the pages merged into the PDF, then each file's share sent (orange while offline). */
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
  if (phase.kind === "uploading") {
    const percent = Math.floor((phase.progress.sent / phase.progress.total) * 100);
    const uploadingName = phase.name;
    return (
      <Stack gap={4}>
        <Text size="sm" role="status">
          {phase.progress.waiting ? t`Connexion perdue : l'envoi reprendra automatiquement (${percent} %)` : t`Envoi de ${uploadingName} : ${percent} %`}
        </Text>
        <Progress
          value={(phase.progress.sent / phase.progress.total) * 100}
          color={phase.progress.waiting ? "orange" : "blue"}
          aria-label={t`Envoi du devoir`}
          data-testid="upload-progress"
        />
      </Stack>
    );
  }
  return null;
}
