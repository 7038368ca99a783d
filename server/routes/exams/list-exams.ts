import { ExamListQuery } from "../../../domain/schemas/exams";
import { defineRoute } from "../../lib/route";
import { listExams } from "../../services/exams/exams";
import { EXAM_ACCESS } from "./access";
import { ExamDtoSchema } from "../../../domain/exams";
import * as v from "valibot";

export default defineRoute({
  method: "get",
  path: "/student/content-exam",
  summary: "The pupil's exams (their class; ?subject=slug for one subject), soonest due first, each with its state for the pupil; needs the exam permission (a live offer)",
  tag: "exams",
  auth: "required",
  access: { ...EXAM_ACCESS, otherPupil: "ok" },
  query: ExamListQuery,
  response: "ExamDto[]",
  answer: v.array(ExamDtoSchema),
  handler: async ({ deps, auth, query }) => ({ payload: await listExams(deps, auth, query.subject) }),
});
