/**
 * Notifications, messages, pop-ups and web push (SPEC §3 "Notification", "Message", "Pop-up", preference categories;
 * §4; §9 page size and truncation). Shared by the server, the client and the service worker: the categories and their
 * groups, the body truncation, the answers, and the one mapping from a notification's link (or a push
 * message's `link` / `url` / `fcmOptions.link`) to a route of the app. Request schemas: domain/schemas/notifications.ts.
 */
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
export const NOTIFICATION_BODY_MAX = 50;
export const NOTIFICATION_BODY_MAX_NARROW = 25;
export const NARROW_SCREEN_MAX_PX = 480;

const FSI = "\u2068";
const PDI = "\u2069";
const isIsolateMark = (c: string) => c >= "\u2066" && c <= "\u2069";

/**
 * Cuts a body to `max` characters (by code point) with an ellipsis. The invisible isolate marks around a name of
 * another script (FSI … PDI, the server's notification texts) are not counted, and one left open by the cut is closed.
 */
export function truncateBody(body: string, narrow: boolean): string {
  const max = narrow ? NOTIFICATION_BODY_MAX_NARROW : NOTIFICATION_BODY_MAX;
  const chars = Array.from(body);
  let shown = 0;
  let open = 0;
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i]!;
    if (isIsolateMark(c)) open = c === PDI ? Math.max(0, open - 1) : open + 1;
    else if ((shown += 1) > max) return `${chars.slice(0, i).join("").trimEnd()}${PDI.repeat(open)}…`;
  }
  return body;
}
export { FSI as ISOLATE_START, PDI as ISOLATE_END };

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

/** A notification of the bell: French title and body (the reference) with their English and Arabic (null: none). */
export interface NotificationDto {
  id: number;
  title: string;
  title_ar: string | null;
  title_en: string | null;
  body: string;
  body_ar: string | null;
  body_en: string | null;
  link: string | null;
  url: string | null;
  category: string;
  type: string;
  seen: boolean;
  created_at: string;
}

export interface MessageDto {
  _id: number;
  seen: boolean;
  message: { name: string; body: string; created_at: string };
}

export interface PopupDto {
  _id: number;
  name: string;
  body: string;
}
