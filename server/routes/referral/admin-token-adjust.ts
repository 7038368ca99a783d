import { TokenAdjustBody, TokenAdjustDtoSchema } from "../../../domain/referral";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { adjustTokens } from "../../services/referral/operator";
import { requireAdminKey } from "../admin/admin-key";

export default defineRoute({
  method: "post",
  path: "/admin/token-adjustments",
  summary:
    "Operator only (X-Admin-Key): ± tokens for a pupil (by phone or e-mail), one audited token entry (reason operator, the given reason as its description); never below zero (402 tokens_insufficient)",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  body: TokenAdjustBody,
  answer: TokenAdjustDtoSchema,
  response: "{ user_id, tokens, gift_point }",
  handler: async ({ deps, body, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await adjustTokens(deps, body), status: 201 };
  },
});
