import { TopupIdParams } from "../../../domain/schemas/wallet";
import { PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { requestHash } from "../../lib/idempotency";
import { defineRoute } from "../../lib/route";
import { checkD17 } from "../../services/wallet/topups";
import { PaymentStatusDtoSchema } from "../../../domain/wallet";

export default defineRoute({
  method: "get",
  path: "/payment/d17/check/{id}",
  summary: "'Continuer' of the D17 QR code: asks D17 for the order's status and credits the top-up once when paid; Idempotency-Key required",
  tag: "wallet",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404, ...SPENDS_MONEY },
  answer: PaymentStatusDtoSchema,
  params: TopupIdParams,
  idempotency: "required",
  response: "PaymentStatusDto { id, status, amount, payment_method }",
  handler: async ({ deps, auth, params, idempotencyKey, c }) => {
    const { result, replayed } = await checkD17(deps, auth, params.id, idempotencyKey, requestHash("GET", c.req.path, null));
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result };
  },
});
