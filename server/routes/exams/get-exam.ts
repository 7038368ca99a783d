import { ExamIdParams } from "../../../domain/schemas/exams";
import { defineRoute } from "../../lib/route";
import { examDetail } from "../../services/exams/exams";
import { EXAM_ACCESS } from "./access";
import { ExamDetailDtoSchema } from "../../../domain/exams";

export default defineRoute({
  method: "get",
  path: "/student/content-exam/{id}",
  summary:
    "One exam of the pupil's class: its files (exam and homework links once started or past due, corrections once past due; signed links for this session), the pupil's uploaded homework, the start and deadline, and serverTime",
  tag: "exams",
  auth: "required",
  access: EXAM_ACCESS,
  params: ExamIdParams,
  response: "ExamDetailDto",
  answer: ExamDetailDtoSchema,
  handler: async ({ deps, auth, params }) => ({ payload: await examDetail(deps, auth, params.id) }),
});
