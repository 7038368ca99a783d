import { TopupBody } from "../../../domain/schemas/wallet";
import { PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { requestHash } from "../../lib/idempotency";
import { defineRoute } from "../../lib/route";
import { createTopup } from "../../services/wallet/topups";
import { TopupCodeDtoSchema } from "../../../domain/wallet";

export default defineRoute({
  method: "post",
  path: "/student/codes",
  summary:
    "Asks for a top-up (pending): amount in millimes (whole dinars, 1 to 9999 TND), paymentMethod bank | d17 | online, reference (bank: required, no whitespace), comment; Idempotency-Key required",
  tag: "wallet",
  auth: "required",
  access: { ...PUPIL_ONLY, ...SPENDS_MONEY },
  answer: TopupCodeDtoSchema,
  body: TopupBody,
  idempotency: "required",
  response: "TopupCodeDto (201)",
  handler: async ({ deps, auth, body, idempotencyKey, c }) => {
    const { result, replayed } = await createTopup(deps, auth, body, idempotencyKey, requestHash("POST", c.req.path, body));
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result, status: 201 };
  },
});
