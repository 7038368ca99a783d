/**
 * Pushes in the device's language: the server writes each push in its token's language, so when the pupil changes
 * language with push on, the same token is registered again with the new one (`POST /user/set-notification-token`
 * upserts it). Loaded by `activateLocale` only when a stored token's language differs from the interface's.
 */
import type { Locale } from "@domain/constants";
import { api } from "../api";
import { currentUserId } from "../offline/user";
import { rememberPushToken } from "./device";
import { storedPushToken } from "./index";

export async function registerPushLanguage(locale: Locale): Promise<void> {
  const stored = storedPushToken();
  // Only the signed-in pupil's own token (logout forgets it; a stale one of someone else is not moved here).
  if (!stored || stored.language === locale || stored.userId !== currentUserId()) return;
  await api("/user/set-notification-token", { method: "POST", body: { token: stored.token, platform: "web", language: locale } });
  // Unless the token changed meanwhile (logout, push turned on again).
  if (storedPushToken()?.token === stored.token) rememberPushToken({ ...stored, language: locale });
}
