import * as v from "valibot";
import { NotificationsQuery } from "../../../domain/schemas/notifications";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listNotifications } from "../../services/notifications/inbox";
import { NotificationDtoSchema } from "../../../domain/notifications";

export default defineRoute({
  method: "get",
  path: "/student/notifications",
  summary: "The bell: the pupil's notifications (?page&orderBy=id&sortedBy=desc&perPage=24, search=seen:false for unread); meta adds unread",
  tag: "notifications",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(NotificationDtoSchema),
  query: NotificationsQuery,
  response: "NotificationDto[] ({ id, title, title_ar, title_en, body, body_ar, body_en, link, url, category, type, seen, created_at }) with meta { current_page, last_page, total, unread }",
  handler: async ({ deps, auth, query }) => {
    const { payload, meta } = await listNotifications(deps, auth, query);
    return { payload, meta };
  },
});
