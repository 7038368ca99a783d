import type { QueryClient } from "@tanstack/react-query";
import { clearSession, getSession, setSession } from "@/lib/session";
import { loadDeviceStore } from "@/lib/offline/persister";
import { currentUserId } from "@/lib/offline/user";
import { wipeSnapshots } from "@/lib/offline/snapshot";
import { logoutRequest } from "./api/logout";

const REFERRAL_KEY = "referral_code";
const NEXT_KEY = "login_query";

/** Saves `?referral=` (SPEC §2) so that registration and checkout can apply it. */
export function rememberReferral(code: string | undefined): void {
  if (code) localStorage.setItem(REFERRAL_KEY, code.slice(0, 32));
}
export const savedReferral = () => localStorage.getItem(REFERRAL_KEY) ?? "";

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
  const store = userId === null ? null : await loadDeviceStore();
  // Unsent progress and bookmarks get one last chance while the token is still valid.
  await store?.flushBeforeSignOut();
  await logoutRequest();
  clearSession();
  if (userId !== null) wipeSnapshots(userId);
  queryClient.clear();
  if (store && userId !== null) await store.wipeUser(userId).catch(() => undefined);
  await clearUserCaches();
  return impersonating ? registrationUrl : "/login";
}

/** Asks the service worker to drop the runtime caches (images, magazine pages) and waits for it (at most 2 s). */
async function clearUserCaches(): Promise<void> {
  const controller = navigator.serviceWorker?.controller;
  if (!controller) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 2_000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    controller.postMessage({ type: "CLEAR_USER_CACHES" }, [channel.port2]);
  });
}
