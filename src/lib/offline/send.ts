/**
 * Work that must reach the server (progress, bookmarks) goes through the outbox: stored on the device first, then
 * sent; offline or on a network failure it stays on the device and is replayed later, once. Without a usable store
 * (IndexedDB blocked) the request is sent directly and fails as any request would.
 */
import type { QueryClient } from "@tanstack/react-query";
import { api } from "../api";
import { getSession } from "../session";
import type * as SyncModule from "./sync";

export type OutboxRequest = SyncModule.OutboxRequest;
export type OutboxResult<T> = SyncModule.OutboxResult<T>;

let loading: Promise<typeof SyncModule | null> | undefined;

/** The outbox's page side, loaded once (null when its code cannot load). */
export function loadSync(): Promise<typeof SyncModule | null> {
  loading ??= import("./sync").then(
    (m) => m,
    () => {
      loading = undefined; // a failed chunk load may succeed later
      return null;
    },
  );
  return loading;
}

let syncClient: QueryClient | undefined;
let startedFor: string | null = null;

/** The query client the outbox marks screens out of date on (set once at app start). */
export function setSyncClient(queryClient: QueryClient): void {
  syncClient = queryClient;
}

/**
 * The outbox's page side, started for the signed-in user (replay now, on reconnection, on return to the tab; the token
 * kept for the service worker's replay): at start when the outbox may hold something, or with the first write.
 */
export async function startedSync(): Promise<typeof SyncModule | null> {
  const sync = await loadSync();
  const token = getSession()?.token ?? null;
  if (sync && syncClient && token && token !== startedFor) {
    startedFor = token;
    await sync.startSync(syncClient);
  }
  return sync;
}

export async function sendOrQueue<T>(req: OutboxRequest): Promise<OutboxResult<T>> {
  const sync = await startedSync();
  if (sync) return sync.sendThroughOutbox<T>(req);
  const payload = (
    await api<T>(req.url, { base: "", method: req.method ?? "POST", body: req.body, headers: req.headers, idempotencyKey: crypto.randomUUID() })
  ).payload;
  return { status: "sent", payload };
}

/**
 * What may start well after the first screen waits this long after the page's load (the service worker's registration
 * and its precache of the whole app, the push client): on a weak connection they would otherwise compete with the first
 * screen's chunks and data, which the pupil is waiting for.
 */
export const AFTER_FIRST_SCREEN_MS = 6_000;

/**
 * Runs `fn` after the first screen: once the page has loaded, `delayMs` later, at a quiet moment — for code and
 * downloads that must not compete with the first screen's chunks on a slow phone.
 */
export function afterFirstScreen(fn: () => void, delayMs: number): void {
  const go = () => setTimeout(() => whenIdle(fn), delayMs);
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}

/** Runs `fn` once the page is idle (or after `timeoutMs` at the latest). */
function whenIdle(fn: () => void, timeoutMs = 4_000): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, 1_500);
}
