import { UPLOAD_CHUNK_MAX_BYTES, UploadStatusDtoSchema } from "../../../domain/exams";
import { ChunkQuery, UploadParams } from "../../../domain/schemas/exams";
import { AppError } from "../../lib/errors";
import { defineRoute } from "../../lib/route";
import { writeChunk } from "../../services/exams/uploads";
import { EXAM_ACCESS } from "./access";

export default defineRoute({
  method: "put",
  path: "/student/content-exam/{id}/uploads/{uploadId}",
  summary:
    "Send a chunk (application/octet-stream, ≤ 1 MiB) of a resumable upload at ?offset, which must be the stored offset (422 upload_offset_mismatch otherwise); bytes that arrive before a dropped connection are kept. The last chunk checks the content and makes the homework file",
  tag: "exams",
  auth: "required",
  access: EXAM_ACCESS,
  params: UploadParams,
  query: ChunkQuery,
  upload: { maxBytes: UPLOAD_CHUNK_MAX_BYTES, raw: true },
  response: "UploadStatusDto",
  answer: UploadStatusDtoSchema,
  handler: async ({ deps, auth, params, query, c }) => {
    if (!/^\s*application\/octet-stream\s*(;|$)/i.test(c.req.header("content-type") ?? "")) throw new AppError(415, "unsupported_media_type");
    return { payload: await writeChunk(deps, auth, params.id, params.uploadId, query.offset, c.req.raw.body) };
  },
});
