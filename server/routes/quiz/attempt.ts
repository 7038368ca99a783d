import { QuizAttemptBody, QuizParams } from "../../../domain/schemas/quiz";
import { readIdempotencyKey, requestHash } from "../../lib/idempotency";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { submitAttempt } from "../../services/quiz/quizzes";
import { authenticateQuiz } from "../../services/quiz/token";
import { QuizAttemptDtoSchema } from "../../../domain/quiz";

export default defineRoute({
  method: "post",
  base: "/svc/quiz",
  path: "/quizzes/{id}/attempts",
  summary: "Submit answers (quiz token): score, per-question correctness and correct choices; a pass completes the lesson; honours Idempotency-Key",
  tag: "quiz",
  auth: "none",
  // The quiz token comes from /svc/quiz/login, which refuses parents, teachers and unverified accounts: they have none (401).
  access: { ...PUPIL_ONLY, otherPupil: 404, parent: 401, teacher: 401, unverified: 401 },
  answer: QuizAttemptDtoSchema,
  // The quiz token is checked in the handler: count per address.
  rateLimits: [{ rule: { name: "quiz-attempt:ip", limit: 120, windowSeconds: 600 } }],
  params: QuizParams,
  body: QuizAttemptBody,
  response: "QuizAttemptDto",
  handler: async ({ deps, params, body, c }) => {
    const auth = await authenticateQuiz(deps, c.req.header("authorization"));
    const key = readIdempotencyKey(c.req.header("idempotency-key"));
    const { result, replayed } = await submitAttempt(deps, auth, {
      quizId: params.id,
      body,
      idempotencyKey: key,
      requestHash: requestHash("POST", c.req.path, body),
    });
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result, status: 201 };
  },
});
