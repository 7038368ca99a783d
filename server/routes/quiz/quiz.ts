import { QuizParams } from "../../../domain/schemas/quiz";
import { defineRoute } from "../../lib/route";
import { getQuiz } from "../../services/quiz/quizzes";
import { authenticateQuiz } from "../../services/quiz/token";

export default defineRoute({
  method: "get",
  base: "/svc/quiz",
  path: "/quizzes/{id}",
  summary: "Questions and choices of a quiz (never the correct ones), with the quiz token; 403 content_locked when its lesson is locked",
  tag: "quiz",
  auth: "none",
  params: QuizParams,
  response: "QuizDto",
  handler: async ({ deps, params, c }) => {
    const auth = await authenticateQuiz(deps, c.req.header("authorization"));
    return { payload: await getQuiz(deps, auth, params.id) };
  },
});
