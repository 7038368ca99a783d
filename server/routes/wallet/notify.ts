import { PaymentNotifyBody } from "../../../domain/schemas/wallet";
import { verifyNotification } from "../../adapters/payments/signing";
import { PUBLIC } from "../../lib/access";
import { AppError } from "../../lib/errors";
import { defineRoute } from "../../lib/route";
import { notifyOrder } from "../../services/wallet/topups";
import { PaymentNotifiedDtoSchema } from "../../../domain/wallet";

export default defineRoute({
  method: "post",
  path: "/payment/notify",
  summary:
    "The payment gateway's server-to-server notification (orderId, status, amount, timestamp, signature: HMAC-SHA256 with the merchant's notification key). A bad signature is 403; a good one makes the server ask the gateway for the order's status and credit once when paid (what the notification says is never trusted alone)",
  tag: "wallet",
  auth: "none",
  access: PUBLIC,
  answer: PaymentNotifiedDtoSchema,
  body: PaymentNotifyBody,
  response: "{ status }",
  handler: async ({ deps, body }) => {
    if (!verifyNotification(deps.secret, body)) throw new AppError(403, "forbidden", undefined, "Bad notification signature");
    return { payload: await notifyOrder(deps, body.orderId) };
  },
});
