import { TransferBody, TransferDtoSchema } from "../../../domain/schemas/transfers";
import { PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { requestHash } from "../../lib/idempotency";
import { defineRoute } from "../../lib/route";
import { TRANSFER_RATE } from "../../services/transfers/rate";
import { createTransfer } from "../../services/transfers/transfers";

export default defineRoute({
  method: "post",
  path: "/student/transfer-points",
  summary:
    "Start a point transfer to a pupil named by phone or e-mail (points in millimes: whole points 10–5000); sends a 6-digit code to the sender; nothing is debited until confirmed",
  tag: "transfers",
  auth: "required",
  access: { ...PUPIL_ONLY, ...SPENDS_MONEY },
  answer: TransferDtoSchema,
  body: TransferBody,
  idempotency: "required",
  rateLimits: [{ rule: TRANSFER_RATE.createUser, subject: ({ auth }) => String(auth?.userId) }],
  response: "TransferDto (status pending), 201",
  handler: async ({ deps, auth, body, idempotencyKey, c }) => {
    const { result, replayed } = await createTransfer(deps, auth, body, { idempotencyKey, requestHash: requestHash("POST", c.req.path, body) });
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result, status: 201 };
  },
});
