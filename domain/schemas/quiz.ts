import * as v from "valibot";
import { idSchema } from "./common";

export const QuizParams = v.object({ id: idSchema });

/** `POST /svc/quiz/quizzes/{id}/attempts`: one answer per question (the server checks they cover the quiz). */
export const QuizAttemptBody = v.object({
  answers: v.optional(
    v.pipe(
      v.array(
        v.object({
          question_id: idSchema,
          choice_ids: v.pipe(
            v.array(idSchema, "quiz_answer_invalid"),
            v.minLength(1, "quiz_answers_incomplete"),
            v.maxLength(20, "quiz_answer_invalid"),
          ),
        }),
        "quiz_answers_incomplete",
      ),
      v.minLength(1, "quiz_answers_incomplete"),
      v.maxLength(100, "quiz_answer_invalid"),
      v.check((answers) => new Set(answers.map((a) => a.question_id)).size === answers.length, "quiz_answer_invalid"),
    ),
    // A missing list is an unanswered quiz (the default goes through the checks above).
    [],
  ),
});
export type QuizAttemptInput = v.InferOutput<typeof QuizAttemptBody>;
