import { DiscountCodeBody } from "../../../domain/schemas/offers";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { addDiscountCode } from "../../services/offers/discount-codes";
import { AppliedCodeDtoSchema } from "../../../domain/offers";

export default defineRoute({
  method: "post",
  path: "/student/discount-code",
  summary: "Add a discount code (coupon, influencer's code or referral code CP-…) to an offer before paying: one at a time, first instalment only; every refusal is a 422 on the `code` field",
  tag: "offers",
  auth: "required",
  access: PUPIL_ONLY,
  answer: AppliedCodeDtoSchema,
  body: DiscountCodeBody,
  response: "AppliedCodeDto, 201",
  handler: async ({ deps, auth, body }) => ({ payload: await addDiscountCode(deps, auth.userId, body), status: 201 }),
});
