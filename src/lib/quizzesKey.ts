import { keyRoots } from "./queryKeys";

/**
 * The lessons' quizzes (each one's best attempt): `lessonsKeys.quiz(id)` starts with it (checked by
 * `src/features/lessons/lessons.keys.test.ts`); a quiz answer replayed from the outbox refreshes them. A module of its
 * own, read by the outbox's lazy chunk only, so that nothing is added to the entry chunk.
 */
export const quizzesKey = [...keyRoots.lessons, "quiz"] as const;
