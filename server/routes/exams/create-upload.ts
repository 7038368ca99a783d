import { CreateUploadBody, ExamIdParams } from "../../../domain/schemas/exams";
import { defineRoute } from "../../lib/route";
import { createUpload } from "../../services/exams/uploads";
import { EXAM_ACCESS } from "./access";
import { UploadStatusDtoSchema } from "../../../domain/exams";

export default defineRoute({
  method: "post",
  path: "/student/content-exam/{id}/uploads",
  summary:
    "Begin a resumable homework upload (name with an allowed extension, size ≤ 25 MB) while the exam runs for the pupil; its chunks are then taken until the deadline plus 15 minutes of grace",
  tag: "exams",
  auth: "required",
  access: EXAM_ACCESS,
  params: ExamIdParams,
  body: CreateUploadBody,
  response: "UploadStatusDto (offset 0), 201",
  answer: UploadStatusDtoSchema,
  handler: async ({ deps, auth, params, body }) => ({ payload: await createUpload(deps, auth, params.id, body), status: 201 }),
});
