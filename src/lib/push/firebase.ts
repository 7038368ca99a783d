/**
 * Firebase Cloud Messaging on the page (modular imports, loaded only by `enablePush` and `forgetPushToken` of ./index.ts): the token of
 * this device, obtained through the app's own service worker registration. Settings from the build's environment:
 * VITE_FIREBASE_API_KEY, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_MESSAGING_SENDER_ID, VITE_FIREBASE_APP_ID,
 * VITE_FIREBASE_VAPID_KEY (the Web Push certificate's public key of the Firebase project).
 */
import { getApp, getApps, initializeApp } from "firebase/app";
import { deleteToken, getMessaging, getToken } from "firebase/messaging";

function messaging() {
  const app = getApps().length
    ? getApp()
    : initializeApp({
        apiKey: import.meta.env.VITE_FIREBASE_API_KEY,
        projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID,
        messagingSenderId: import.meta.env.VITE_FIREBASE_MESSAGING_SENDER_ID,
        appId: import.meta.env.VITE_FIREBASE_APP_ID,
      });
  return getMessaging(app);
}

export async function getFcmToken(registration: ServiceWorkerRegistration): Promise<string> {
  return getToken(messaging(), { vapidKey: import.meta.env.VITE_FIREBASE_VAPID_KEY, serviceWorkerRegistration: registration });
}

export async function deleteFcmToken(): Promise<void> {
  await deleteToken(messaging());
}
