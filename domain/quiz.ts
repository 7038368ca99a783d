/**
 * The quiz service (SPEC §7 "External services"): a QCM embedded in a lesson. DTOs shared by the server and the
 * PWA, and the scoring rule. Questions never carry their correct choices before an attempt is submitted.
 */
import * as v from "valibot";

/** Pass mark (percentage) of a quiz unless it sets its own: at or above it the lesson is completed. */
export const QUIZ_DEFAULT_PASS_MARK = 60;
/** Lifetime of a quiz token issued by `POST /svc/quiz/login`. */
export const QUIZ_TOKEN_TTL_SECONDS = 30 * 60;

// The quiz service's answers, written once as valibot schemas: the server declares them as its answers (checked in
// tests, published in the OpenAPI document), the client reads their types.
const id = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** A percentage, 0–100. */
const percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));

/** `POST /svc/quiz/login`. */
export const QuizLoginDtoSchema = v.strictObject({ token: v.string(), user_id: id, expires_at: v.string() });
export type QuizLoginDto = v.InferOutput<typeof QuizLoginDtoSchema>;

const QuizChoiceDtoSchema = v.strictObject({ id, text: v.string() });

const QuizQuestionDtoSchema = v.strictObject({
  id,
  text: v.string(),
  /** Several choices are correct: tick all of them (checkboxes); otherwise exactly one (radio). */
  multiple: v.boolean(),
  choices: v.array(QuizChoiceDtoSchema),
});
export type QuizQuestionDto = v.InferOutput<typeof QuizQuestionDtoSchema>;

/** `GET /svc/quiz/quizzes/{id}`: the questions and their choices, never which are correct. */
export const QuizDtoSchema = v.strictObject({
  id,
  title: v.string(),
  content_id: id,
  pass_mark: percent,
  questions: v.array(QuizQuestionDtoSchema),
  /** The pupil's best attempt so far (score only), or null. */
  best_attempt: v.nullable(v.strictObject({ score: percent, passed: v.boolean(), attempts: count })),
});
export type QuizDto = v.InferOutput<typeof QuizDtoSchema>;

export interface QuizAnswer {
  question_id: number;
  choice_ids: number[];
}

const QuizQuestionResultDtoSchema = v.strictObject({
  question_id: id,
  correct: v.boolean(),
  /** What the pupil ticked. */
  selected: v.array(id),
  /** The right choices, revealed once the attempt is submitted. */
  correct_choices: v.array(id),
});
export type QuizQuestionResultDto = v.InferOutput<typeof QuizQuestionResultDtoSchema>;

/** `POST /svc/quiz/quizzes/{id}/attempts`. */
export const QuizAttemptDtoSchema = v.strictObject({
  id,
  quiz_id: id,
  content_id: id,
  /** Percentage of questions answered right, rounded. */
  score: percent,
  correct_count: count,
  total: count,
  pass_mark: percent,
  passed: v.boolean(),
  results: v.array(QuizQuestionResultDtoSchema),
  /** The lesson's progress after this attempt (100 % and completed when passed). */
  progress: v.strictObject({ percentage: percent, completed: v.boolean() }),
  created_at: v.string(),
});
export type QuizAttemptDto = v.InferOutput<typeof QuizAttemptDtoSchema>;

/** A question is right when the ticked choices are exactly the correct ones. */
export function isAnswerCorrect(selected: readonly number[], correct: readonly number[]): boolean {
  const s = new Set(selected);
  return s.size === correct.length && correct.every((id) => s.has(id));
}

/** Score in percent (rounded), 0 for an empty quiz. */
export function quizScore(correctCount: number, total: number): number {
  return total > 0 ? Math.round((correctCount / total) * 100) : 0;
}

export const isPassed = (score: number, passMark: number) => score >= passMark;
