import { MoveEventBody, MovedEventDtoSchema } from "../../../domain/events";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { moveEvent } from "../../services/events/move";
import { requireAdminKey } from "../admin/admin-key";

export default defineRoute({
  method: "post",
  path: "/admin/events/move",
  summary:
    "Operator only (X-Admin-Key): move a live session to a new start (ISO 8601, keeps its length) and notify its registered and eligible pupils in the same transaction",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  body: MoveEventBody,
  response: "{ id, start_time, end_time, notified }",
  answer: MovedEventDtoSchema,
  handler: async ({ deps, body, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await moveEvent(deps, body) };
  },
});
