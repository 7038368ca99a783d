import { ExamFileParams } from "../../../domain/schemas/exams";
import { defineRoute } from "../../lib/route";
import { deleteHomework } from "../../services/exams/uploads";
import { EXAM_ACCESS } from "./access";
import * as v from "valibot";

export default defineRoute({
  method: "delete",
  path: "/student/content-exam/{examId}/{fileId}",
  summary: "Delete one of the pupil's homework files: only while the exam runs for the pupil (409 file_not_deletable after)",
  tag: "exams",
  auth: "required",
  access: EXAM_ACCESS,
  params: ExamFileParams,
  response: "null",
  answer: v.null(),
  handler: async ({ deps, auth, params }) => {
    await deleteHomework(deps, auth, params.examId, params.fileId);
    return { payload: null };
  },
});
