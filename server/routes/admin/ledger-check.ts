import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { checkLedger } from "../../services/wallet/ledger";
import { requireAdminKey } from "./admin-key";
import { LedgerCheckDtoSchema } from "../../../domain/admin";

export default defineRoute({
  method: "post",
  path: "/admin/ledger-check",
  summary: "Operator only (X-Admin-Key): reconcile the ledger — every balance equals the sum of its entries, every movement sums to zero, no pupil below zero",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  response: "{ wallets, entries, mismatched[], unbalancedMovements[], negative[], total, ok }",
  answer: LedgerCheckDtoSchema,
  handler: async ({ deps, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await checkLedger(deps.db) };
  },
});
