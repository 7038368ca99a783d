import { DeliveryBody, PlacedGiftOrderDtoSchema } from "../../../domain/referral";
import { PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { requestHash } from "../../lib/idempotency";
import { RATE } from "../../lib/rate-rules";
import { defineRoute } from "../../lib/route";
import { placeGiftOrder } from "../../services/referral/orders";

export default defineRoute({
  method: "post",
  path: "/student/gift-requests-delivery",
  summary:
    "Places the cart as an order with its delivery (name ≥ 2, phone1 and optional phone2 of 8 digits starting 2/4/5/9, e-mail, governorate, address, optional postal code and note): spends the tokens and takes the stock in one transaction, once per Idempotency-Key; 404 no_gift_request_items for an empty cart, 402 tokens_insufficient, 409 gift_out_of_stock (nothing changes)",
  tag: "referral",
  auth: "required",
  access: { ...PUPIL_ONLY, ...SPENDS_MONEY },
  body: DeliveryBody,
  idempotency: "required",
  rateLimits: [{ rule: RATE.giftOrderUser, subject: ({ auth }) => String(auth?.userId) }],
  answer: PlacedGiftOrderDtoSchema,
  response: "{ order: GiftOrderDto, gift_point }",
  handler: async ({ deps, auth, body, idempotencyKey, c }) => {
    const { result, replayed } = await placeGiftOrder(deps, auth, body, idempotencyKey, requestHash("POST", c.req.path, body));
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result, status: 201 };
  },
});
