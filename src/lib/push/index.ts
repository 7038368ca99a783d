/**
 * Web push on this device (issue 11): the whole push client but the Firebase SDK (`./firebase.ts`), in the order a
 * pupil goes through it.
 *
 *  1. Support (`pushSupport`): push works here, needs the app installed first (iOS in Safari), or is not available.
 *  2. Permission, then token (`enablePush`, from the pupil's tap in the notifications menu): the browser's permission,
 *     then this device's FCM token through the app's one service worker (`./firebase.ts`, loaded only then), or, in a
 *     build without Firebase settings (local, tests), a local stand-in token — the server's push adapter then writes the
 *     exact FCM request it would send to the dev outbox.
 *  3. Register the device (`POST /user/set-notification-token`) with the interface's language, and remember the token
 *     here (localStorage `push_token`: the token, FCM or local, its user, its language).
 *  4. Language (`registerPushLanguage`): the server writes each push in its token's language, so the same token is
 *     registered again when the pupil switches language (`useSwitchLocale`), and checked at every start (the shell,
 *     after the first screen: a token of an older build without a language, a registration that failed offline).
 *  5. Foreground messages (`onPushMessage`, subscribed by the shell's header): a push while a page is visible is not
 *     shown by the system; the service worker posts PUSH_RECEIVED (PUSH_SEEN for a notification tapped) and the shell
 *     toasts it and refreshes the bell.
 *  6. Logout (`forgetPushToken`): the server forgets the token while the session still works, Firebase deletes it, the
 *     device forgets it — bounded to 3 s.
 *
 * Nothing of it is in the first load: it is imported dynamically (the shell `AFTER_FIRST_SCREEN_MS` after the page's
 * load, the language switch, the logout) or by code loaded on demand (the notifications menu's settings). A static
 * import from the first load would bring the whole file into it (the bundler places a module in one chunk):
 * `npm run bench -- --only=push` checks.
 */
import type { Locale } from "@domain/constants";
import { api } from "../api";
import { currentUserId } from "../offline/user";

export const PUSH_TOKEN_KEY = "push_token";

export interface StoredPushToken {
  token: string;
  kind: "fcm" | "local";
  userId: number;
  /** The language the token was registered with (its pushes are written in it); absent on tokens of older builds. */
  language?: Locale;
}

export type EnableResult = "enabled" | "denied" | "unsupported" | "failed";

export interface PushEventData {
  type: "PUSH_RECEIVED" | "PUSH_SEEN";
  notification?: { notificationId: number | null; title: string; body: string; route: string };
  silent?: boolean;
}

// ── The token remembered on this device ────────────────────────────────────────────────────────────────────────

export function storedPushToken(): StoredPushToken | null {
  try {
    const raw = localStorage.getItem(PUSH_TOKEN_KEY);
    return raw ? (JSON.parse(raw) as StoredPushToken) : null;
  } catch {
    return null;
  }
}

function rememberPushToken(t: StoredPushToken): void {
  localStorage.setItem(PUSH_TOKEN_KEY, JSON.stringify(t));
}

// ── 1. Support ─────────────────────────────────────────────────────────────────────────────────────────────────

/** What this browser allows: push works, needs the app installed first (iOS in Safari), or is not available. */
export function pushSupport(): "ok" | "ios-install" | "unsupported" {
  if (typeof window === "undefined") return "unsupported";
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia?.("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
  if (ios && !standalone) return "ios-install";
  if (!("serviceWorker" in navigator) || !("Notification" in window) || !("PushManager" in window)) return "unsupported";
  return "ok";
}

/** Notifications are on for `userId` on this device. */
export function pushEnabledFor(userId: number | null): boolean {
  const t = storedPushToken();
  return Boolean(t && userId !== null && t.userId === userId && typeof Notification !== "undefined" && Notification.permission === "granted");
}

// ── 2–3. Permission, token, device registered ──────────────────────────────────────────────────────────────────

export function firebaseConfigured(): boolean {
  return Boolean(import.meta.env.VITE_FIREBASE_API_KEY && import.meta.env.VITE_FIREBASE_PROJECT_ID && import.meta.env.VITE_FIREBASE_VAPID_KEY);
}

export async function enablePush(userId: number, language: Locale): Promise<EnableResult> {
  if (!("Notification" in window) || !("serviceWorker" in navigator)) return "unsupported";
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  try {
    let token: string;
    let kind: "fcm" | "local";
    if (firebaseConfigured()) {
      const registration = await navigator.serviceWorker.ready;
      token = await (await import("./firebase")).getFcmToken(registration);
      kind = "fcm";
    } else {
      token = `local-${crypto.randomUUID()}`;
      kind = "local";
    }
    await api("/user/set-notification-token", { method: "POST", body: { token, platform: "web", language } });
    rememberPushToken({ token, kind, userId, language });
    return "enabled";
  } catch {
    return "failed";
  }
}

// ── 4. Language ────────────────────────────────────────────────────────────────────────────────────────────────

export async function registerPushLanguage(locale: Locale): Promise<void> {
  const stored = storedPushToken();
  // Only the signed-in pupil's own token (logout forgets it; a stale one of someone else is not moved here).
  if (!stored || stored.language === locale || stored.userId !== currentUserId()) return;
  await api("/user/set-notification-token", { method: "POST", body: { token: stored.token, platform: "web", language: locale } });
  // Unless the token changed meanwhile (logout, push turned on again).
  if (storedPushToken()?.token === stored.token) rememberPushToken({ ...stored, language: locale });
}

// ── 5. Foreground messages ─────────────────────────────────────────────────────────────────────────────────────

/** Messages of the service worker about pushes (a push while a page is visible, a notification tapped). */
export function onPushMessage(listener: (data: PushEventData) => void): () => void {
  const sw = typeof navigator !== "undefined" ? navigator.serviceWorker : undefined;
  if (!sw) return () => undefined;
  const handler = (e: MessageEvent) => {
    const data = e.data as PushEventData | null;
    if (/^PUSH_(RECEIVED|SEEN)$/.test(data?.type ?? "")) listener(data!);
  };
  sw.addEventListener("message", handler);
  return () => sw.removeEventListener("message", handler);
}

// ── 6. Logout ──────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Logout (shared tablet): the server forgets this device's token while the session still works, Firebase deletes its
 * token, and the device forgets it. Best effort and bounded: logout never waits more than 3 s on it.
 */
export async function forgetPushToken(): Promise<void> {
  const stored = storedPushToken();
  if (!stored) return;
  localStorage.removeItem(PUSH_TOKEN_KEY);
  const work = Promise.allSettled([
    api("/user/delete-notification-token", { method: "POST", body: { token: stored.token } }),
    stored.kind === "fcm" ? import("./firebase").then((m) => m.deleteFcmToken()) : Promise.resolve(),
  ]);
  await Promise.race([work, new Promise((r) => setTimeout(r, 3_000))]);
}
