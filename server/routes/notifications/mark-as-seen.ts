import { NotificationIdParams } from "../../../domain/schemas/notifications";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { markSeen } from "../../services/notifications/inbox";
import { SeenNotificationDtoSchema } from "../../../domain/notifications";

export default defineRoute({
  method: "post",
  path: "/student/notifications/{id}/mark-as-seen",
  summary: "Marks one of the pupil's notifications seen (idempotent); another user's is 404",
  tag: "notifications",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  answer: SeenNotificationDtoSchema,
  params: NotificationIdParams,
  response: "NotificationDto ({ id, title, title_ar, title_en, body, body_ar, body_en, link, url, category, type, seen, created_at }) and unread",
  handler: async ({ deps, auth, params }) => {
    const { payload, unread } = await markSeen(deps, auth, params.id);
    return { payload: { ...payload, unread } };
  },
});
