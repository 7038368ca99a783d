import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { loadMe } from "../../services/auth/me";
import { MeSchema } from "../../../domain/user";

export default defineRoute({
  method: "get",
  path: "/auth/me",
  summary: "The signed-in user with offers and permissions",
  tag: "auth",
  auth: "required",
  access: SIGNED_IN,
  // SPEC §2 gates: the app reads the account to know which gate to lead to.
  passGates: ["unverified", "password_change", "incomplete_profile"],
  answer: MeSchema,
  handler: async ({ deps, auth }) => ({ payload: await loadMe(deps.db, auth.userId, auth.adminId, deps.now()) }),
});
