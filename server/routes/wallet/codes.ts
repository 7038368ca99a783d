import { PageQuery } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { pointsHistory } from "../../services/wallet/topups";
import * as v from "valibot";
import { PointsHistoryRowDtoSchema } from "../../../domain/wallet";

export default defineRoute({
  method: "get",
  path: "/codes",
  summary: "The pupil's points history, newest first: top-up requests with their status and every other movement of the wallet (?page, ?perPage 10/25/100)",
  tag: "wallet",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(PointsHistoryRowDtoSchema),
  query: PageQuery,
  response: "PointsHistoryRowDto[] (code, method, amount in millimes, signed, description, date, status) with meta",
  handler: async ({ deps, auth, query }) => {
    const { items, meta } = await pointsHistory(deps, auth.userId, query.page, query.perPage);
    return { payload: items, meta };
  },
});
