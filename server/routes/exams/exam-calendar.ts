import { CalendarQuery } from "../../../domain/schemas/exams";
import { defineRoute } from "../../lib/route";
import { examCalendar } from "../../services/exams/exams";
import { EXAM_ACCESS } from "./access";
import { ExamCalendarDtoSchema } from "../../../domain/exams";

export default defineRoute({
  method: "get",
  path: "/student/content-exam/calendar",
  summary: "The pupil's exams open during a week (Monday–Sunday, Africa/Tunis); ?offset weeks from the current one (-52…52)",
  tag: "exams",
  auth: "required",
  access: { ...EXAM_ACCESS, otherPupil: "ok" },
  query: CalendarQuery,
  response: "{ offset, week_start, week_end, exams: ExamDto[] }",
  answer: ExamCalendarDtoSchema,
  handler: async ({ deps, auth, query }) => ({ payload: await examCalendar(deps, auth, query.offset) }),
});
