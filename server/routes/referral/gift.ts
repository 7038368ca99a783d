import { GiftDtoSchema } from "../../../domain/referral";
import { IdParams } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { getGift } from "../../services/referral/gifts";

export default defineRoute({
  method: "get",
  path: "/student/gifts/{id}",
  summary: "One gift of the catalogue; 404 for an unknown or withdrawn gift",
  tag: "referral",
  auth: "required",
  access: PUPIL_ONLY,
  params: IdParams,
  answer: GiftDtoSchema,
  response: "GiftDto",
  handler: async ({ deps, params }) => ({ payload: await getGift(deps, params.id) }),
});
