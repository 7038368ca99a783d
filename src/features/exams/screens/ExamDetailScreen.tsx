import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconEye, IconFileTypePdf, IconLock, IconTrash } from "@tabler/icons-react";
import { examState, type ExamDetailDto, type ExamFileDto } from "@domain/exams";
import { describeError } from "@/lib/i18n/errors";
import { refName } from "@/lib/reference";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { examQueryOptions } from "../api/getExam";
import { timeLimitationQueryOptions } from "../api/getTimeLimitation";
import { useDeleteHomework } from "../api/deleteHomework";
import { useStartExam } from "../api/startExam";
import { ConfirmStartModal } from "../components/ConfirmStartModal";
import { ExamTimer } from "../components/ExamTimer";
import { FilePreviewModal, type PreviewTarget } from "../components/FilePreviewModal";
import { formatDateTime } from "../lib/format";
import { serverNow } from "../lib/serverClock";
import { examsKeys } from "../exams.keys";
import { KIND_LABELS, STATE_COLORS, STATE_LABELS } from "../labels";

// pdf-lib and the uploader load only when the homework section shows (a started exam).
const HomeworkUploader = lazy(() => import("../components/HomeworkUploader"));

function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Stack gap="xs" component="section" data-testid={testId}>
      <Title order={2} fz="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const sizeLabel = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} kB`);

function FileRow({ file, onPreview, onLocked, extra }: { file: ExamFileDto; onPreview: (f: PreviewTarget) => void; onLocked?: () => void; extra?: ReactNode }) {
  const { t } = useLingui();
  const name = file.name;
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="exam-file">
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <IconFileTypePdf aria-hidden size={20} style={{ flexShrink: 0 }} />
        {file.url ? (
          <Anchor href={`${file.url}&download=1`} download={file.name} dir="auto" style={{ overflowWrap: "anywhere" }}>
            {file.name}
          </Anchor>
        ) : (
          <Button variant="subtle" size="compact-sm" leftSection={<IconLock aria-hidden size={14} />} onClick={onLocked} disabled={!onLocked}>
            {file.name}
          </Button>
        )}
        <Text size="xs" c="dimmed" dir="ltr" style={{ flexShrink: 0 }}>
          {sizeLabel(file.size)}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        {file.url && (
          <Button variant="light" size="compact-sm" leftSection={<IconEye aria-hidden size={14} />} onClick={() => onPreview({ name: file.name, url: file.url!, mime: file.mime })} aria-label={t`Aperçu de ${name}`}>
            <Trans>Aperçu</Trans>
          </Button>
        )}
        {extra}
      </Group>
    </Group>
  );
}

