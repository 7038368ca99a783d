import { LoginSchema } from "../../../domain/schemas/login";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { login } from "../../services/auth/login";
import { loginRateKey } from "../../services/auth/users";

export default defineRoute({
  method: "post",
  path: "/auth/login_check",
  summary: "Sign in with phone or e-mail and password; returns payload.token and user_type",
  tag: "auth",
  auth: "none",
  access: PUBLIC,
  body: LoginSchema,
  // Anonymous: two short fields and the bot-check answer.
  bodyLimit: 4 * 1024,
  botCheck: true,
  rateLimits: [{ rule: RATE.loginIp }, { rule: RATE.loginUser, subject: ({ deps, body }) => loginRateKey(deps.db, body.username) }],
  handler: async ({ deps, body }) => ({ payload: await login(deps, body) }),
});
