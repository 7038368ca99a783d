import { HOMEWORK_MAX_BYTES, ExamFileDtoSchema } from "../../../domain/exams";
import { ExamIdParams } from "../../../domain/schemas/exams";
import { AppError } from "../../lib/errors";
import { defineRoute } from "../../lib/route";
import { uploadMultipart } from "../../services/exams/uploads";
import { EXAM_ACCESS } from "./access";
import * as v from "valibot";

export default defineRoute({
  method: "post",
  path: "/student/content-exam/{id}",
  summary:
    "Upload homework in one request (multipart contentFiles, one or more; SPEC §5 types checked by content): only while the exam runs for the pupil. Large files on a weak link: the resumable upload (…/uploads)",
  tag: "exams",
  auth: "required",
  access: EXAM_ACCESS,
  params: ExamIdParams,
  upload: { maxBytes: HOMEWORK_MAX_BYTES + 64 * 1024 },
  response: "ExamFileDto[] (the pupil's homework), 201",
  answer: v.array(ExamFileDtoSchema),
  handler: async ({ deps, auth, params, c }) => {
    if (!/^\s*multipart\/form-data/i.test(c.req.header("content-type") ?? "")) throw new AppError(422, "file_required", { contentFiles: ["file_required"] });
    return { payload: await uploadMultipart(deps, auth, params.id, c.req.raw), status: 201 };
  },
});
