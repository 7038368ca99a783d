import * as v from "valibot";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listDivisionChanges } from "../../services/profile/divisions";
import { DivisionChangeDtoSchema } from "../../../domain/profile";

export default defineRoute({
  method: "get",
  path: "/edit-division",
  summary: "The pupil's class-change requests (old and new class, reason, reason2, status), newest first",
  tag: "profile",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(DivisionChangeDtoSchema),
  handler: async ({ deps, auth }) => ({
    payload: await listDivisionChanges(deps, auth),
  }),
});
