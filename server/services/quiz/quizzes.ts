/**
 * The quiz service's verbs: a quiz's questions (never its answers) and attempts. A quiz opens only to a pupil who
 * may open the lesson holding it (`contents.qcm_id`); an attempt at or above the pass mark records the lesson as
 * completed (100 %) through the progress service, so chapter and subject progress include it.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { isAnswerCorrect, isPassed, quizScore, type QuizAttemptDto, type QuizDto } from "../../../domain/quiz";
import type { QuizAttemptInput } from "../../../domain/schemas/quiz";
import type { Db, Tx } from "../../db/client";
import { progress, quizAttempts, quizChoices, quizQuestions, quizzes } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError, notFound } from "../../lib/errors";
import { withIdempotency, type IdempotentResult } from "../../lib/idempotency";
import { requireOpenableQuizLesson } from "../analytics/content";
import { recordQuizPassed } from "../progress/record";
import type { QuizAuth } from "./token";

async function loadQuiz(db: Db | Tx, quizId: number) {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId)).limit(1);
  if (!quiz) throw notFound();
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
  const choices = questions.length
    ? await db
        .select()
        .from(quizChoices)
        .where(
          inArray(
            quizChoices.questionId,
            questions.map((q) => q.id),
          ),
        )
        .orderBy(asc(quizChoices.position), asc(quizChoices.id))
    : [];
  return {
    quiz,
    questions: questions.map((q) => ({
      ...q,
      choices: choices.filter((c) => c.questionId === q.id),
    })),
  };
}

/** `GET /svc/quiz/quizzes/{id}`. */
export async function getQuiz(deps: Pick<Deps, "db" | "now">, auth: QuizAuth, quizId: number): Promise<QuizDto> {
  const lesson = await requireOpenableQuizLesson(deps.db, auth.userId, quizId, deps.now());
  const { quiz, questions } = await loadQuiz(deps.db, quizId);
  const [best] = await deps.db
    .select({
      score: sql<number>`max(${quizAttempts.score})::int`,
      passed: sql<boolean>`bool_or(${quizAttempts.passed})`,
      n: sql<number>`count(*)::int`,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, auth.userId), eq(quizAttempts.quizId, quizId)));
  return {
    id: quiz.id,
    title: quiz.title,
    content_id: lesson.contentId,
    pass_mark: quiz.passMark,
    // Only ids and texts: which choices are correct is revealed by an attempt's answer.
    questions: questions.map((q) => ({
      id: q.id,
      text: q.text,
      multiple: q.multiple,
      choices: q.choices.map((c) => ({ id: c.id, text: c.text })),
    })),
    best_attempt:
      best && Number(best.n) > 0
        ? {
            score: Number(best.score),
            passed: Boolean(best.passed),
            attempts: Number(best.n),
          }
        : null,
  };
}

export interface SubmitAttemptInput {
  quizId: number;
  body: QuizAttemptInput;
  idempotencyKey?: string | undefined;
  requestHash: string;
}

/**
 * `POST /svc/quiz/quizzes/{id}/attempts`: scores the answers (one per question, choices of that question; one
 * choice unless the question is multiple), stores the attempt and, when passed, completes the lesson — all in one
 * transaction, applied once per Idempotency-Key.
 */
export async function submitAttempt(
  deps: Pick<Deps, "db" | "now">,
  auth: QuizAuth,
  input: SubmitAttemptInput,
): Promise<IdempotentResult<QuizAttemptDto>> {
  return withIdempotency(deps, auth, input.idempotencyKey, input.requestHash, async (tx) => {
    const now = deps.now();
    const lesson = await requireOpenableQuizLesson(tx, auth.userId, input.quizId, now);
    const { quiz, questions } = await loadQuiz(tx, input.quizId);
    const byQuestion = new Map(input.body.answers.map((a) => [a.question_id, [...new Set(a.choice_ids)]]));
    for (const id of byQuestion.keys()) {
      if (!questions.some((q) => q.id === id))
        throw new AppError(422, "quiz_answer_invalid", {
          answers: ["quiz_answer_invalid"],
        });
    }
    if (questions.some((q) => !byQuestion.has(q.id)))
      throw new AppError(422, "quiz_answers_incomplete", {
        answers: ["quiz_answers_incomplete"],
      });
    const results = questions.map((q) => {
      const selected = byQuestion.get(q.id)!;
      const own = new Set(q.choices.map((c) => c.id));
      if (selected.some((id) => !own.has(id)) || (!q.multiple && selected.length !== 1)) {
        throw new AppError(422, "quiz_answer_invalid", {
          answers: ["quiz_answer_invalid"],
        });
      }
      const correctChoices = q.choices.filter((c) => c.correct).map((c) => c.id);
      return {
        question_id: q.id,
        correct: isAnswerCorrect(selected, correctChoices),
        selected,
        correct_choices: correctChoices,
      };
    });
    const correctCount = results.filter((r) => r.correct).length;
    const score = quizScore(correctCount, results.length);
    const passed = isPassed(score, quiz.passMark);
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({
        userId: auth.userId,
        quizId: quiz.id,
        contentId: lesson.contentId,
        answers: results.map((r) => ({
          question_id: r.question_id,
          choice_ids: r.selected,
        })),
        score,
        correctCount,
        total: results.length,
        passed,
        createdAt: now,
      })
      .returning({ id: quizAttempts.id });

    let lessonProgress: { percentage: number; completed: boolean };
    if (passed) {
      // Through the progress service's verb for quizzes: the only way a quiz lesson's progress moves.
      lessonProgress = await recordQuizPassed(tx, auth.userId, lesson.contentId, now);
    } else {
      const [p] = await tx
        .select({
          percentage: progress.percentage,
          completed: progress.completed,
        })
        .from(progress)
        .where(and(eq(progress.userId, auth.userId), eq(progress.contentId, lesson.contentId)))
        .limit(1);
      lessonProgress = {
        percentage: p?.percentage ?? 0,
        completed: p?.completed ?? false,
      };
    }
    return {
      id: attempt!.id,
      quiz_id: quiz.id,
      content_id: lesson.contentId,
      score,
      correct_count: correctCount,
      total: results.length,
      pass_mark: quiz.passMark,
      passed,
      results,
      progress: lessonProgress,
      created_at: now.toISOString(),
    };
  });
}
