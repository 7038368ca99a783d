/**
 * Where this device's push token is remembered (localStorage `push_token`, a `StoredPushToken` of ./index.ts), and
 * the one thing the first load needs of it: the language the token was registered with, so that a change of language
 * (or a token registered before tokens had one) registers it again — loading `./language.ts` only then, and never
 * Firebase (the server keeps the same token; only its language changes).
 */
export const PUSH_TOKEN_KEY = "push_token";

/** The stored token's language ("" when it was registered without one), or null when push is off on this device. */
export function storedPushLanguage(): string | null {
  try {
    const raw = localStorage.getItem(PUSH_TOKEN_KEY);
    if (!raw) return null;
    const language = (JSON.parse(raw) as { language?: unknown }).language;
    return typeof language === "string" ? language : "";
  } catch {
    return null;
  }
}
