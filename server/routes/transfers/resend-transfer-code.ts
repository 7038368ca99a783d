import { TransferCodeSentDtoSchema, TransferIdParams } from "../../../domain/schemas/transfers";
import { PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { RATE } from "../../lib/rate-rules";
import { defineRoute } from "../../lib/route";
import { TRANSFER_RATE } from "../../services/transfers/rate";
import { resendTransferCode } from "../../services/transfers/transfers";

export default defineRoute({
  method: "get",
  path: "/student/confirm-transfer-points/{id}",
  summary: "Send a new confirmation code for the caller's own pending transfer (the previous code dies); 404 for any other",
  tag: "transfers",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404, ...SPENDS_MONEY },
  answer: TransferCodeSentDtoSchema,
  params: TransferIdParams,
  rateLimits: [{ rule: RATE.codeSendIp }, { rule: TRANSFER_RATE.resendUser, subject: ({ auth }) => String(auth?.userId) }],
  response: "{ sent: true }",
  handler: async ({ deps, auth, params }) => {
    await resendTransferCode(deps, auth, params.id);
    return { payload: { sent: true as const } };
  },
});
