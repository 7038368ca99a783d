import { ConversionRateDtoSchema } from "../../../domain/referral";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { conversionRate } from "../../services/referral/convert";

export default defineRoute({
  method: "get",
  path: "/student/gift-requests/conversion-rate-gift-point",
  summary: "The conversion rate of tokens to points (`rate`: tokens per point) and the least a conversion takes (`min`)",
  tag: "referral",
  auth: "required",
  access: PUPIL_ONLY,
  answer: ConversionRateDtoSchema,
  response: "{ rate, min }",
  handler: async () => ({ payload: conversionRate() }),
});
