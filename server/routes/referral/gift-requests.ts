import { GiftOrderListDtoSchema, GiftRequestsQuery } from "../../../domain/referral";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listGiftOrders } from "../../services/referral/orders";

export default defineRoute({
  method: "get",
  path: "/student/gift-requests",
  summary: "The pupil's gift orders, newest first (?page, ?perPage 10/25/100): items, delivery, tokens spent, status (pending, approved, rejected, shipped, delivered)",
  tag: "referral",
  auth: "required",
  access: PUPIL_ONLY,
  query: GiftRequestsQuery,
  answer: GiftOrderListDtoSchema,
  response: "GiftOrderDto[] with meta",
  handler: async ({ deps, auth, query }) => listGiftOrders(deps, auth.userId, query.page, query.perPage),
});
