import { UploadParams } from "../../../domain/schemas/exams";
import { defineRoute } from "../../lib/route";
import { uploadStatus } from "../../services/exams/uploads";
import { EXAM_ACCESS } from "./access";
import { UploadStatusDtoSchema } from "../../../domain/exams";

export default defineRoute({
  method: "get",
  path: "/student/content-exam/{id}/uploads/{uploadId}",
  summary: "The stored offset of a resumable upload (where to resume), and its file once complete",
  tag: "exams",
  auth: "required",
  access: EXAM_ACCESS,
  params: UploadParams,
  response: "UploadStatusDto",
  answer: UploadStatusDtoSchema,
  handler: async ({ deps, auth, params }) => ({ payload: await uploadStatus(deps, auth, params.id, params.uploadId) }),
});
