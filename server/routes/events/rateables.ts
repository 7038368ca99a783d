import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { rateables } from "../../services/events/reviews";
import { RateableDtoSchema } from "../../../domain/events";
import * as v from "valibot";

export default defineRoute({
  method: "get",
  base: "/svc/reviews",
  path: "/rateables",
  summary: "Live sessions the pupil attended and has not rated nor declined, newest first (the rating dialog shows the first)",
  tag: "reviews",
  auth: "required",
  access: PUPIL_ONLY,
  response: "RateableDto[]",
  answer: v.array(RateableDtoSchema),
  handler: async ({ deps, auth }) => ({ payload: await rateables(deps, auth) }),
});
