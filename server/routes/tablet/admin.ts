import { AdminTabletCodeBody, TabletCodeDtoSchema, TabletIdParams, TabletRevokedDtoSchema } from "../../../domain/tablet";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { createTabletCode, revokeTablet } from "../../services/tablet/devices";
import { requireAdminKey } from "../admin/admin-key";

/** `npm run admin -- tablet-code <class id|name> [--idle minutes]`. */
export const adminTabletCode = defineRoute({
  method: "post",
  path: "/admin/tablet-codes",
  summary: "Operator only (X-Admin-Key): a one-time code (15 minutes) that turns a device on, or off, as a tablet of a class",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  body: AdminTabletCodeBody,
  answer: TabletCodeDtoSchema,
  handler: async ({ deps, body, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await createTabletCode(deps, body.division, body.idle_minutes) };
  },
});

/** `npm run admin -- tablet-revoke <tablet id>`. */
export const adminTabletRevoke = defineRoute({
  method: "post",
  path: "/admin/tablets/{id}/revoke",
  summary: "Operator only (X-Admin-Key): revoke a class tablet; its device credential stops working at once",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  params: TabletIdParams,
  answer: TabletRevokedDtoSchema,
  handler: async ({ deps, params, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await revokeTablet(deps, params.id) };
  },
});
