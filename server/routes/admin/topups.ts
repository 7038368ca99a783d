import { TopupIdParams } from "../../../domain/schemas/wallet";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute, type RouteDef } from "../../lib/route";
import { decideBankTopup } from "../../services/wallet/topups";
import { requireAdminKey } from "./admin-key";
import { TopupCodeDtoSchema } from "../../../domain/wallet";

/** `npm run admin -- approve-topup <id>` / `reject-topup <id>`: a pending bank transfer or deposit, decided once. */
const decision = (action: "approve" | "reject"): RouteDef =>
  defineRoute({
    method: "post",
    path: `/admin/topups/{id}/${action}`,
    summary:
      action === "approve"
        ? "Operator only (X-Admin-Key): approve a pending bank top-up — credits the pupil once (409 topup_not_pending after)"
        : "Operator only (X-Admin-Key): reject a pending bank top-up — nothing is credited (409 topup_not_pending after)",
    tag: "admin",
    auth: "none",
    access: OPERATOR_KEY,
    params: TopupIdParams,
    response: "TopupCodeDto",
    answer: TopupCodeDtoSchema,
    handler: async ({ deps, params, c }) => {
      requireAdminKey(c, deps.secret);
      return { payload: await decideBankTopup(deps, params.id, action === "approve" ? "approved" : "rejected") };
    },
  });

export const adminApproveTopup = decision("approve");
export const adminRejectTopup = decision("reject");
