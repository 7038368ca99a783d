import * as v from "valibot";
import { idSchema } from "../../../domain/schemas/common";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { refundPurchase } from "../../services/offers/refund";
import { requireAdminKey } from "./admin-key";
import { RefundDtoSchema } from "../../../domain/admin";

export default defineRoute({
  method: "post",
  path: "/admin/affiliations/{id}/refund",
  summary:
    "Operator only (X-Admin-Key): refund a purchase — the price paid goes back to the pupil through the ledger and the subscription ends, once (409 after)",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  params: v.object({ id: idSchema }),
  response: "{ affiliationId, userId, refunded (millimes), end_date, refunded_at }",
  answer: RefundDtoSchema,
  handler: async ({ deps, params, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await refundPurchase(deps, params.id) };
  },
});
