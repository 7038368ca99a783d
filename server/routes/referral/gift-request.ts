import { GiftOrderDtoSchema } from "../../../domain/referral";
import { IdParams } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { getGiftOrder } from "../../services/referral/orders";

export default defineRoute({
  method: "get",
  path: "/student/gift-requests/{id}",
  summary: "One of the pupil's gift orders (/parrain/purchase-history/{id}); another pupil's order, or a cart, is a 404",
  tag: "referral",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  params: IdParams,
  answer: GiftOrderDtoSchema,
  response: "GiftOrderDto",
  handler: async ({ deps, auth, params }) => ({ payload: await getGiftOrder(deps, auth.userId, params.id) }),
});
