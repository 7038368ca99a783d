import { ChangePasswordSchema } from "../../../domain/schemas/auth";
import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { changePassword } from "../../services/auth/password";
import { NewTokenDtoSchema } from "../../../domain/user";

export default defineRoute({
  method: "put",
  path: "/user/change-password",
  summary: "Change the password (old, new, confirmation); other sessions end and a new token is returned",
  tag: "auth",
  auth: "required",
  access: SIGNED_IN,
  // SPEC §2 gates: the forced password change itself (after verification).
  passGates: ["password_change", "incomplete_profile"],
  body: ChangePasswordSchema,
  botCheck: true,
  rateLimits: [{ rule: RATE.codeCheckUser, subject: ({ auth }) => `pw:${auth?.userId}` }],
  answer: NewTokenDtoSchema,
  handler: async ({ deps, auth, body }) => ({ payload: await changePassword(deps, auth, body) }),
});
