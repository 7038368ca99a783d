import { ExamFileParams } from "../../../domain/schemas/exams";
import { defineRoute, FILE_ANSWER } from "../../lib/route";
import { examDocument, fileCaller } from "../../services/exams/exams";
import { EXAM_ACCESS } from "./access";
import { serveFile } from "./serve-file";

export default defineRoute({
  method: "get",
  path: "/student/content-exam/{examId}/documents/{fileId}",
  summary:
    "A file of an exam of the pupil's class, or of a subject the teacher teaches (404 otherwise) (the subject and homework once started or past due; the corrections once past due: 409 exam_not_started before). Bearer header or the detail's signed link",
  tag: "exams",
  auth: "optional",
  access: { ...EXAM_ACCESS, teacher: "ok" },
  params: ExamFileParams,
  response: "the file's bytes",
  answer: FILE_ANSWER,
  handler: async ({ deps, auth, params, c }) => {
    const caller = await fileCaller(deps, auth, c.req.path, c.req.query("otp"), c.req.query("playbackInfo"));
    return serveFile(c, deps, await examDocument(deps, caller, params.examId, params.fileId));
  },
});
