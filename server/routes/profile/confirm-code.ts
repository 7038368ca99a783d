import { ConfirmContactSchema, ContactConfirmedDtoSchema } from "../../../domain/profile";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { confirmContact } from "../../services/profile/contact";

export default defineRoute({
  method: "post",
  path: "/user/confirm-code",
  summary: "Confirm a new e-mail (verify-email modal) or phone of the profile with the code sent to it",
  tag: "profile",
  auth: "required",
  access: PUPIL_ONLY,
  answer: ContactConfirmedDtoSchema,
  passGates: ["incomplete_profile"],
  body: ConfirmContactSchema,
  rateLimits: [
    {
      rule: RATE.codeCheckUser,
      subject: ({ auth }) => `contact:${auth?.userId}`,
    },
    { rule: RATE.codeCheckIp },
  ],
  handler: async ({ deps, auth, body }) => ({
    payload: await confirmContact(deps, auth, body),
  }),
});
