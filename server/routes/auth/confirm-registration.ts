import { ConfirmRegistrationSchema } from "../../../domain/schemas/auth";
import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { confirmRegistration } from "../../services/auth/verification";
import { VerifiedDtoSchema } from "../../../domain/user";

export default defineRoute({
  method: "post",
  path: "/auth/confirm-registration",
  summary: "Verify the account with the 6-character code (?token=)",
  tag: "auth",
  auth: "required",
  access: { ...SIGNED_IN, pupil: 409, otherPupil: 409, parent: 409, teacher: 409, admin: 409 },
  // SPEC §2 gates: the verification step itself (the first gate).
  passGates: ["unverified", "password_change", "incomplete_profile"],
  query: ConfirmRegistrationSchema,
  rateLimits: [{ rule: RATE.codeCheckIp }, { rule: RATE.codeCheckUser, subject: ({ auth }) => String(auth?.userId) }],
  answer: VerifiedDtoSchema,
  handler: async ({ deps, auth, query }) => {
    await confirmRegistration(deps, auth, query.token);
    return { payload: { verified: true as const }, message: "You are verified" };
  },
});
