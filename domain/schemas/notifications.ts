/** Request schemas of the notifications operations (issue 11); the rest of the area is in domain/notifications.ts. */
import * as v from "valibot";
import { isNotificationCategory, NOTIFICATION_PAGE_SIZE, type NotificationPreferences } from "../notifications";
import { LOCALES } from "../constants";
import { idSchema } from "./common";

const seenFilter = v.optional(v.picklist(["seen:false", "seen:true"], "search_invalid"));

/** `GET /student/notifications?page&orderBy=id&sortedBy=desc&perPage=24&search=seen:false`. */
export const NotificationsQuery = v.object({
  page: v.pipe(
    v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, "page_invalid"), v.transform(Number)), "1"),
    v.number(),
    v.minValue(1, "page_invalid"),
  ),
  perPage: v.pipe(
    v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, "per_page_invalid"), v.transform(Number)), String(NOTIFICATION_PAGE_SIZE)),
    v.number(),
    v.minValue(1, "per_page_invalid"),
    v.maxValue(100, "per_page_invalid"),
  ),
  orderBy: v.optional(v.picklist(["id"], "order_invalid"), "id"),
  sortedBy: v.optional(v.picklist(["desc", "asc"], "order_invalid"), "desc"),
  search: seenFilter,
});

/** `GET /svc/notify/messages?search=seen:false&page`. */
export const MessagesQuery = v.object({
  page: v.pipe(
    v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, "page_invalid"), v.transform(Number)), "1"),
    v.number(),
    v.minValue(1, "page_invalid"),
  ),
  search: seenFilter,
});

export const NotificationIdParams = v.object({ id: idSchema });

/** `PUT /user/update-notification-preferences`: one or more categories, each set to 0 or 1 (`{ "transferPoint": 0 }`). */
export const PreferencesSchema = v.pipe(
  v.record(v.string(), v.picklist([0, 1, "0", "1"], "preference_invalid")),
  v.check((r) => Object.keys(r).length > 0, "preference_invalid"),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const key of Object.keys(dataset.value)) {
      if (!isNotificationCategory(key)) addIssue({ message: "preference_invalid", path: [{ type: "object", origin: "key", input: dataset.value, key, value: dataset.value[key] }] });
    }
  }),
  v.transform((r) => Object.fromEntries(Object.entries(r).map(([k, x]) => [k, Number(x) as 0 | 1])) as Partial<NotificationPreferences>),
);

/**
 * `POST /user/set-notification-token` (and its delete): an FCM registration token, and the device's language (its
 * pushes are written in it; French when not given).
 */
export const PushTokenSchema = v.object({
  token: v.pipe(v.string("token_invalid"), v.trim(), v.minLength(1, "token_invalid"), v.maxLength(4096, "token_invalid"), v.regex(/^[\x21-\x7e]+$/, "token_invalid")),
  platform: v.optional(v.picklist(["web", "android", "ios"], "platform_invalid"), "web"),
  language: v.optional(v.picklist(LOCALES, "language_invalid"), "fr"),
});

/** `GET /svc/notify/popup/hide?popup_id&user_id`. */
export const PopupHideQuery = v.object({ popup_id: idSchema, user_id: idSchema });

