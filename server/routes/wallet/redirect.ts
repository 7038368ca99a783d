import * as v from "valibot";
import { TopupIdParams } from "../../../domain/schemas/wallet";
import { PUPIL_ONLY, SPENDS_MONEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { paymentRedirect } from "../../services/wallet/topups";
import { publicOrigin } from "../../lib/public-url";
import { PaymentRedirectDtoSchema } from "../../../domain/wallet";

const LangQuery = v.object({ lang: v.optional(v.picklist(["fr", "en", "ar"], "validation_failed"), "fr") });

export default defineRoute({
  method: "get",
  path: "/payment/redirect/{id}",
  summary: "Registers the pupil's pending card top-up with the payment gateway and answers the hidden form to post the browser to (url and fields)",
  tag: "wallet",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404, ...SPENDS_MONEY },
  answer: PaymentRedirectDtoSchema,
  params: TopupIdParams,
  query: LangQuery,
  response: "{ url, data }",
  handler: async ({ deps, auth, params, query, c }) => ({ payload: await paymentRedirect(deps, auth, params.id, publicOrigin(deps.env, c.req.url), query.lang) }),
});
