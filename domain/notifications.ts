/**
 * Notifications, messages, pop-ups and web push (SPEC §3 "Notification", "Message", "Pop-up", preference categories;
 * §4; §9 page size and truncation). Shared by the server, the client and the service worker: the categories and their
 * groups, the body truncation, the answers, and the one mapping from a notification's link (or a push
 * message's `link` / `url` / `fcmOptions.link`) to a route of the app. Request schemas: domain/schemas/notifications.ts.
 */
import * as v from "valibot";
import { withEntries } from "./schemas/common";
import { NOTIFICATIONS_PAGE_SIZE } from "./constants";

/** The preference categories of SPEC §3, in their four groups (the settings panel shows them in this order). */
export const NOTIFICATION_GROUPS = {
  general: ["completeInformation", "giftCodeUsed", "parentRequest", "changePassword"],
  contents: ["uploadNewSessionRecord", "uploadNewContent"],
  sessions: ["updateSession", "updateVideoReport"],
  payment: ["paySlice", "transferPoint"],
} as const;
export type NotificationGroup = keyof typeof NOTIFICATION_GROUPS;
export type NotificationCategory = (typeof NOTIFICATION_GROUPS)[NotificationGroup][number];
export const NOTIFICATION_CATEGORIES = Object.values(NOTIFICATION_GROUPS).flat() as NotificationCategory[];

export function isNotificationCategory(value: unknown): value is NotificationCategory {
  return typeof value === "string" && (NOTIFICATION_CATEGORIES as string[]).includes(value);
}

/** A pupil's preferences: every category on unless set to 0 (`users.notification_preferences`). */
export type NotificationPreferences = Record<NotificationCategory, 0 | 1>;
export function effectivePreferences(stored: Record<string, unknown> | null | undefined): NotificationPreferences {
  const out = {} as NotificationPreferences;
  for (const c of NOTIFICATION_CATEGORIES) out[c] = stored?.[c] === 0 ? 0 : 1;
  return out;
}

/** Page size of the notifications menu (SPEC §9). */
export const NOTIFICATION_PAGE_SIZE = NOTIFICATIONS_PAGE_SIZE;
/** Body truncation (SPEC §9): 50 characters, 25 on screens up to 480 px. */
const NOTIFICATION_BODY_MAX = 50;
const NOTIFICATION_BODY_MAX_NARROW = 25;
export const NARROW_SCREEN_MAX_PX = 480;

const FSI = "\u2068";
const PDI = "\u2069";
/** Left-to-right and right-to-left isolates (LRI, RLI): a run whose direction is known (the server's notification texts). */
const LRI = "\u2066";
const RLI = "\u2067";
const isIsolateMark = (c: string) => c >= "\u2066" && c <= "\u2069";

/**
 * Cuts a body to at most `max` characters (by code point) with an ellipsis at its logical end, at a word boundary: the
 * cut backs off to the last space before the limit, so that no word (Arabic letters joined, or Latin) is split — a
 * single word longer than the limit is cut at the limit. The invisible isolate marks around a name of another script
 * (FSI, LRI or RLI … PDI, the server's notification texts) are not counted, and one left open by the cut is closed.
 */
export function truncateBody(body: string, narrow: boolean): string {
  const max = narrow ? NOTIFICATION_BODY_MAX_NARROW : NOTIFICATION_BODY_MAX;
  const chars = Array.from(body);
  let shown = 0;
  let cut = -1;
  for (let i = 0; i < chars.length; i += 1) {
    if (!isIsolateMark(chars[i]!) && (shown += 1) > max) {
      cut = i;
      break;
    }
  }
  if (cut < 0) return body;
  // Inside a word: back to the space before it (when there is one).
  if (!/\s/u.test(chars[cut]!)) {
    let space = cut - 1;
    while (space > 0 && !/\s/u.test(chars[space]!)) space -= 1;
    if (space > 0) cut = space;
  }
  const kept = chars.slice(0, cut);
  let open = 0;
  for (const c of kept) if (isIsolateMark(c)) open = c === PDI ? Math.max(0, open - 1) : open + 1;
  return `${kept.join("").trimEnd()}${PDI.repeat(open)}…`;
}
export { FSI as ISOLATE_START, PDI as ISOLATE_END, LRI as ISOLATE_LTR, RLI as ISOLATE_RTL };

/**
 * The app route a link leads to, or null: only a path of the app itself (`/inbox/12`, `/porte-monnaie`, a lesson, a
 * live session with `?eventId=`), given as a path or as an absolute URL on `origin`. Anything else (another origin,
 * `javascript:`, `//host`, backslashes) is refused, so a push can never open a foreign page.
 */
export function linkToRoute(link: unknown, origin?: string): string | null {
  if (typeof link !== "string") return null;
  const value = link.trim();
  if (!value || value.length > 500 || value.includes("\\")) return null;
  let path = value;
  if (!value.startsWith("/")) {
    if (!origin) return null;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.origin !== origin) return null;
    path = url.pathname + url.search + url.hash;
  }
  if (path.startsWith("//")) return null;
  return /^\/[A-Za-z0-9\-._~%!$&'()*+,;=:@/?#]*$/.test(path) ? path : null;
}

