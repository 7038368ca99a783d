import { GiftOrderStepBody, GiftOrderStepDtoSchema } from "../../../domain/referral";
import { IdParams } from "../../../domain/schemas/learning";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { stepGiftOrder } from "../../services/referral/operator";
import { requireAdminKey } from "../admin/admin-key";

export default defineRoute({
  method: "post",
  path: "/admin/gift-orders/{id}/status",
  summary:
    "Operator only (X-Admin-Key): a gift order's next step (approve, reject, ship, deliver; a reason for a rejection); the allowed steps only (409 gift_order_transition_invalid); a rejection returns the tokens and the stock once; the pupil is notified",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  params: IdParams,
  body: GiftOrderStepBody,
  answer: GiftOrderStepDtoSchema,
  response: "{ id, user_id, status, changed, tokens_returned }",
  handler: async ({ deps, params, body, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await stepGiftOrder(deps, params.id, body.step, body.reason || null) };
  },
});
