import { GiftCartDtoSchema } from "../../../domain/referral";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { currentCart } from "../../services/referral/cart";

export default defineRoute({
  method: "get",
  path: "/student/gift-requests/current",
  summary:
    "The pupil's cart: its items with their gift and price in tokens, the total and the pupil's tokens; always 200 — an empty cart (id null, no items) when there is none (the client then shows /parrain/empty-cart)",
  tag: "referral",
  auth: "required",
  access: PUPIL_ONLY,
  answer: GiftCartDtoSchema,
  response: "GiftCartDto",
  handler: async ({ deps, auth }) => ({ payload: await currentCart(deps, auth.userId) }),
});
