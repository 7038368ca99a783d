import { ExamFileParams } from "../../../domain/schemas/exams";
import { defineRoute, FILE_ANSWER } from "../../lib/route";
import { fileCaller, homeworkFile } from "../../services/exams/exams";
import { EXAM_ACCESS } from "./access";
import { serveFile } from "./serve-file";

export default defineRoute({
  method: "get",
  path: "/student/content-exam/{examId}/files/{fileId}",
  summary:
    "A homework file: its owner, or a teacher of the exam's subject and class (404 to anyone else, another teacher included). With the bearer header, or with the signed link the exam detail gives (?otp&playbackInfo, for the preview frame), which dies with its session",
  tag: "exams",
  auth: "optional",
  access: { ...EXAM_ACCESS, teacher: "ok" },
  params: ExamFileParams,
  response: "the file's bytes",
  answer: FILE_ANSWER,
  handler: async ({ deps, auth, params, c }) => {
    const caller = await fileCaller(deps, auth, c.req.path, c.req.query("otp"), c.req.query("playbackInfo"));
    return serveFile(c, deps, await homeworkFile(deps, caller, params.examId, params.fileId));
  },
});
