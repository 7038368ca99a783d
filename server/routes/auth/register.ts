import { RegisterSchema } from "../../../domain/schemas/auth";
import { PUBLIC } from "../../lib/access";
import { requestOrigin } from "../../lib/auth";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { register } from "../../services/auth/register";
import { SessionDtoSchema } from "../../../domain/user";

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
  answer: SessionDtoSchema,
  handler: async ({ deps, body, ip, c }) => ({ payload: await register(deps, body, requestOrigin(ip, c.req.header("x-device-id"))), status: 201 }),
});
