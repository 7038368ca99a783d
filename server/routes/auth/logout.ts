import { revokeSession } from "../../lib/auth";
import { defineRoute } from "../../lib/route";

export default defineRoute({
  method: "get",
  path: "/auth/logout",
  summary: "End this session: the token stops working",
  tag: "auth",
  auth: "required",
  handler: async ({ deps, auth }) => {
    await revokeSession(deps.db, auth.sessionId, deps.now());
    return { payload: null };
  },
});
