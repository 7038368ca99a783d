import { TopupIdParams } from "../../../domain/schemas/wallet";
import { PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { d17Payment } from "../../services/wallet/topups";
import { publicOrigin } from "../../lib/public-url";
import { D17PaymentDtoSchema } from "../../../domain/wallet";

export default defineRoute({
  method: "get",
  path: "/payment/d17/{id}",
  summary: "Registers the pupil's pending D17 top-up and answers the payment URL its QR code encodes",
  tag: "wallet",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404, ...SPENDS_MONEY },
  answer: D17PaymentDtoSchema,
  params: TopupIdParams,
  response: "D17PaymentDto { id, url, amount, status }",
  handler: async ({ deps, auth, params, c }) => ({ payload: await d17Payment(deps, auth, params.id, publicOrigin(deps.env, c.req.url)) }),
});
