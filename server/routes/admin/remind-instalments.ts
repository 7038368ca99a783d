import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { remindInstalments } from "../../services/offers/instalments";
import { requireAdminKey } from "./admin-key";
import { InstalmentRemindersDtoSchema } from "../../../domain/admin";

export default defineRoute({
  method: "post",
  path: "/admin/remind-instalments",
  summary:
    "Operator only (X-Admin-Key): tell every pupil whose paid instalments end within a week, with instalments left to pay, that the next one is due (notification category paySlice, once per payment)",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  response: "{ notified }",
  answer: InstalmentRemindersDtoSchema,
  handler: async ({ deps, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await remindInstalments(deps) };
  },
});
