import * as v from "valibot";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listMarksheets } from "../../services/profile/marksheets";
import { MarksheetDtoSchema } from "../../../domain/profile";

export default defineRoute({
  method: "get",
  path: "/student/mark-sheets",
  summary: "The pupil's report cards (trimester, class, status pending/approved/rejected), newest first",
  tag: "profile",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(MarksheetDtoSchema),
  handler: async ({ deps, auth }) => ({
    payload: await listMarksheets(deps, auth),
  }),
});
