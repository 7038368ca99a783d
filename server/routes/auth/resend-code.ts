import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { resendVerificationCode } from "../../services/auth/verification";
import { CodeSentDtoSchema } from "../../../domain/user";

export default defineRoute({
  method: "get",
  path: "/auth/resend-code",
  summary: "Send a new verification code",
  tag: "auth",
  auth: "required",
  access: { ...SIGNED_IN, pupil: 409, otherPupil: 409, parent: 409, teacher: 409, admin: 409 },
  // SPEC §2 gates: the verification step itself (the first gate).
  passGates: ["unverified", "password_change", "incomplete_profile"],
  rateLimits: [{ rule: RATE.codeSendIp }, { rule: RATE.codeSendUser, subject: ({ auth }) => String(auth?.userId) }],
  answer: CodeSentDtoSchema,
  handler: async ({ deps, auth }) => {
    await resendVerificationCode(deps, auth);
    return { payload: { sent: true as const } };
  },
});
