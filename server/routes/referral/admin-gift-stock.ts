import { GiftStockBody, GiftStockDtoSchema } from "../../../domain/referral";
import { IdParams } from "../../../domain/schemas/learning";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { setGiftStock } from "../../services/referral/operator";
import { requireAdminKey } from "../admin/admin-key";

export default defineRoute({
  method: "post",
  path: "/admin/gifts/{id}/stock",
  summary: "Operator only (X-Admin-Key): sets a gift's stock to `stock` units (0 or more)",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  params: IdParams,
  body: GiftStockBody,
  answer: GiftStockDtoSchema,
  response: "{ id, stock }",
  handler: async ({ deps, params, body, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await setGiftStock(deps, params.id, body.stock) };
  },
});
