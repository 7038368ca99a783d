import { GiftCartDtoSchema } from "../../../domain/referral";
import { IdParams } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { RATE } from "../../lib/rate-rules";
import { defineRoute } from "../../lib/route";
import { removeGiftItem } from "../../services/referral/cart";

export default defineRoute({
  method: "delete",
  path: "/student/gift-request-items/{id}",
  summary: "Removes an item of the pupil's own cart (404 for another pupil's item or an ordered one); answers the cart after",
  tag: "referral",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  params: IdParams,
  rateLimits: [{ rule: RATE.giftCartUser, subject: ({ auth }) => String(auth?.userId) }],
  answer: GiftCartDtoSchema,
  response: "GiftCartDto",
  handler: async ({ deps, auth, params }) => ({ payload: await removeGiftItem(deps, auth.userId, params.id) }),
});
