import * as v from "valibot";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { getAppliedCode } from "../../services/offers/discount-codes";
import { AppliedCodeDtoSchema } from "../../../domain/offers";

export default defineRoute({
  method: "get",
  path: "/student/discount-code",
  summary: "The discount code the pupil has added before paying, or null",
  tag: "offers",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.nullable(AppliedCodeDtoSchema),
  response: "AppliedCodeDto | null",
  handler: async ({ deps, auth }) => ({ payload: await getAppliedCode(deps, auth.userId) }),
});
