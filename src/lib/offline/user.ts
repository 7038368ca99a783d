import { getSession } from "../session";

/**
 * The user a bearer token belongs to, read from its payload (`sub`). Only used to partition the device store and
 * bind outbox items to their owner; the server verifies the token itself.
 */
export function userIdOfToken(token: string): number | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "="));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    const id = Number(sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** The signed-in user's id, from the token (null when signed out). */
export function currentUserId(): number | null {
  const session = getSession();
  return session ? userIdOfToken(session.token) : null;
}
