import type { QueryClient } from "@tanstack/react-query";
import { clearSession, getSession, setSession } from "@/lib/session";
import { loadSync } from "@/lib/offline/send";
import { currentUserId } from "@/lib/offline/user";
import { wipePupilData } from "@/lib/offline/wipe";
import { logoutRequest } from "./api/logout";

const NEXT_KEY = "login_query";

/** The login page's query (e.g. nextPage=offres) survives the verification step in session storage. */
export function rememberLoginQuery(nextPage: string | undefined): void {
  if (nextPage) sessionStorage.setItem(NEXT_KEY, nextPage);
}
export function takeLoginQuery(): string | null {
  const v = sessionStorage.getItem(NEXT_KEY);
  sessionStorage.removeItem(NEXT_KEY);
  return v;
}

export function signIn(token: string, expiresAt: string | null, adminUserId: number | null = null): void {
  setSession({ token, expiresAt, adminUserId });
}

/**
 * Logout (also offline): ends the session server-side when reachable, then wipes this user's data from
 * the device — token, cached queries, runtime caches — so that the next pupil on a shared tablet sees nothing.
 * Returns where to go: /login, or the external registration page under admin impersonation.
 */
export async function signOut(queryClient: QueryClient, registrationUrl: string): Promise<string> {
  const impersonating = Boolean(getSession()?.adminUserId);
  const userId = currentUserId();
  // Unsent progress and bookmarks get one last chance while the token is still valid.
  const sync = userId === null ? null : await loadSync();
  await sync?.flushBeforeSignOut();
  // This device's push token goes on the server and in Firebase while the session still works (shared tablet).
  // Offline without the worker's copy of its code, the module does not load: the logout goes on all the same.
  const push = await import("@/lib/push").catch(() => null);
  await push?.forgetPushToken().catch(() => undefined);
  await logoutRequest();
  clearSession();
  await wipePupilData(userId, queryClient);
  return impersonating ? registrationUrl : "/login";
}
