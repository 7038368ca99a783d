import * as v from "valibot";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listOffers } from "../../services/offers/catalogue";
import { OfferDtoSchema } from "../../../domain/offers";

export default defineRoute({
  method: "get",
  path: "/student/offers",
  summary: "The offers sold to the pupil's class, by position: prices per period in millimes (pricing list with discount info), subjects of per-subject offers, what the pupil already owns",
  tag: "offers",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(OfferDtoSchema),
  response: "OfferDto[]",
  handler: async ({ deps, auth }) => ({ payload: await listOffers(deps, auth.userId) }),
});
