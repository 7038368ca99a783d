import * as v from "valibot";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { divisionPromoCards } from "../../services/learning/home";
import { PromoCardDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "get",
  path: "/student/pubs-cards",
  summary: "Promo cards of the pupil's class, by position",
  tag: "learning",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(PromoCardDtoSchema),
  response: "PromoCardDto[]",
  handler: async ({ deps, auth }) => ({ payload: await divisionPromoCards(deps, auth.userId) }),
});