/** /exams/{id}: the exam, its countdown, its files, the pupil's homework and, once past due, the corrections. */
export function ExamDetailScreen({ id }: { id: number }) {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const { data: exam } = useSuspenseQuery(examQueryOptions(id));
  const started = exam.startedAt !== null;
  // While started: the timer's own answer, refetched each minute and on reconnection (resyncs the clock).
  const { data: time } = useQuery({ ...timeLimitationQueryOptions(id), enabled: started });
  const deadline = time?.deadline ?? exam.deadline;
  const state = examState(exam, deadline, serverNow());
  useDocumentTitle(refName(exam, i18n.locale));
  const [confirming, setConfirming] = useState(false);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const start = useStartExam(id);
  const remove = useDeleteHomework(id);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: examsKeys.detail(id) }), [queryClient, id]);
  const minutes = exam.duration || 60;
  const from = formatDateTime(exam.appearance_date, i18n.locale);
  const to = formatDateTime(exam.due_date, i18n.locale);
  const askStart = state === "not_started" ? () => setConfirming(true) : undefined;

  const files = (list: ExamFileDto[], onLocked = askStart) => list.map((f) => <FileRow key={f.id} file={f} onPreview={setPreview} onLocked={onLocked} />);

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={{ base: "h2", sm: "h1" }}>
          {refName(exam, i18n.locale)}
        </Title>
        <Group gap="xs">
          <Badge color={STATE_COLORS[state]} variant="filled" data-testid="exam-state">
            {i18n._(STATE_LABELS[state])}
          </Badge>
          <Text size="sm">
            {refName(exam.subject_exams, i18n.locale)} · {i18n._(KIND_LABELS[exam.kind])} · {t`Durée : ${minutes} min`}
            {exam.instructor ? ` · ${exam.instructor}` : ""}
          </Text>
        </Group>
        <Text size="sm">{t`Du ${from} au ${to}`}</Text>
      </Stack>

      {state === "upcoming" && <Alert color="gray">{t`L'examen ouvre le ${from}`}</Alert>}
      {state === "not_started" && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={600} data-testid="not-started">
              <Trans>Examen pas encore commencé</Trans>
            </Text>
            <Text size="sm">{t`Vous aurez ${minutes} minutes à partir du moment où vous commencez.`}</Text>
            <Group>
              <Button onClick={() => setConfirming(true)} data-testid="start-exam">
                <Trans>Commencer l'examen</Trans>
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {started && exam.startedAt && deadline && <ExamTimer startedAt={exam.startedAt} deadline={deadline} onElapsed={refresh} />}
      {state === "expired" && !started && (
        <Alert color="red">
          <Trans>Examen terminé</Trans>
        </Alert>
      )}

      <Section title={<Trans>Sujet</Trans>} testId="exam-files">
        {exam.exam.length + exam.homework.length === 0 ? (
          <Text c="dimmed">
            <Trans>Aucun fichier</Trans>
          </Text>
        ) : (
          files([...exam.exam, ...exam.homework])
        )}
      </Section>

      {started && (
        <Section title={<Trans>Mon devoir</Trans>} testId="homework">
          {exam.uploads.length === 0 ? (
            <Text c="dimmed">
              <Trans>Aucun fichier envoyé</Trans>
            </Text>
          ) : (
            exam.uploads.map((f) => {
              const fileName = f.name;
              return (
              <FileRow
                key={f.id}
                file={f}
                onPreview={setPreview}
                extra={
                  state === "started" ? (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      leftSection={<IconTrash aria-hidden size={14} />}
                      loading={remove.isPending && remove.variables === f.id}
                      aria-label={t`Supprimer ${fileName}`}
                      onClick={() =>
                        remove.mutate(f.id, {
                          onSuccess: () => toast.success(t`Fichier supprimé`),
                          onError: (e) => toast.warning(describeError(i18n, e)),
                        })
                      }
                    >
                      <Trans>Supprimer</Trans>
                    </Button>
                  ) : null
                }
              />
              );
            })
          )}
          {state === "started" ? (
            <Suspense fallback={<Loader size="sm" aria-label={t`Chargement`} />}>
              <HomeworkUploader examId={id} />
            </Suspense>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>Le dépôt du devoir est fermé.</Trans>
            </Text>
          )}
        </Section>
      )}

      {exam.homework_correction.length + exam.exam_correction.length > 0 && (
        <Section title={<Trans>Corrections</Trans>} testId="corrections">
          {state !== "expired" && (
            <Text size="sm" c="dimmed">
              <Trans>Les corrections s'ouvrent après la date limite.</Trans>
            </Text>
          )}
          {files([...exam.homework_correction, ...exam.exam_correction], undefined)}
        </Section>
      )}

      <ConfirmStartModal
        opened={confirming}
        minutes={minutes}
        pending={start.isPending}
        error={start.error}
        onClose={() => {
          setConfirming(false);
          start.reset();
        }}
        onConfirm={() =>
          start.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              void queryClient.invalidateQueries({ queryKey: examsKeys.detail(id) });
            },
          })
        }
      />
      <FilePreviewModal target={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}

export type { ExamDetailDto };
