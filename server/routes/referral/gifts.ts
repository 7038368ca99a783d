import { GiftListDtoSchema, GiftsQuery } from "../../../domain/referral";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listGifts } from "../../services/referral/gifts";

export default defineRoute({
  method: "get",
  path: "/student/gifts",
  summary: "The gift catalogue (?page, ?perPage 10/25/100, default 10; ?orderBy id|amount, ?sortedBy desc|asc): price in tokens, stock, names and descriptions in fr/en/ar, cover and gallery images",
  tag: "referral",
  auth: "required",
  access: PUPIL_ONLY,
  query: GiftsQuery,
  answer: GiftListDtoSchema,
  response: "GiftDto[] with meta",
  handler: async ({ deps, query }) => listGifts(deps, query),
});
