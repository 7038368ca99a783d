import { ParentPhoneSchema } from "../../../domain/profile";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { setParentPhone } from "../../services/profile/profile";

export default defineRoute({
  method: "put",
  path: "/user/add-parent-phone",
  summary: "Record the parent's phone (add-parent-phone modal; `phone2`: 8 digits starting 2, 4, 5 or 9)",
  tag: "profile",
  auth: "required",
  access: PUPIL_ONLY,
  body: ParentPhoneSchema,
  handler: async ({ deps, auth, body }) => ({
    payload: await setParentPhone(deps, auth, body.phone2),
  }),
});
