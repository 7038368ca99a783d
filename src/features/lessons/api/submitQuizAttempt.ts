import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isCompleted, type LessonDto, type LessonListItemDto } from "@domain/learning";
import type { QuizAnswer, QuizAttemptDto, QuizDto } from "@domain/quiz";
import { api } from "@/lib/api";
import { env } from "@/lib/env";
import { startedSync } from "@/lib/offline/send";
import { keyRoots } from "@/lib/queryKeys";
import { lessonsKeys } from "../lessons.keys";
import { withQuizToken } from "./quizLogin";

/**
 * `POST {quizBase}/quizzes/{id}/attempts` through the outbox (DESIGN §4, issue 23): the answers are stored on the device
 * first with their own Idempotency-Key (the server applies them once, however often they are replayed), then sent with
 * a quiz token the outbox asks for with the pupil's own (`POST {quizBase}/login`) when it sends them. Resolves with the
 * score, or with null when the answers stay on the device (offline) to be sent and scored later — on a class tablet,
 * sealed for their pupil at the switch like the rest of their unsent work. Rejects when the server refuses them.
 */
async function submitQuizAttempt(quizId: number, lessonId: number, answers: QuizAnswer[]): Promise<QuizAttemptDto | null> {
  const path = `/quizzes/${quizId}/attempts`;
  const body = { answers };
  const sync = await startedSync();
  // Without a usable outbox (its code could not load): sent at once with the quiz token, as any request.
  if (!sync)
    return withQuizToken(
      async (headers) => (await api<QuizAttemptDto>(path, { base: env.quizBase, method: "POST", anonymous: true, headers, body, idempotencyKey: crypto.randomUUID() })).payload,
    );
  const result = await sync.sendThroughOutbox<QuizAttemptDto>({
    kind: "quiz",
    url: `${env.quizBase}${path}`,
    exchange: `${env.quizBase}/login`,
    body,
    scope: `lesson:${lessonId}`,
  });
  return result.status === "sent" ? result.payload : null;
}

/**
 * Submits a quiz of `lesson`. The answer's progress goes to the lesson and to its chapter's list (the check mark),
 * and subject/chapter progress is refetched when the quiz completed the lesson. Answers kept on the device (null)
 * change nothing yet: the outbox refreshes those screens once they are delivered.
 */
export function useSubmitQuizAttempt(lesson: LessonDto, quizId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: QuizAnswer[]) => submitQuizAttempt(quizId, lesson.id, answers),
    onSuccess: (attempt) => {
      if (!attempt) return;
      const { percentage, completed } = attempt.progress;
      queryClient.setQueriesData<LessonListItemDto[]>({ queryKey: [...lessonsKeys.all, "list"] }, (items) =>
        items?.map((item) => (item.id === lesson.id ? { ...item, percentage, completed: item.completed || completed || isCompleted(percentage) } : item)),
      );
      queryClient.setQueryData<QuizDto>(lessonsKeys.quiz(quizId), (quiz) =>
        quiz
          ? {
              ...quiz,
              best_attempt: {
                score: Math.max(quiz.best_attempt?.score ?? 0, attempt.score),
                passed: Boolean(quiz.best_attempt?.passed) || attempt.passed,
                attempts: (quiz.best_attempt?.attempts ?? 0) + 1,
              },
            }
          : quiz,
      );
      if (attempt.passed) {
        void queryClient.invalidateQueries({ queryKey: lessonsKeys.lesson(lesson.subject.slug, lesson.chapter.slug, lesson.slug) });
        void queryClient.invalidateQueries({ queryKey: keyRoots.subjects });
      }
    },
  });
}
