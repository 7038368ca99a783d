import { ResetPasswordSchema } from "../../../domain/schemas/auth";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { resetPassword } from "../../services/auth/password";
import { loginRateKey } from "../../services/auth/users";
import * as v from "valibot";

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
    { rule: RATE.codeCheckUser, subject: ({ deps, body }) => loginRateKey(deps.db, body.credential) },
  ],
  answer: v.null(),
  handler: async ({ deps, body }) => {
    await resetPassword(deps, body);
    return { payload: null, message: "Password changed" };
  },
});
