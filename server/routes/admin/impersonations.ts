import * as v from "valibot";
import { hmac, safeEqualHex } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { defineRoute } from "../../lib/route";
import { createImpersonation } from "../../services/auth/impersonation";

/** The operator key the admin CLI derives from the server secret (same machine, same DATA_DIR or JWT_SECRET). */
export const adminCliKey = (secret: string) => hmac(secret, "admin-cli");

export default defineRoute({
  method: "post",
  path: "/admin/impersonations",
  summary: "Operator only (X-Admin-Key): a one-time /switch link to act as a pupil, valid 60 s",
  tag: "admin",
  auth: "none",
  body: v.object({ login: v.pipe(v.string(), v.trim(), v.nonEmpty()), admin: v.optional(v.pipe(v.string(), v.trim())) }),
  handler: async ({ deps, body, c }) => {
    const key = c.req.header("x-admin-key") ?? "";
    if (!/^[0-9a-f]{64}$/.test(key) || !safeEqualHex(key, adminCliKey(deps.secret))) throw new AppError(403, "forbidden");
    const link = await createImpersonation(deps, body.login, body.admin || undefined);
    return { payload: { ...link, expiresAt: link.expiresAt.toISOString() }, status: 201 };
  },
});
