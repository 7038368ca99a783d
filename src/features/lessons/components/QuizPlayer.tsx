import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Skeleton.css";
import { useEffect, useRef, useState } from "react";
import { Alert, Badge, Button, Checkbox, Group, Paper, Radio, Skeleton, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { IconCircleCheckFilled, IconCircleXFilled, IconDeviceFloppy, IconInfoCircle, IconRefresh, IconTrophy } from "@tabler/icons-react";
import type { LessonDto } from "@domain/learning";
import type { QuizAttemptDto, QuizQuestionDto, QuizQuestionResultDto } from "@domain/quiz";
import { describeError } from "@/lib/i18n/errors";
import { loadSync } from "@/lib/offline/send";
import { holdIdleLock } from "@/lib/tablet";
import { toast } from "@/lib/toast";
import { quizQueryOptions } from "../api/getQuiz";
import { useSubmitQuizAttempt } from "../api/submitQuizAttempt";

interface Props {
  lesson: LessonDto;
  quizId: number;
}

type Answers = Record<number, number[]>;

/**
 * The embedded QCM of a lesson (SPEC §2, §7 "quiz service"): every question on one page, one choice (radio) or
 * several (checkboxes); submit once all are answered; then the score, which answers were right, the correct
 * choices, and a retry. A pass (score ≥ the quiz's pass mark) completes the lesson (check mark in the list).
 */
export default function QuizPlayer({ lesson, quizId }: Props) {
  const { t, i18n } = useLingui();
  const quiz = useQuery(quizQueryOptions(quizId));
  const submit = useSubmitQuizAttempt(lesson, quizId);
  const [answers, setAnswers] = useState<Answers>({});
  const [result, setResult] = useState<QuizAttemptDto | null>(null);
  // Offline, the answers are kept on the device (the outbox) and scored when they reach the server.
  const [kept, setKept] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  // A quiz in progress keeps its pupil on a class tablet: no idle lock until it is answered (issue 23).
  const quizDone = result !== null || kept;
  useEffect(() => (quizDone ? undefined : holdIdleLock()), [quizDone]);
  // The answers go through the outbox: its code is loaded now, while the quiz's own loading shows the network is there.
  useEffect(() => void loadSync(), []);

  if (quiz.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t`Chargement du quiz`} data-testid="quiz-loading">
        <Skeleton h={28} w="60%" />
        <Skeleton h={140} />
        <Skeleton h={140} />
      </Stack>
    );
  }
  if (quiz.isError) {
    return (
      <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />} title={t`Le quiz n'a pas pu être chargé`} data-testid="quiz-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{describeError(i18n, quiz.error)}</Text>
          <Text size="sm">
            <Trans>Le quiz a besoin d'une connexion Internet.</Trans>
          </Text>
          <Button size="xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void quiz.refetch()}>
            <Trans>Réessayer</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  }

  const data = quiz.data;
  const total = data.questions.length;
  const answered = data.questions.filter((q) => (answers[q.id]?.length ?? 0) > 0).length;
  const passMark = data.pass_mark;
  const resultOf = (id: number) => result?.results.find((r) => r.question_id === id);

  const onSubmit = () => {
    if (answered < total) return;
    submit.mutate(
      data.questions.map((q) => ({ question_id: q.id, choice_ids: answers[q.id] ?? [] })),
      {
        onSuccess: (attempt) => {
          if (attempt) setResult(attempt);
          else setKept(true);
          top.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
        },
        onError: (err) => toast.error(describeError(i18n, err)),
      },
    );
  };
  const retry = () => {
    setResult(null);
    setAnswers({});
    top.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  };

  const best = data.best_attempt;
  const bestScore = best?.score ?? 0;
  return (
    <Stack gap="md" ref={top} data-testid="quiz" style={{ scrollMarginBlockStart: 80 }}>
      <Group justify="space-between" align="center" gap="xs">
        <Text size="sm" c="dimmed">
          <Plural value={total} one="# question" other="# questions" /> · <Trans>validé à partir de {passMark} %</Trans>
        </Text>
        {best?.passed && (
          <Badge color="teal.9" variant="filled" leftSection={<IconTrophy size={14} aria-hidden />} data-testid="quiz-best">
            <Trans>Réussi · meilleur score {bestScore} %</Trans>
          </Badge>
        )}
      </Group>

      {result && <ScoreBanner result={result} onRetry={retry} />}
      {kept && (
        <Alert color="blue" icon={<IconDeviceFloppy size={20} aria-hidden />} title={t`Réponses enregistrées sur cet appareil`} role="status" data-testid="quiz-kept">
          <Text size="sm">
            <Trans>Pas de connexion : elles seront envoyées et notées dès son retour, une seule fois.</Trans>
          </Text>
        </Alert>
      )}

      {data.questions.map((q, i) => (
        <QuestionCard
          key={q.id}
          question={q}
          index={i}
          total={total}
          value={answers[q.id] ?? []}
          onChange={(ids) => setAnswers((a) => ({ ...a, [q.id]: ids }))}
          result={resultOf(q.id)}
          disabled={Boolean(result) || kept || submit.isPending}
        />
      ))}

      {kept ? null : result ? (
        <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={retry} style={{ alignSelf: "flex-start" }} data-testid="quiz-retry">
          <Trans>Recommencer le quiz</Trans>
        </Button>
      ) : (
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="quiz-answered">
            <Trans>
              {answered} / {total} réponses
            </Trans>
          </Text>
          <Button onClick={onSubmit} disabled={answered < total} loading={submit.isPending} data-testid="quiz-submit">
            <Trans>Valider mes réponses</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ScoreBanner({ result, onRetry }: { result: QuizAttemptDto; onRetry: () => void }) {
  const { t } = useLingui();
  const { score, correct_count: correct, total, pass_mark: passMark } = result;
  return (
    <Alert
      color={result.passed ? "teal" : "orange"}
      icon={result.passed ? <IconTrophy size={20} aria-hidden /> : <IconInfoCircle size={20} aria-hidden />}
      title={result.passed ? t`Bravo, quiz réussi !` : t`Pas encore : il faut ${passMark} % pour valider`}
      role="status"
      data-testid="quiz-result"
      data-passed={result.passed}
    >
      <Stack gap={6} align="flex-start">
        <Text fw={700} fz="xl" data-testid="quiz-score" data-score={score}>
          <Trans>Score : {score} %</Trans>
        </Text>
        <Text size="sm">
          <Trans>
            Bonnes réponses : {correct} sur {total}
          </Trans>
        </Text>
        {result.passed ? (
          <Text size="sm">
            <Trans>La leçon est marquée comme terminée.</Trans>
          </Text>
        ) : (
          <Button size="xs" variant="white" color="orange" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
            <Trans>Réessayer</Trans>
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

interface QuestionProps {
  question: QuizQuestionDto;
  index: number;
  total: number;
  value: number[];
  onChange: (ids: number[]) => void;
  result: QuizQuestionResultDto | undefined;
  disabled: boolean;
}

function QuestionCard({ question, index, total, value, onChange, result, disabled }: QuestionProps) {
  const { t } = useLingui();
  const number = index + 1;
  const labelId = `quiz-q-${question.id}`;
  // The question and its choices read in the quiz's language (Arabic right to left), whatever the app's language.
  const dir = /[\u0600-\u06FF]/.test(question.text) ? "rtl" : "ltr";
  const border = result ? (result.correct ? "var(--mantine-color-teal-6)" : "var(--mantine-color-red-6)") : undefined;

  // Once submitted the inputs are disabled, but their text stays readable: right choices in green, a wrong pick in red.
  const choiceStyles = (id: number) => {
    if (!result) return undefined;
    const color = result.correct_choices.includes(id)
      ? "var(--mantine-color-teal-filled)"
      : result.selected.includes(id)
        ? "var(--mantine-color-red-filled)"
        : "var(--mantine-color-text)";
    return { label: { color, cursor: "default" } };
  };

  const choiceLabel = (id: number, text: string) => {
    const right = result?.correct_choices.includes(id);
    const wrongPick = result && !right && result.selected.includes(id);
    return (
      <Group gap={6} wrap="nowrap" component="span">
        <span dir="auto">{text}</span>
        {right && <IconCircleCheckFilled size={18} color="var(--mantine-color-teal-6)" aria-label={t`bonne réponse`} />}
        {wrongPick && <IconCircleXFilled size={18} color="var(--mantine-color-red-6)" aria-label={t`réponse choisie, incorrecte`} />}
      </Group>
    );
  };

  return (
    <Paper withBorder radius="md" p="md" style={border ? { borderColor: border } : undefined} data-testid="quiz-question">
      <Group justify="space-between" gap="xs" mb={6}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          <Trans>
            Question {number} sur {total}
          </Trans>
        </Text>
        {result && (
          <Badge color={result.correct ? "teal" : "red"} variant="light" data-testid="quiz-question-result">
            {result.correct ? t`Bonne réponse` : t`Mauvaise réponse`}
          </Badge>
        )}
      </Group>
      <Text fw={600} mb="sm" id={labelId} dir={dir}>
        {question.text}
      </Text>
      {question.multiple ? (
        <Checkbox.Group
          value={value.map(String)}
          onChange={(v) => onChange(v.map(Number))}
          aria-labelledby={labelId}
          description={t`Plusieurs réponses possibles`}
        >
          <Stack gap="xs" mt="xs" dir={dir}>
            {question.choices.map((c) => (
              <Checkbox key={c.id} value={String(c.id)} label={choiceLabel(c.id, c.text)} disabled={disabled} styles={choiceStyles(c.id)} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <Radio.Group value={value[0] === undefined ? null : String(value[0])} onChange={(v) => onChange([Number(v)])} aria-labelledby={labelId}>
          <Stack gap="xs" dir={dir}>
            {question.choices.map((c) => (
              <Radio key={c.id} value={String(c.id)} label={choiceLabel(c.id, c.text)} disabled={disabled} styles={choiceStyles(c.id)} />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Paper>
  );
}
