import { queryOptions } from "@tanstack/react-query";
import type { QuizDto } from "@domain/quiz";
import { api } from "@/lib/api";
import { env } from "@/lib/env";
import { lessonsKeys } from "../lessons.keys";
import { withQuizToken } from "./quizLogin";

/** `GET {quizBase}/quizzes/{id}` with the quiz token: questions and choices, never the correct ones. */
export const quizQueryOptions = (quizId: number) =>
  queryOptions({
    queryKey: lessonsKeys.quiz(quizId),
    queryFn: ({ signal }) =>
      withQuizToken(async (headers) => (await api<QuizDto>(`/quizzes/${quizId}`, { base: env.quizBase, anonymous: true, headers, signal })).payload),
    staleTime: 5 * 60_000,
  });
