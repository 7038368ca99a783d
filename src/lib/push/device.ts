/**
 * What the push settings need (loaded with the notifications menu, not with the shell): this browser's support, whether
 * push is on for the signed-in pupil, remembering the device's token.
 */
import { PUSH_TOKEN_KEY, storedPushToken, type StoredPushToken } from "./index";

export function rememberPushToken(t: StoredPushToken): void {
  localStorage.setItem(PUSH_TOKEN_KEY, JSON.stringify(t));
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

