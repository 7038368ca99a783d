import * as v from "valibot";
import { StatementQuery, StatementRowDtoSchema } from "../../../domain/wallet";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { walletStatement } from "../../services/wallet/statement";

export default defineRoute({
  method: "get",
  path: "/student/wallet/statement",
  summary:
    "The pupil's statement, newest first: every movement of the wallet with its kind, parameters and the balance after it, and the top-up requests that moved nothing yet (?page, ?perPage 10/25/100, ?kind topup/purchase/transfer/earning/refund/operator)",
  tag: "wallet",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(StatementRowDtoSchema),
  query: StatementQuery,
  response: "StatementRowDto[] (kind, signed amount in millimes, balance after, status, offer names per language, period, counterpart, code) with meta",
  handler: async ({ deps, auth, query }) => {
    const { items, meta } = await walletStatement(deps, auth.userId, query.page, query.perPage, query.kind);
    return { payload: items, meta };
  },
});
