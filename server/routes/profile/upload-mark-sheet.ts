import { MARKSHEET_MAX_BYTES, MarksheetDtoSchema } from "../../../domain/profile";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { uploadMarksheet } from "../../services/profile/marksheets";

export default defineRoute({
  method: "post",
  path: "/student/mark-sheet",
  summary: "Upload a report card (multipart: `file` a PDF or an image checked by content, `trimester` 1-3, `division`)",
  tag: "profile",
  auth: "required",
  access: PUPIL_ONLY,
  answer: MarksheetDtoSchema,
  upload: { maxBytes: MARKSHEET_MAX_BYTES },
  handler: async ({ deps, auth, c }) => ({
    payload: await uploadMarksheet(deps, auth, c.req.raw),
    status: 201,
  }),
});
