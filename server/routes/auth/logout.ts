import { revokeSession } from "../../lib/auth";
import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";

export default defineRoute({
  method: "get",
  path: "/auth/logout",
  summary: "End this session: the token stops working",
  tag: "auth",
  auth: "required",
  access: SIGNED_IN,
  // SPEC §2 gates: every account may leave.
  passGates: ["unverified", "password_change", "incomplete_profile"],
  handler: async ({ deps, auth }) => {
    await revokeSession(deps.db, auth.sessionId, deps.now());
    return { payload: null };
  },
});
