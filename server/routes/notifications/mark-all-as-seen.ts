import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { markAllSeen } from "../../services/notifications/inbox";
import { AllSeenDtoSchema } from "../../../domain/notifications";

export default defineRoute({
  method: "post",
  path: "/student/notifications/mark-all-as-seen",
  summary: "Marks every notification of the pupil seen",
  tag: "notifications",
  auth: "required",
  access: PUPIL_ONLY,
  answer: AllSeenDtoSchema,
  response: "{ marked, unread: 0 }",
  handler: async ({ deps, auth }) => ({ payload: await markAllSeen(deps, auth) }),
});
