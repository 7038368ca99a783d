/**
 * Web push on this device (issue 11): the token of this device, forgotten at logout (loaded then). Turning notifications on
 * (`./enable.ts`) and Firebase (`./firebase.ts`) load only from the pupil's tap, never with the page.
 *
 * The device's token is remembered here (localStorage `push_token`: the token, whether it is an FCM token or the local
 * stand-in of a build without Firebase settings, its user and its language); logout forgets it on the server and on
 * the device. A change of language registers it again (`./language.ts`, from `activateLocale`).
 */
import { api } from "../api";
import { PUSH_TOKEN_KEY, storedPushToken } from "./key";

export { PUSH_TOKEN_KEY, storedPushToken, type StoredPushToken } from "./key";

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
