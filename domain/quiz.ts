/**
 * The quiz service (SPEC §7 "External services"): a QCM embedded in a lesson. DTOs shared by the server and the
 * PWA, and the scoring rule. Questions never carry their correct choices before an attempt is submitted.
 */

/** Pass mark (percentage) of a quiz unless it sets its own: at or above it the lesson is completed. */
export const QUIZ_DEFAULT_PASS_MARK = 60;
/** Lifetime of a quiz token issued by `POST /svc/quiz/login`. */
export const QUIZ_TOKEN_TTL_SECONDS = 30 * 60;

/** `POST /svc/quiz/login`. */
export interface QuizLoginDto {
  token: string;
  user_id: number;
  expires_at: string;
}

export interface QuizChoiceDto {
  id: number;
  text: string;
}

export interface QuizQuestionDto {
  id: number;
  text: string;
  /** Several choices are correct: tick all of them (checkboxes); otherwise exactly one (radio). */
  multiple: boolean;
  choices: QuizChoiceDto[];
}

/** `GET /svc/quiz/quizzes/{id}`: the questions and their choices, never which are correct. */
export interface QuizDto {
  id: number;
  title: string;
  content_id: number;
  pass_mark: number;
  questions: QuizQuestionDto[];
  /** The pupil's best attempt so far (score only), or null. */
  best_attempt: { score: number; passed: boolean; attempts: number } | null;
}

export interface QuizAnswer {
  question_id: number;
  choice_ids: number[];
}

export interface QuizQuestionResultDto {
  question_id: number;
  correct: boolean;
  /** What the pupil ticked. */
  selected: number[];
  /** The right choices, revealed once the attempt is submitted. */
  correct_choices: number[];
}

/** `POST /svc/quiz/quizzes/{id}/attempts`. */
export interface QuizAttemptDto {
  id: number;
  quiz_id: number;
  content_id: number;
  /** Percentage of questions answered right, rounded. */
  score: number;
  correct_count: number;
  total: number;
  pass_mark: number;
  passed: boolean;
  results: QuizQuestionResultDto[];
  /** The lesson's progress after this attempt (100 % and completed when passed). */
  progress: { percentage: number; completed: boolean };
  created_at: string;
}

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
