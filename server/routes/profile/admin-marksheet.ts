import * as v from "valibot";
import { idSchema } from "../../../domain/schemas/common";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { decideMarksheet } from "../../services/profile/marksheets";
import { requireAdminKey } from "../admin/admin-key";
import { MarksheetDecisionDtoSchema } from "../../../domain/profile";

export default defineRoute({
  method: "post",
  path: "/admin/marksheets/{id}/decision",
  summary: "Operator only (X-Admin-Key): approve or reject a report card (reject with an optional reason)",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  answer: MarksheetDecisionDtoSchema,
  params: v.object({ id: idSchema }),
  body: v.object({
    decision: v.picklist(["approve", "reject"], "decision_invalid"),
    reason: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(255, "description_too_long"))), null),
  }),
  handler: async ({ deps, body, params, c }) => {
    requireAdminKey(c, deps.secret);
    return {
      payload: await decideMarksheet(deps, params.id, body.decision, body.reason || null),
    };
  },
});
