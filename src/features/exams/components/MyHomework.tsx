import { lazy, Suspense, useState } from "react";
import { Button, Loader, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconTrash } from "@tabler/icons-react";
import type { ExamFileDto, ExamState } from "@domain/exams";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";
import { useDeleteHomework } from "../api/deleteHomework";
import { ConfirmDeleteHomeworkModal } from "./ConfirmDeleteHomeworkModal";
import { ExamFileRow } from "./ExamFileRow";
import type { PreviewTarget } from "./FilePreviewModal";
import { QueuedHomework } from "./QueuedHomework";

// pdf-lib and the uploader load only when the homework section shows (a started exam).
const HomeworkUploader = lazy(() => import("./HomeworkUploader"));

export interface MyHomeworkProps {
  examId: number;
  uploads: ExamFileDto[];
  state: ExamState;
  onPreview: (f: PreviewTarget) => void;
}

/**
 * The pupil's homework of a started exam: the files sent (deletable while it runs), the files kept on this device until
 * they are sent, and the uploader, or "closed".
 */
export function MyHomework({ examId, uploads, state, onPreview }: MyHomeworkProps) {
  const { i18n, t } = useLingui();
  const remove = useDeleteHomework(examId);
  const [asked, setAsked] = useState<ExamFileDto | null>(null);
  const confirmDelete = () => {
    if (!asked) return;
    remove.mutate(asked.id, {
      onSuccess: () => toast.success(t`Fichier supprimé`),
      onError: (e) => toast.warning(describeError(i18n, e)),
      onSettled: () => setAsked(null),
    });
  };
  return (
    <>
      <ConfirmDeleteHomeworkModal fileName={asked?.name ?? null} pending={remove.isPending} onConfirm={confirmDelete} onClose={() => setAsked(null)} />
      {uploads.length === 0 ? (
        <Text c="dimmed">
          <Trans>Aucun fichier envoyé</Trans>
        </Text>
      ) : (
        uploads.map((f) => {
          const fileName = f.name;
          return (
            <ExamFileRow
              key={f.id}
              file={f}
              onPreview={onPreview}
              extra={
                state === "started" ? (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    leftSection={<IconTrash aria-hidden size={14} />}
                    loading={remove.isPending && remove.variables === f.id}
                    aria-label={t`Supprimer ${fileName}`}
                    onClick={() => setAsked(f)}
                  >
                    <Trans>Supprimer</Trans>
                  </Button>
                ) : null
              }
            />
          );
        })
      )}
      <QueuedHomework examId={examId} />
      {state === "started" ? (
        <Suspense fallback={<Loader size="sm" aria-label={t`Chargement`} />}>
          <HomeworkUploader examId={examId} />
        </Suspense>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>Le dépôt du devoir est fermé.</Trans>
        </Text>
      )}
    </>
  );
}
