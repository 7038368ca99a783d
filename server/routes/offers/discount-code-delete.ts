import { IdParams } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { removeAppliedCode } from "../../services/offers/discount-codes";
import { AppliedCodeRemovedDtoSchema } from "../../../domain/offers";

export default defineRoute({
  method: "delete",
  path: "/student/discount-code/{id}",
  summary: "Remove the discount code the pupil has added (404 when it is not theirs)",
  tag: "offers",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  answer: AppliedCodeRemovedDtoSchema,
  params: IdParams,
  response: "{ removed: true }",
  handler: async ({ deps, auth, params }) => ({ payload: await removeAppliedCode(deps, auth.userId, params.id) }),
});
