import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { renewDue } from "../../services/operator/subscriptions";
import { requireAdminKey } from "./admin-key";

export default defineRoute({
  method: "post",
  path: "/admin/operator-renew",
  summary:
    "Operator only (X-Admin-Key): charge the next period of every operator subscription due now through the carrier, once per period (a new Silver affiliation and one ledger movement each); a refused charge cancels the subscription",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  response: "{ renewed, stopped }",
  handler: async ({ deps, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await renewDue(deps) };
  },
});
