import { ConfirmTransferBody, ConfirmTransferInput, ConfirmTransferQuery, TransferDtoSchema } from "../../../domain/schemas/transfers";
import { PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { requestHash } from "../../lib/idempotency";
import { defineRoute, parseOrThrow } from "../../lib/route";
import { TRANSFER_RATE } from "../../services/transfers/rate";
import { confirmTransfer } from "../../services/transfers/transfers";

export default defineRoute({
  method: "post",
  path: "/student/confirm-transfer-points",
  summary:
    "Confirm the caller's pending transfer with its code (body { confirmationToken: <6 digits>, transfer: <id> }; the query form ?confirmationToken=&transfer= of SPEC §7 is still read): debit and credit together, once; 402 when the balance no longer covers it (still pending)",
  tag: "transfers",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404, ...SPENDS_MONEY },
  answer: TransferDtoSchema,
  body: ConfirmTransferBody,
  query: ConfirmTransferQuery,
  idempotency: "required",
  rateLimits: [{ rule: TRANSFER_RATE.confirmUser, subject: ({ auth }) => String(auth?.userId) }],
  response: "TransferDto (status confirmed)",
  handler: async ({ deps, auth, body, query, idempotencyKey, c }) => {
    const both = await parseOrThrow(ConfirmTransferInput, {
      confirmationToken: body.confirmationToken ?? query.confirmationToken,
      transfer: body.transfer ?? query.transfer,
    });
    const input = { transferId: both.transfer, code: both.confirmationToken };
    const { result, replayed } = await confirmTransfer(deps, auth, input, { idempotencyKey, requestHash: requestHash("POST", c.req.path, input) });
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result };
  },
});
