import { AddEmailSchema, CodeSentDtoSchema } from "../../../domain/profile";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { requestEmail } from "../../services/profile/contact";

export default defineRoute({
  method: "put",
  path: "/user/add-email",
  summary: "Add an e-mail (add-email modal): a 6-character code goes to it; the e-mail is set once confirmed with /user/confirm-code",
  tag: "profile",
  auth: "required",
  access: PUPIL_ONLY,
  answer: CodeSentDtoSchema,
  passGates: ["incomplete_profile"],
  body: AddEmailSchema,
  rateLimits: [
    {
      rule: RATE.codeSendUser,
      subject: ({ auth }) => `contact:${auth?.userId}`,
    },
    { rule: RATE.codeSendIp },
  ],
  handler: async ({ deps, auth, body }) => ({
    payload: await requestEmail(deps, auth, body.email),
    message: "code_sent",
  }),
});
