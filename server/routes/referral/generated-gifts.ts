import { GeneratedGiftListDtoSchema } from "../../../domain/referral";
import { PageQuery } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listGeneratedGifts } from "../../services/referral/gift-code";

export default defineRoute({
  method: "get",
  path: "/student/history/generated-gifts",
  summary: "The uses of the pupil's gift code, newest first (?page, ?perPage 10/25/100): the friend's name, the subscription's start and group, the points share and the tokens earned",
  tag: "referral",
  auth: "required",
  access: PUPIL_ONLY,
  query: PageQuery,
  answer: GeneratedGiftListDtoSchema,
  response: "GeneratedGiftDto[] with meta",
  handler: async ({ deps, auth, query }) => listGeneratedGifts(deps, auth.userId, query.page, query.perPage),
});
