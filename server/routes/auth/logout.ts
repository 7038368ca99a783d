import { revokeSession } from "../../lib/auth";
import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import * as v from "valibot";

export default defineRoute({
  method: "get",
  path: "/auth/logout",
  summary: "End this session: the token stops working",
  tag: "auth",
  auth: "required",
  access: SIGNED_IN,
  // SPEC §2 gates: every account may leave.
  passGates: ["unverified", "password_change", "incomplete_profile"],
  answer: v.null(),
  handler: async ({ deps, auth, c }) => {
    await revokeSession(deps.db, auth.sessionId, deps.now());
    // A shared tablet: the browser's HTTP cache still holds this pupil's media (private, one hour) under URLs the history
    // remembers; the next pupil must not open them from there. The service worker's caches are the app's own (kept
    // lessons are wiped by the app at logout; the precache is the app's code).
    c.header("Clear-Site-Data", '"cache"');
    return { payload: null };
  },
});
