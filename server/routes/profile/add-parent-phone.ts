import { ParentPhoneSchema, ParentPhoneSetDtoSchema } from "../../../domain/profile";
import { PUPIL_ONLY } from "../../lib/access";
import { RATE } from "../../lib/rate-rules";
import { defineRoute } from "../../lib/route";
import { setParentPhone } from "../../services/profile/profile";

export default defineRoute({
  method: "put",
  path: "/user/add-parent-phone",
  summary:
    "Record the parent's phone (add-parent-phone modal; `phone2`: 8 digits starting 2, 4, 5 or 9). The answer is the same whether or not an account has that phone (a parent account gets its request after the answer); 5 an hour per pupil (429)",
  tag: "profile",
  auth: "required",
  access: PUPIL_ONLY,
  answer: ParentPhoneSetDtoSchema,
  body: ParentPhoneSchema,
  rateLimits: [{ rule: RATE.parentPhoneIp }, { rule: RATE.parentPhoneUser, subject: ({ auth }) => String(auth?.userId) }],
  handler: async ({ deps, auth, body }) => ({
    payload: await setParentPhone(deps, auth, body.phone2),
  }),
});
