import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { examState, type ExamFileDto } from "@domain/exams";
import { AvailabilityBadge } from "@/components/AvailabilityBadge";
import { NeedsConnection } from "@/components/NeedsConnection";
import { isOffline, useOfflineStatus } from "@/lib/offline/status";
import { currentUserId } from "@/lib/offline/user";
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
  const { data: exam, dataUpdatedAt } = useSuspenseQuery(examQueryOptions(id));
  const offline = isOffline(useOfflineStatus());
  // Starting needs the server: offline, the pupil is told so at once (with "Réessayer"), before any modal.
  const [needsConnection, setNeedsConnection] = useState(false);
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
  const openStart = useCallback(() => {
    setNeedsConnection(offline);
    if (!offline) setConfirming(true);
  }, [offline]);
  const askStart = state === "not_started" ? openStart : undefined;
  // The subject's files, once open to the pupil, are kept on the device (within the storage's room) for the bus.
  useEffect(() => {
    const userId = currentUserId();
    const subject = [...exam.exam, ...exam.homework].filter((f) => f.url !== null);
    if (offline || userId === null || subject.length === 0) return;
    void import("@/lib/offline/examFiles").then((m) => m.keepExamFiles(userId, subject)).catch(() => undefined);
  }, [exam, offline]);

  const files = (list: ExamFileDto[], onLocked = askStart) => list.map((f) => <ExamFileRow key={f.id} file={f} onPreview={setPreview} onLocked={onLocked} />);

  return (
    <Stack gap="lg">
      <ExamHeader exam={exam} state={state} />
      <AvailabilityBadge updatedAt={dataUpdatedAt} />
      {needsConnection && (
        <NeedsConnection onRetry={openStart}>
          <Trans>Commencer l'examen a besoin d'une connexion à Internet.</Trans>
        </NeedsConnection>
      )}

      {state === "upcoming" && <Alert color="gray">{t`L'examen ouvre le ${from}`}</Alert>}
      {state === "not_started" && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={600} data-testid="not-started">
              <Trans>Examen pas encore commencé</Trans>
            </Text>
            <Text size="sm">{t`Vous aurez ${minutes} minutes à partir du moment où vous commencez.`}</Text>
            {/* Homework sent without a connection is kept on the device (sealed for the pupil on a class tablet) and goes up
                when the network comes back; the server takes it only if it arrives before the pupil's time is over. */}
            <Text size="sm" data-testid="homework-offline-note">
              <Trans>
                Sans connexion, votre devoir est gardé sur cet appareil et envoyé dès le retour du réseau. Il doit arriver avant la fin de votre temps : après, il
                est refusé.
              </Trans>
            </Text>
            <Group>
              <Button onClick={openStart} data-testid="start-exam">
                <Trans>Commencer l'examen</Trans>
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {/* The countdown waits for the timer's own answer, which syncs the server's clock (the exam itself may come from the
          device after a reload, with a device clock set wrong); offline, the device's clock is all there is. */}
      {started && exam.startedAt && deadline && (time !== undefined || offline) && <ExamTimer startedAt={exam.startedAt} deadline={deadline} onElapsed={refresh} />}
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

