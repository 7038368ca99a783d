import * as v from "valibot";
import { idSchema } from "../../../domain/schemas/common";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute, FILE_ANSWER } from "../../lib/route";
import { readMarksheetFile } from "../../services/profile/marksheets";
import { fileResponse } from "../../services/profile/files";

export default defineRoute({
  method: "get",
  path: "/student/mark-sheet/{id}/file",
  summary: "The file of one's own report card (view dialog); another pupil's is not found",
  tag: "profile",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  params: v.object({ id: idSchema }),
  answer: FILE_ANSWER,
  response: "the PDF or image bytes",
  handler: async ({ deps, auth, params }) => {
    const file = await readMarksheetFile(deps, auth, params.id);
    return fileResponse(file.bytes, file.mime, file.name);
  },
});
