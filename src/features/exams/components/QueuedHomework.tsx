import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Progress.css";
import { useState } from "react";
import { Alert, Button, Group, Modal, Paper, Progress, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconClockHour4, IconX } from "@tabler/icons-react";
import { ApiRequestError } from "@/lib/api";
import { isErrorCode } from "@domain/errors";
import { describeError } from "@/lib/i18n/errors";
import { type QueuedFile, useQueuedHomework } from "./useQueuedHomework";
import classes from "./exams.module.css";

/**
 * The homework files kept on this device until the server has them (issue 23 item 4): each waiting one with its name,
 * "En attente d'envoi" (or its share sent while it goes up) and "Annuler" (after a confirmation); a file the server
 * refused for good (the exam's time was over when it arrived) says why, in the pupil's language, until they have read it.
 */
export function QueuedHomework({ examId }: { examId: number }) {
  const { i18n, t } = useLingui();
  const { files, forget } = useQueuedHomework(examId);
  const [cancelling, setCancelling] = useState<QueuedFile | null>(null);
  const waiting = files.filter((f) => !f.refused);
  const refused = files.filter((f) => f.refused);
  if (files.length === 0) return null;
  const cancelName = cancelling?.name ?? "";
  return (
    <Stack gap="xs" data-testid="queued-homework">
      {refused.map((f) => {
        const name = f.name;
        const why = describeError(i18n, new ApiRequestError(f.refused!.status, isErrorCode(f.refused!.code) ? f.refused!.code : "server_error", ""));
        return (
          <Alert key={f.id} color="red" role="alert" data-testid="queued-homework-refused">
            <Stack gap="xs">
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {t`« ${name} » n'a pas été envoyé et a été retiré de cet appareil : ${why}`}
              </Text>
              <Group>
                <Button size="compact-sm" variant="default" onClick={() => void forget?.(f.id)}>
                  <Trans>J'ai compris</Trans>
                </Button>
              </Group>
            </Stack>
          </Alert>
        );
      })}
      {waiting.length > 0 && (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Text size="sm">
              <Trans>Gardés sur cet appareil, ils partent dès que la connexion le permet. Vous pouvez quitter la page.</Trans>
            </Text>
            {waiting.map((f) => (
              <QueuedRow key={f.id} file={f} onCancel={() => setCancelling(f)} />
            ))}
          </Stack>
        </Paper>
      )}
      <Modal opened={cancelling !== null} onClose={() => setCancelling(null)} title={t`Annuler l'envoi ?`} centered closeButtonProps={{ "aria-label": t`Fermer` }}>
        <Stack gap="md">
          <Text style={{ overflowWrap: "anywhere" }}>
            <Trans>Le fichier « {cancelName} » ne sera pas envoyé et sera retiré de cet appareil.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)} data-autofocus>
              <Trans>Garder le fichier</Trans>
            </Button>
            <Button
              color="red.9"
              data-testid="confirm-cancel-homework"
              onClick={() => {
                if (cancelling) void forget?.(cancelling.id);
                setCancelling(null);
              }}
            >
              <Trans>Annuler l'envoi</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function QueuedRow({ file, onCancel }: { file: QueuedFile; onCancel: () => void }) {
  const { t } = useLingui();
  const name = file.name;
  const percent = file.progress ? Math.floor((file.progress.sent / Math.max(1, file.progress.total)) * 100) : null;
  return (
    <Stack gap={4} data-testid="queued-homework-file">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
          <Text size="sm" dir="auto" style={{ overflowWrap: "anywhere" }}>
            {file.name}
          </Text>
          {percent === null ? (
            <span className={classes.waiting}>
              <IconClockHour4 aria-hidden size={12} />
              <Trans>En attente d'envoi</Trans>
            </span>
          ) : (
            <Text size="xs" role="status" style={{ flexShrink: 0 }}>{t`Envoi : ${percent} %`}</Text>
          )}
        </Group>
        <Button variant="subtle" color="red" size="compact-sm" leftSection={<IconX aria-hidden size={14} />} aria-label={t`Annuler l'envoi de ${name}`} onClick={onCancel}>
          <Trans>Annuler</Trans>
        </Button>
      </Group>
      {percent !== null && <Progress value={percent} aria-label={t`Envoi de ${name}`} data-testid="upload-progress" />}
    </Stack>
  );
}
