import { ConversionDtoSchema, ConvertBody } from "../../../domain/referral";
import { PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { requestHash } from "../../lib/idempotency";
import { defineRoute } from "../../lib/route";
import { convertTokens } from "../../services/referral/convert";

export default defineRoute({
  method: "post",
  path: "/student/gift-requests/convert-gift-point",
  summary:
    "Converts `giftPoint` tokens (digits only, at least 5) to round(giftPoint ÷ rate) points in one transaction, once per Idempotency-Key; 402 tokens_insufficient when the pupil has fewer tokens (nothing changes)",
  tag: "referral",
  auth: "required",
  access: { ...PUPIL_ONLY, ...SPENDS_MONEY },
  body: ConvertBody,
  idempotency: "required",
  answer: ConversionDtoSchema,
  response: "{ id, tokens, points, gift_point, balance }",
  handler: async ({ deps, auth, body, idempotencyKey, c }) => {
    const { result, replayed } = await convertTokens(deps, auth, body, idempotencyKey, requestHash("POST", c.req.path, body));
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result, status: 201 };
  },
});
