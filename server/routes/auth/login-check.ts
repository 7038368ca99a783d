import { LoginSchema } from "../../../domain/schemas/login";
import { PUBLIC } from "../../lib/access";
import { requestOrigin } from "../../lib/auth";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { login } from "../../services/auth/login";
import { loginRateKey } from "../../services/auth/users";
import { SessionDtoSchema } from "../../../domain/user";

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
  answer: SessionDtoSchema,
  handler: async ({ deps, body, ip, c }) => ({ payload: await login(deps, body, requestOrigin(ip, c.req.header("x-device-id"))) }),
});
