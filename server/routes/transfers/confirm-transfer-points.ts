import { ConfirmTransferQuery } from "../../../domain/schemas/transfers";
import { PUPIL_ONLY } from "../../lib/access";
import { requestHash } from "../../lib/idempotency";
import { defineRoute } from "../../lib/route";
import { TRANSFER_RATE } from "../../services/transfers/rate";
import { confirmTransfer } from "../../services/transfers/transfers";

export default defineRoute({
  method: "post",
  path: "/student/confirm-transfer-points",
  summary:
    "Confirm the caller's pending transfer with its code (?confirmationToken=<6 digits>&transfer=<id>): debit and credit together, once; 402 when the balance no longer covers it (still pending)",
  tag: "transfers",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  query: ConfirmTransferQuery,
  idempotency: "required",
  rateLimits: [{ rule: TRANSFER_RATE.confirmUser, subject: ({ auth }) => String(auth?.userId) }],
  response: "TransferDto (status confirmed)",
  handler: async ({ deps, auth, query, idempotencyKey, c }) => {
    const input = { transferId: query.transfer, code: query.confirmationToken };
    const { result, replayed } = await confirmTransfer(deps, auth, input, { idempotencyKey, requestHash: requestHash("POST", c.req.path, input) });
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result };
  },
});
