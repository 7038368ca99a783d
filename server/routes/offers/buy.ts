import { BuyBody } from "../../../domain/schemas/offers";
import { PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { requestHash } from "../../lib/idempotency";
import { requestOrigin } from "../../lib/auth";
import { defineRoute } from "../../lib/route";
import { buyOffer } from "../../services/offers/checkout";
import { PurchaseDtoSchema } from "../../../domain/offers";

export default defineRoute({
  method: "post",
  path: "/student/checkout/buy",
  summary:
    "Buy an offer of the pupil's class with points: `amount` is the price the pupil saw in millimes (409 price_changed otherwise); applies the added discount code; 402 insufficient_balance changes nothing; 409 offer_owned / subject_owned / chapter_owned",
  tag: "offers",
  auth: "required",
  // Another class's offer is not for sale to this pupil: 422 offer_invalid.
  access: { ...PUPIL_ONLY, otherPupil: 422, ...SPENDS_MONEY },
  answer: PurchaseDtoSchema,
  body: BuyBody,
  idempotency: "required",
  response: "{ affiliation, points, event_id }",
  handler: async ({ deps, auth, body, idempotencyKey, ip, c }) => {
    const origin = requestOrigin(ip, c.req.header("x-device-id"));
    const { result, replayed } = await buyOffer(deps, auth, body, idempotencyKey, requestHash("POST", c.req.path, body), origin);
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result, status: 201 };
  },
});
