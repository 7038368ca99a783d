import { PageQuery } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listSubscriptionHistory } from "../../services/account/history";
import { SubscriptionHistoryDtoSchema } from "../../../domain/account";
import * as v from "valibot";

export default defineRoute({
  method: "get",
  path: "/student/history/subscriptions",
  summary: "The pupil's subscriptions, newest first (?page, ?perPage 10/25/100); amounts in millimes",
  tag: "history",
  auth: "required",
  access: PUPIL_ONLY,
  query: PageQuery,
  response: "SubscriptionHistoryDto[] with meta",
  answer: v.array(SubscriptionHistoryDtoSchema),
  handler: async ({ deps, auth, query }) => listSubscriptionHistory(deps, auth.userId, query.page, query.perPage),
});
