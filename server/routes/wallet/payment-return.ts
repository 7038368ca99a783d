import { PaymentReturnQuery } from "../../../domain/schemas/wallet";
import { PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { requestHash } from "../../lib/idempotency";
import { defineRoute, type RouteDef } from "../../lib/route";
import { confirmReturn } from "../../services/wallet/topups";
import { PaymentStatusDtoSchema } from "../../../domain/wallet";

/** `POST /payment/success` and `/payment/echec`: the browser came back from the gateway; the server asks the gateway. */
const paymentReturn = (which: "success" | "echec"): RouteDef =>
  defineRoute({
    method: "post",
    path: `/payment/${which}`,
    summary:
      which === "success"
        ? "The browser's return from the gateway's success page (?orderId&lang): the server asks the gateway for the order's status and credits the top-up once when paid; Idempotency-Key required"
        : "The browser's return from the gateway's failure page (?orderId&lang): the server asks the gateway and closes the top-up as failed (or credits it once if the gateway says paid); Idempotency-Key required",
    tag: "wallet",
    auth: "required",
    access: { ...PUPIL_ONLY, otherPupil: 404, ...SPENDS_MONEY },
    answer: PaymentStatusDtoSchema,
    query: PaymentReturnQuery,
    idempotency: "required",
    response: "PaymentStatusDto { id, status, amount, payment_method }",
    handler: async ({ deps, auth, query, idempotencyKey, c }) => {
      const { result, replayed } = await confirmReturn(deps, auth, query.orderId, idempotencyKey, requestHash("POST", c.req.path, { orderId: query.orderId }));
      if (replayed) c.header("Idempotency-Replayed", "true");
      return { payload: result };
    },
  });

export const paymentSuccess = paymentReturn("success");
export const paymentEchec = paymentReturn("echec");
