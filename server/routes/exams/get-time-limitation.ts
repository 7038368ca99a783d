import { ExamIdParams } from "../../../domain/schemas/exams";
import { defineRoute } from "../../lib/route";
import { getTimeLimitation } from "../../services/exams/exams";
import { EXAM_ACCESS } from "./access";
import { TimeLimitationDtoSchema } from "../../../domain/exams";

export default defineRoute({
  method: "get",
  path: "/student/content-exam-student-time-limitation/{id}",
  summary: "The pupil's timer of an exam: started_at, deadline (start + duration, 0 = 60 min, never after due_date), due_date and serverTime (the client corrects its clock by it)",
  tag: "exams",
  auth: "required",
  access: EXAM_ACCESS,
  params: ExamIdParams,
  response: "TimeLimitationDto",
  answer: TimeLimitationDtoSchema,
  handler: async ({ deps, auth, params }) => ({ payload: await getTimeLimitation(deps, auth, params.id) }),
});