/** What the service worker reads from a push message (FCM's `notification` + `data`, or our own flat shape). */
export interface PushMessage {
  notificationId: number | null;
  userId: number | null;
  title: string;
  body: string;
  route: string;
  category: string | null;
}

/**
 * Reads a push payload as FCM delivers it to a web client (`{ notification: { title, body }, data: { … },
 * fcmOptions: { link } }`, also `webpush.fcm_options.link`, `notification.click_action`) or flat (`{ title, body,
 * link | url, notificationId, userId }`). The route comes from `fcmOptions.link`, then `data.link`, `data.url`,
 * `link`, `url`; `/` when none is usable.
 */
export function parsePushPayload(raw: unknown, origin?: string): PushMessage | null {
  if (!raw || typeof raw !== "object") return null;
  const p = raw as Record<string, unknown>;
  const obj = (x: unknown) => (x && typeof x === "object" ? (x as Record<string, unknown>) : {});
  const data = obj(p.data);
  const n = obj(p.notification);
  const webpush = obj(p.webpush);
  const str = (...xs: unknown[]) => xs.find((x): x is string => typeof x === "string" && x.length > 0);
  const num = (...xs: unknown[]) => {
    for (const x of xs) {
      const value = typeof x === "string" && /^\d{1,10}$/.test(x) ? Number(x) : x;
      if (typeof value === "number" && Number.isInteger(value) && value > 0) return value;
    }
    return null;
  };
  const title = str(n.title, data.title, p.title);
  if (!title) return null;
  const candidates = [obj(p.fcmOptions).link, obj(webpush.fcm_options).link, data.link, data.url, p.link, p.url, n.click_action];
  let route: string | null = null;
  for (const c of candidates) {
    route = linkToRoute(c, origin);
    if (route) break;
  }
  return {
    notificationId: num(data.notificationId, data.notification_id, p.notificationId, p.id),
    userId: num(data.userId, data.user_id, p.userId),
    title,
    body: str(n.body, data.body, p.body) ?? "",
    route: route ?? "/",
    category: str(data.category, p.category) ?? null,
  };
}

// ───────────── answers ─────────────
// Written once as valibot schemas: the server declares them as its answers (checked in tests, published in the
// OpenAPI document), the client reads their types.

const id = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A notification of the bell: French title and body (the reference) with their English and Arabic (null: none). */
const notificationEntries = {
  id,
  title: v.string(),
  title_ar: v.nullable(v.string()),
  title_en: v.nullable(v.string()),
  body: v.string(),
  body_ar: v.nullable(v.string()),
  body_en: v.nullable(v.string()),
  link: v.nullable(v.string()),
  url: v.nullable(v.string()),
  category: v.string(),
  type: v.string(),
  seen: v.boolean(),
  created_at: v.string(),
};
export const NotificationDtoSchema = v.strictObject(notificationEntries);
export type NotificationDto = v.InferOutput<typeof NotificationDtoSchema>;

/** `POST /student/notifications/{id}/mark-as-seen`: the notification, and how many stay unread. */
export const SeenNotificationDtoSchema = v.strictObject(withEntries(notificationEntries, { unread: count }));

/** `POST /student/notifications/mark-all-as-seen`. */
export const AllSeenDtoSchema = v.strictObject({ marked: count, unread: v.literal(0) });

/** A pupil's preferences (`GET`/`PUT` of the notification preferences): every category, 0 (off) or 1 (on). */
export const NotificationPreferencesDtoSchema = v.strictObject(
  Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, v.picklist([0, 1])])) as Record<NotificationCategory, v.PicklistSchema<[0, 1], undefined>>,
);

/** `POST /user/set-notification-token`. */
export const PushTokenSetDtoSchema = v.strictObject({ registered: v.literal(true) });
/** `POST /user/delete-notification-token`: how many of the user's tokens went. */
export const PushTokenDeletedDtoSchema = v.strictObject({ deleted: count });

export const MessageDtoSchema = v.strictObject({
  _id: id,
  seen: v.boolean(),
  /** French name and body, with their Arabic and English versions when written (null: the French is shown). */
  message: v.strictObject({
    name: v.string(),
    name_ar: v.nullish(v.string()),
    name_en: v.nullish(v.string()),
    body: v.string(),
    body_ar: v.nullish(v.string()),
    body_en: v.nullish(v.string()),
    created_at: v.string(),
  }),
});
export type MessageDto = v.InferOutput<typeof MessageDtoSchema>;

export const PopupDtoSchema = v.strictObject({
  _id: id,
  name: v.string(),
  name_ar: v.nullish(v.string()),
  name_en: v.nullish(v.string()),
  body: v.string(),
  body_ar: v.nullish(v.string()),
  body_en: v.nullish(v.string()),
});
export type PopupDto = v.InferOutput<typeof PopupDtoSchema>;
/** `GET /svc/notify/popup/hide`. */
export const PopupHiddenDtoSchema = v.strictObject({ hidden: v.literal(true) });

/** The operator's commands: what was stored and how many pushes went out. */
export const OperatorNotifyDtoSchema = v.strictObject({ userId: id, notificationId: v.nullable(id), messageId: v.nullable(id), pushed: count });
export const OperatorNotifyClassDtoSchema = v.strictObject({ divisionId: id, notified: count, pushed: count });
export const OperatorAnnounceDtoSchema = v.strictObject({ contentId: id, link: v.string(), notified: count, pushed: count });
