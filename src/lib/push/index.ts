/**
 * Web push on this device (issue 11), the small part that the shell and the logout need. Turning notifications on
 * (`./enable.ts`) and Firebase (`./firebase.ts`) load only from the pupil's tap, never with the page.
 *
 * The device's token is remembered here (localStorage `push_token`: the token, whether it is an FCM token or the local
 * stand-in of a build without Firebase settings, and its user); logout forgets it on the server and on the device.
 */
import { api } from "../api";

const KEY = "push_token";

export interface StoredPushToken {
  token: string;
  kind: "fcm" | "local";
  userId: number;
}

export function storedPushToken(): StoredPushToken | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredPushToken) : null;
  } catch {
    return null;
  }
}

export function rememberPushToken(t: StoredPushToken): void {
  localStorage.setItem(KEY, JSON.stringify(t));
}

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

/**
 * Logout (shared tablet): the server forgets this device's token while the session still works, Firebase deletes its
 * token, and the device forgets it. Best effort and bounded: logout never waits more than 3 s on it.
 */
export async function forgetPushToken(): Promise<void> {
  const stored = storedPushToken();
  if (!stored) return;
  localStorage.removeItem(KEY);
  const work = Promise.allSettled([
    api("/user/delete-notification-token", { method: "POST", body: { token: stored.token } }),
    stored.kind === "fcm" ? import("./firebase").then((m) => m.deleteFcmToken()) : Promise.resolve(),
  ]);
  await Promise.race([work, new Promise((r) => setTimeout(r, 3_000))]);
}

export interface PushEventData {
  type: "PUSH_RECEIVED" | "PUSH_SEEN";
  notification?: { notificationId: number | null; title: string; body: string; route: string };
  silent?: boolean;
}

/** Messages of the service worker about pushes (a push while a page is visible, a notification tapped). */
export function onPushMessage(listener: (data: PushEventData) => void): () => void {
  const sw = typeof navigator !== "undefined" ? navigator.serviceWorker : undefined;
  if (!sw) return () => undefined;
  const handler = (e: MessageEvent) => {
    const data = e.data as PushEventData | null;
    if (data && (data.type === "PUSH_RECEIVED" || data.type === "PUSH_SEEN")) listener(data);
  };
  sw.addEventListener("message", handler);
  return () => sw.removeEventListener("message", handler);
}
