import { PreferencesSchema } from "../../../domain/schemas/notifications";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { updatePreferences } from "../../services/notifications/inbox";
import { NotificationPreferencesDtoSchema } from "../../../domain/notifications";

export default defineRoute({
  method: "put",
  path: "/user/update-notification-preferences",
  summary: "Turns categories on or off ({ \"transferPoint\": 0 }); answers every category's value",
  tag: "notifications",
  auth: "required",
  access: PUPIL_ONLY,
  answer: NotificationPreferencesDtoSchema,
  body: PreferencesSchema,
  response: "Record<category, 0 | 1>",
  handler: async ({ deps, auth, body }) => ({ payload: await updatePreferences(deps, auth, body) }),
});
