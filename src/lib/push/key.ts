/**
 * Where this device's push token is remembered (localStorage `push_token`, a `StoredPushToken`), read here without
 * the rest of ./index.ts. The first load needs one thing of it: the language the token was registered with, so that a change of language
 * (or a token registered before tokens had one) registers it again — loading `./language.ts` only then, and never
 * Firebase (the server keeps the same token; only its language changes).
 */
import type { Locale } from "@domain/constants";

export const PUSH_TOKEN_KEY = "push_token";

export interface StoredPushToken {
  token: string;
  kind: "fcm" | "local";
  userId: number;
  /** The language the token was registered with (its pushes are written in it); absent on tokens of older builds. */
  language?: Locale;
}

export function storedPushToken(): StoredPushToken | null {
  try {
    const raw = localStorage.getItem(PUSH_TOKEN_KEY);
    return raw ? (JSON.parse(raw) as StoredPushToken) : null;
  } catch {
    return null;
  }
}

/** The stored token's language ("" when it was registered without one), or null when push is off on this device. */
export function storedPushLanguage(): string | null {
  const stored = storedPushToken();
  if (!stored) return null;
  return typeof stored.language === "string" ? stored.language : "";
}
