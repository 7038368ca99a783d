/**
 * Work that must reach the server (progress, bookmarks) goes through the outbox: stored on the device first, then
 * sent; offline or on a network failure it stays on the device and is replayed later, once. Without a usable store
 * (IndexedDB blocked) the request is sent directly and fails as any request would.
 */
import { api } from "../api";
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

export async function sendOrQueue<T>(req: OutboxRequest): Promise<OutboxResult<T>> {
  const sync = await loadSync();
  if (sync) return sync.sendThroughOutbox<T>(req);
  const payload = (
    await api<T>(req.url, { base: "", method: req.method ?? "POST", body: req.body, headers: req.headers, idempotencyKey: crypto.randomUUID() })
  ).payload;
  return { status: "sent", payload };
}

/** Runs `fn` once the page is idle (or after `timeoutMs` at the latest). */
export function whenIdle(fn: () => void, timeoutMs = 4_000): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, 1_500);
}
