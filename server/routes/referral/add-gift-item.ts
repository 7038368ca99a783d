import { GiftRequestItemAddedDtoSchema, GiftRequestItemBody } from "../../../domain/referral";
import { PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { RATE } from "../../lib/rate-rules";
import { defineRoute } from "../../lib/route";
import { addGiftItem } from "../../services/referral/cart";

export default defineRoute({
  method: "post",
  path: "/student/gift-request-items",
  summary:
    "Adds one unit of `gift` to the pupil's cart (the open gift request, made on the first add); 403 gift_code_required before the pupil generated a gift code; 404 for an unknown gift; 409 gift_out_of_stock. Nothing is reserved until the order",
  tag: "referral",
  auth: "required",
  access: { ...PUPIL_ONLY, ...SPENDS_MONEY },
  body: GiftRequestItemBody,
  rateLimits: [{ rule: RATE.giftCartUser, subject: ({ auth }) => String(auth?.userId) }],
  answer: GiftRequestItemAddedDtoSchema,
  response: "{ id, gift_request_id, gift_id }",
  handler: async ({ deps, auth, body }) => ({ payload: await addGiftItem(deps, auth.userId, body.gift), status: 201 }),
});
