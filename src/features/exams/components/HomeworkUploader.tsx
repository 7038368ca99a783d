import "@mantine/core/styles/Progress.css";
import { Alert, Button, FileButton, Group, Stack } from "@mantine/core";
import type { ComponentProps } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconCamera, IconPaperclip, IconUpload } from "@tabler/icons-react";
import { UPLOAD_ACCEPT } from "@domain/exams";
import { describeError } from "@/lib/i18n/errors";
import { HomeworkProgress } from "./HomeworkProgress";
import { PickedHomework } from "./PickedHomework";
import { useHomeworkUpload } from "./useHomeworkUpload";

/** The hidden inputs' props, with the test id the e2e tests pick files through (a data attribute Mantine passes on). */
type TestedInputProps = ComponentProps<"input"> & { "data-testid": string };
const photoInput: TestedInputProps = { "data-testid": "photo-input" };
const fileInput: TestedInputProps = { "data-testid": "file-input" };

/**
 * Homework (SPEC §4, §5): photograph pages (`capture` opens the camera on phones) or pick images and files of the
 * allowed types. The images are merged on the device, in a worker, into one `merged-images.pdf` (at most 2,000 px,
 * JPEG 0.9); every file is then kept on the device and goes up through the resumable upload, now or when the network
 * comes back (`QueuedHomework`).
 */
export default function HomeworkUploader({ examId }: { examId: number }) {
  const { i18n, t } = useLingui();
  const { picked, images, others, refused, phase, busy, add, remove, send } = useHomeworkUpload(examId);
  const refusedList = refused.join(", ");

  return (
    <Stack gap="sm" data-testid="homework-uploader">
      <Group gap="sm">
        <FileButton onChange={add} accept="image/*" capture="environment" multiple disabled={busy} inputProps={photoInput}>
          {(props) => (
            <Button {...props} leftSection={<IconCamera aria-hidden size={18} />} variant="light">
              <Trans>Photographier des pages</Trans>
            </Button>
          )}
        </FileButton>
        <FileButton onChange={add} accept={UPLOAD_ACCEPT} multiple disabled={busy} inputProps={fileInput}>
          {(props) => (
            <Button {...props} leftSection={<IconPaperclip aria-hidden size={18} />} variant="default">
              <Trans>Ajouter des fichiers</Trans>
            </Button>
          )}
        </FileButton>
      </Group>
      {refused.length > 0 && (
        <Alert color="orange" role="alert">
          {t`Fichiers refusés (type non autorisé ou trop volumineux) : ${refusedList}`}
        </Alert>
      )}
      <PickedHomework images={images} others={others} busy={busy} onRemove={remove} />
      <HomeworkProgress phase={phase} />
      {phase.kind === "error" && (
        <Alert color="orange" role="alert" data-testid="upload-error">
          {describeError(i18n, phase.error)}
        </Alert>
      )}
      <Group>
        <Button leftSection={<IconUpload aria-hidden size={18} />} onClick={() => void send()} disabled={picked.length === 0} loading={busy} data-testid="send-homework">
          <Trans>Envoyer le devoir</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
