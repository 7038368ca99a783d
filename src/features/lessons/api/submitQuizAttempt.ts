import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isCompleted, type LessonDto, type LessonListItemDto } from "@domain/learning";
import type { QuizAnswer, QuizAttemptDto, QuizDto } from "@domain/quiz";
import { api } from "@/lib/api";
import { env } from "@/lib/env";
import { keyRoots } from "@/lib/queryKeys";
import { lessonsKeys } from "../lessons.keys";
import { withQuizToken } from "./quizLogin";

/** `POST {quizBase}/quizzes/{id}/attempts` with the quiz token; one Idempotency-Key per submission (a retry counts once). */
async function submitQuizAttempt(quizId: number, answers: QuizAnswer[], idempotencyKey: string): Promise<QuizAttemptDto> {
  return withQuizToken(
    async (headers) =>
      (
        await api<QuizAttemptDto>(`/quizzes/${quizId}/attempts`, {
          base: env.quizBase,
          method: "POST",
          anonymous: true,
          headers,
          body: { answers },
          idempotencyKey,
        })
      ).payload,
  );
}

/**
 * Submits a quiz of `lesson`. The answer's progress goes to the lesson and to its chapter's list (the check mark),
 * and subject/chapter progress is refetched when the quiz completed the lesson.
 */
export function useSubmitQuizAttempt(lesson: LessonDto, quizId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: QuizAnswer[]) => submitQuizAttempt(quizId, answers, crypto.randomUUID()),
    onSuccess: (attempt) => {
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
