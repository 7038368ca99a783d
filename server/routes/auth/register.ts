import { RegisterSchema } from "../../../domain/schemas/auth";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { register } from "../../services/auth/register";

export default defineRoute({
  method: "post",
  path: "/auth/register",
  summary: "Create a student account; sends a verification code and returns a session token",
  tag: "auth",
  auth: "none",
  access: PUBLIC,
  body: RegisterSchema,
  // Anonymous: the form's fields and the bot-check answer.
  bodyLimit: 8 * 1024,
  botCheck: true,
  rateLimits: [{ rule: RATE.registerIp }],
  handler: async ({ deps, body }) => ({ payload: await register(deps, body), status: 201 }),
});
