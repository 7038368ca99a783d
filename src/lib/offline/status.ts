/**
 * What the pupil is told about the connection and their unsent work: offline or not, and how many items wait on this
 * device. Tiny and free of Dexie (the top bar reads it on every page); the device store feeds `pending` once loaded.
 */
import { useSyncExternalStore } from "react";

export interface OfflineStatus {
  /** The browser says it has a network. */
  online: boolean;
  /** The last API call reached the server (false after a network failure, until one succeeds again). */
  reachable: boolean;
  /** Items of the signed-in user waiting in the outbox. */
  pending: number;
  /** Scopes (e.g. `lesson:42`) with waiting items. */
  pendingScopes: ReadonlySet<string>;
  /** When the outbox last became empty after having items (ms), for a short "synced" confirmation. */
  syncedAt: number | null;
}

const listeners = new Set<() => void>();
let state: OfflineStatus = {
  online: typeof navigator === "undefined" ? true : navigator.onLine !== false,
  reachable: true,
  pending: 0,
  pendingScopes: new Set(),
  syncedAt: null,
};

function set(patch: Partial<OfflineStatus>): void {
  const next = { ...state, ...patch };
  if (patch.pending !== undefined && patch.pending === 0 && state.pending > 0) next.syncedAt = Date.now();
  state = next;
  for (const l of listeners) l();
}

export function getOfflineStatus(): OfflineStatus {
  return state;
}

function subscribeOfflineStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The API client reports every answer (true) and network failure (false). */
export function reportReachable(reachable: boolean): void {
  if (state.reachable !== reachable) set({ reachable });
}

/** Asks the server whether it is there (cheap, never answered from a cache), and reports what it found. */
export async function probeServer(): Promise<boolean> {
  const ok = await fetch("/health", { cache: "no-store" }).then(
    (res) => res.ok,
    () => false,
  );
  reportReachable(ok);
  return ok;
}

export function reportPending(pending: number, scopes: Iterable<string>): void {
  set({ pending, pendingScopes: new Set(scopes) });
}

function reportOnline(online: boolean): void {
  if (state.online !== online) set({ online });
}

/** Offline as far as the pupil is concerned: no network, or the server cannot be reached. */
export function isOffline(s: OfflineStatus = state): boolean {
  return !s.online || !s.reachable;
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => reportOnline(true));
  window.addEventListener("offline", () => reportOnline(false));
}

export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(subscribeOfflineStatus, getOfflineStatus, getOfflineStatus);
}
