import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { loadMe } from "../../services/auth/me";
import { MeSchema } from "../../../domain/user";

export default defineRoute({
  method: "get",
  path: "/auth/my-profile",
  summary: "The signed-in user's profile (same shape as /auth/me)",
  tag: "auth",
  auth: "required",
  access: SIGNED_IN,
  // SPEC §2 gates: the profile editor completes a social profile.
  passGates: ["unverified", "password_change", "incomplete_profile"],
  answer: MeSchema,
  handler: async ({ deps, auth }) => ({ payload: await loadMe(deps.db, auth.userId, auth.adminId, deps.now()) }),
});
