/**
 * Turning notifications on, from the pupil's tap (loaded then, with Firebase when configured): asks the browser's
 * permission, gets this device's FCM token through the app's one service worker (no firebase-messaging-sw.js), and
 * registers it (`POST /user/set-notification-token`) with the interface's language, the one its pushes are written in. A build without Firebase settings (local, tests) registers a
 * local stand-in token: the server's push adapter then writes the exact FCM request it would send to the dev outbox.
 */
import type { Locale } from "@domain/constants";
import { api } from "../api";
import { rememberPushToken } from "./device";

export type EnableResult = "enabled" | "denied" | "unsupported" | "failed";

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
