import { useSyncExternalStore } from "react";

/**
 * The signed-in session, kept in localStorage so that it survives reloads and installed-app restarts.
 * Keys follow SPEC §4 "Logout clears token, token type, expiry and user".
 */
const KEYS = { token: "token", tokenType: "token_type", expiresAt: "expires_at", user: "user", adminUserId: "admin_user_id" } as const;
const SESSION_KEYS: ReadonlySet<string> = new Set(Object.values(KEYS));

export interface Session {
  token: string;
  expiresAt: string | null;
  adminUserId: number | null;
}

const listeners = new Set<() => void>();
let cached: Session | null | undefined;

function read(): Session | null {
  const token = localStorage.getItem(KEYS.token);
  if (!token) return null;
  const expiresAt = localStorage.getItem(KEYS.expiresAt);
  if (expiresAt && Date.parse(expiresAt) <= Date.now()) return null;
  const admin = localStorage.getItem(KEYS.adminUserId);
  return { token, expiresAt, adminUserId: admin ? Number(admin) : null };
}

export function getSession(): Session | null {
  if (cached === undefined) cached = read();
  return cached;
}

function emit() {
  cached = read();
  for (const l of listeners) l();
}

export function setSession(s: { token: string; expiresAt?: string | null; adminUserId?: number | null }): void {
  localStorage.setItem(KEYS.token, s.token);
  localStorage.setItem(KEYS.tokenType, "Bearer");
  if (s.expiresAt) localStorage.setItem(KEYS.expiresAt, s.expiresAt);
  else localStorage.removeItem(KEYS.expiresAt);
  if (s.adminUserId) localStorage.setItem(KEYS.adminUserId, String(s.adminUserId));
  emit();
}

/** Replaces the token only (after a password change), keeping the impersonation marker. */
export function replaceToken(token: string, expiresAt: string | null): void {
  setSession({ token, expiresAt, adminUserId: getSession()?.adminUserId ?? null });
}

export function clearSession(): void {
  for (const k of Object.values(KEYS)) localStorage.removeItem(k);
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || SESSION_KEYS.has(e.key)) emit();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
