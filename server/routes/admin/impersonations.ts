import * as v from "valibot";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { createImpersonation } from "../../services/auth/impersonation";
import { requireAdminKey } from "./admin-key";
import { ImpersonationLinkDtoSchema } from "../../../domain/admin";

export default defineRoute({
  method: "post",
  path: "/admin/impersonations",
  summary: "Operator only (X-Admin-Key): a one-time /switch link to act as a pupil, valid 60 s",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  body: v.object({ login: v.pipe(v.string(), v.trim(), v.nonEmpty()), admin: v.optional(v.pipe(v.string(), v.trim())) }),
  answer: ImpersonationLinkDtoSchema,
  handler: async ({ deps, body, c }) => {
    requireAdminKey(c, deps.secret);
    const link = await createImpersonation(deps, body.login, body.admin || undefined);
    return { payload: { ...link, expiresAt: link.expiresAt.toISOString() }, status: 201 };
  },
});
