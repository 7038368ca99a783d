import { StartExamBody } from "../../../domain/schemas/exams";
import { defineRoute } from "../../lib/route";
import { startExam } from "../../services/exams/exams";
import { EXAM_ACCESS } from "./access";
import { TimeLimitationDtoSchema } from "../../../domain/exams";

export default defineRoute({
  method: "post",
  path: "/student/content-exam-student-time-limitation",
  summary:
    "Start an exam (contentExam): the server records started_at and the deadline once; a second start returns the first unchanged (200). 409 exam_not_opened before it opens, exam_expired after its due date",
  tag: "exams",
  auth: "required",
  access: EXAM_ACCESS,
  body: StartExamBody,
  response: "TimeLimitationDto (201 the first time, 200 after)",
  answer: TimeLimitationDtoSchema,
  handler: async ({ deps, auth, body }) => {
    const { result, created } = await startExam(deps, auth, body.contentExam);
    return { payload: result, status: created ? 201 : 200 };
  },
});
