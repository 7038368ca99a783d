import { useCallback, useState, type ReactNode } from "react";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { examState, type ExamDetailDto, type ExamFileDto } from "@domain/exams";
import { refName } from "@/lib/reference";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { examQueryOptions } from "../api/getExam";
import { timeLimitationQueryOptions } from "../api/getTimeLimitation";
import { useStartExam } from "../api/startExam";
import { ConfirmStartModal } from "../components/ConfirmStartModal";
import { ExamFileRow } from "../components/ExamFileRow";
import { ExamHeader } from "../components/ExamHeader";
import { ExamTimer } from "../components/ExamTimer";
import { FilePreviewModal, type PreviewTarget } from "../components/FilePreviewModal";
import { MyHomework } from "../components/MyHomework";
import { formatDateTime } from "../lib/format";
import { serverNow } from "../lib/serverClock";
import { examsKeys } from "../exams.keys";

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
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: examsKeys.detail(id) }), [queryClient, id]);
  const minutes = exam.duration || 60;
  const from = formatDateTime(exam.appearance_date, i18n.locale);
  const askStart = state === "not_started" ? () => setConfirming(true) : undefined;

  const files = (list: ExamFileDto[], onLocked = askStart) => list.map((f) => <ExamFileRow key={f.id} file={f} onPreview={setPreview} onLocked={onLocked} />);

  return (
    <Stack gap="lg">
      <ExamHeader exam={exam} state={state} />

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
          <MyHomework examId={id} uploads={exam.uploads} state={state} onPreview={setPreview} />
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
