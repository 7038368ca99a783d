import { QuizParams } from "../../../domain/schemas/quiz";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { getQuiz } from "../../services/quiz/quizzes";
import { authenticateQuiz } from "../../services/quiz/token";
import { QuizDtoSchema } from "../../../domain/quiz";

export default defineRoute({
  method: "get",
  base: "/svc/quiz",
  path: "/quizzes/{id}",
  summary: "Questions and choices of a quiz (never the correct ones), with the quiz token; 403 content_locked when its lesson is locked",
  tag: "quiz",
  auth: "none",
  // The quiz token comes from /svc/quiz/login, which refuses parents, teachers and unverified accounts: they have none (401).
  access: { ...PUPIL_ONLY, otherPupil: 404, parent: 401, teacher: 401, unverified: 401 },
  answer: QuizDtoSchema,
  params: QuizParams,
  response: "QuizDto",
  handler: async ({ deps, params, c }) => {
    const auth = await authenticateQuiz(deps, c.req.header("authorization"));
    return { payload: await getQuiz(deps, auth, params.id) };
  },
});
