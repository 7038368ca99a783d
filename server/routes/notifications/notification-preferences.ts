import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { getPreferences } from "../../services/notifications/inbox";
import { NotificationPreferencesDtoSchema } from "../../../domain/notifications";

export default defineRoute({
  method: "get",
  path: "/user/notification-preferences",
  summary: "The pupil's notification preferences: every category of SPEC §3 with 0 or 1 (1 unless turned off)",
  tag: "notifications",
  auth: "required",
  access: PUPIL_ONLY,
  answer: NotificationPreferencesDtoSchema,
  response: "Record<category, 0 | 1>",
  handler: async ({ deps, auth }) => ({ payload: await getPreferences(deps, auth.userId) }),
});
