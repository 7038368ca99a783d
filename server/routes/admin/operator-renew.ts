import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { renewDue } from "../../services/operator/subscriptions";
import { requireAdminKey } from "./admin-key";
import { OperatorRenewalDtoSchema } from "../../../domain/admin";

export default defineRoute({
  method: "post",
  path: "/admin/operator-renew",
  summary:
    "Operator only (X-Admin-Key): charge the next period of every operator subscription due now through the carrier, once per period (a new Silver affiliation and one ledger movement each); a refused charge cancels the subscription; a charge without an answer stays pending for the next run (never charged twice). Safe to run on several machines at once",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  response: "{ renewed, stopped, pending }",
  answer: OperatorRenewalDtoSchema,
  handler: async ({ deps, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await renewDue(deps) };
  },
});
