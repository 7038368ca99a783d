/** Exams (issue 10): the inputs of the exam operations (SPEC §7 "Exams" and the resumable homework upload). */
import * as v from "valibot";
import { FILE_NAME_MAX, HOMEWORK_MAX_BYTES, isSafeFileName, uploadExtension } from "../exams";
import { idSchema, intSchema } from "./common";

export const ExamIdParams = v.object({ id: idSchema });
export const ExamFileParams = v.object({ examId: idSchema, fileId: idSchema });
/** An upload's id: a UUID the server made. */
const UPLOAD_ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const UploadParams = v.object({ id: idSchema, uploadId: v.pipe(v.string("not_found"), v.regex(UPLOAD_ID_RE, "id_invalid")) });

/** `?subject=slug` narrows the list to one subject (the subject page's Examens tab). */
export const ExamListQuery = v.object({
  subject: v.optional(v.pipe(v.string("slug_invalid"), v.regex(/^[a-z0-9-]{1,120}$/, "slug_invalid"))),
});

/** `?offset` weeks from the current one (-52…52). */
export const CalendarQuery = v.object({
  offset: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d{1,3}$/, "week_offset_invalid"), v.transform(Number))], "week_offset_invalid"),
      v.integer("week_offset_invalid"),
      v.minValue(-52, "week_offset_invalid"),
      v.maxValue(52, "week_offset_invalid"),
    ),
    0,
  ),
});

export const StartExamBody = v.object({ contentExam: intSchema("content_exam_invalid", 1) });

const fileNameSchema = v.pipe(
  v.string("file_name_invalid"),
  v.trim(),
  v.nonEmpty("file_name_invalid"),
  v.maxLength(FILE_NAME_MAX, "file_name_invalid"),
  // No path, no control characters; an allowed extension.
  v.check(isSafeFileName, "file_name_invalid"),
  v.check((s) => uploadExtension(s) !== null, "file_type_invalid"),
);

export const CreateUploadBody = v.object({
  name: fileNameSchema,
  size: intSchema("file_size_invalid", 1, HOMEWORK_MAX_BYTES),
  /**
   * The client's key of this file (a UUID made when the pupil pressed "send"): a second create with the same key answers
   * the same upload (resumed, or already complete) instead of a new one, so a homework file replayed from the device
   * after a crash is kept once.
   */
  upload_key: v.optional(v.pipe(v.string("idempotency_key_invalid"), v.uuid("idempotency_key_invalid"))),
});

export const ChunkQuery = v.object({ offset: intSchema("offset_invalid", 0, HOMEWORK_MAX_BYTES) });
