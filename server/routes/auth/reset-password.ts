import { ResetPasswordSchema } from "../../../domain/schemas/auth";
import { normalizePhone } from "../../../domain/schemas/common";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { resetPassword } from "../../services/auth/password";

export default defineRoute({
  method: "post",
  path: "/auth/reset-password",
  summary: "Set a new password with the reset code; every session ends",
  tag: "auth",
  auth: "none",
  access: PUBLIC,
  body: ResetPasswordSchema,
  botCheck: true,
  rateLimits: [
    { rule: RATE.codeCheckIp },
    { rule: RATE.codeCheckUser, subject: ({ body }) => normalizePhone(body.credential).toLowerCase() },
  ],
  handler: async ({ deps, body }) => {
    await resetPassword(deps, body);
    return { payload: null, message: "Password changed" };
  },
});
