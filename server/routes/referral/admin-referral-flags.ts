import { ReferralFlagListDtoSchema } from "../../../domain/referral";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listReferralFlags } from "../../services/referral/operator";
import { requireAdminKey } from "../admin/admin-key";

export default defineRoute({
  method: "post",
  path: "/admin/referral-flags",
  summary:
    "Operator only (X-Admin-Key): the gift-code uses flagged for review, newest first (same IP or device as the code's owner within 72 h, more than 5 rewards in 24 h)",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  answer: ReferralFlagListDtoSchema,
  response: "ReferralFlagDto[]",
  handler: async ({ deps, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await listReferralFlags(deps) };
  },
});
