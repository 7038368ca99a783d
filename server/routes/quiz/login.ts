import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { quizLogin } from "../../services/quiz/token";
import { QuizLoginDtoSchema } from "../../../domain/quiz";

export default defineRoute({
  method: "post",
  base: "/svc/quiz",
  path: "/login",
  summary:
    "Open a quiz session with the pupil's bearer token: a short-lived quiz token (30 min) and the user id; other quiz calls take the quiz token",
  tag: "quiz",
  auth: "required",
  access: PUPIL_ONLY,
  answer: QuizLoginDtoSchema,
  rateLimits: [{ rule: { name: "quiz-login:user", limit: 60, windowSeconds: 600 }, subject: ({ auth }) => String(auth?.userId) }],
  response: "{ token, user_id, expires_at }",
  handler: async ({ deps, auth }) => ({ payload: await quizLogin(deps, auth) }),
});
