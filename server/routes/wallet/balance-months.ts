import * as v from "valibot";
import { BalanceMonthDtoSchema } from "../../../domain/wallet";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { balanceMonths } from "../../services/wallet/statement";

export default defineRoute({
  method: "get",
  path: "/student/wallet/balance-months",
  summary: "The pupil's balance at the end of each of the last 6 months (Africa/Tunis; the current month: now), oldest first",
  tag: "wallet",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(BalanceMonthDtoSchema),
  response: "BalanceMonthDto[] (month YYYY-MM, balance in millimes)",
  handler: async ({ deps, auth }) => ({ payload: await balanceMonths(deps, auth.userId) }),
});
