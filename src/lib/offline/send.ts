/**
 * Work that must reach the server (progress, bookmarks) goes through the outbox of the device store: stored first, then
 * sent; offline or on a network failure it stays on the device and is replayed later, once. Without a usable store
 * (IndexedDB blocked) the request is sent directly and fails as any request would.
 */
import { api } from "../api";
import type { OutboxRequest, OutboxResult } from "./deviceStore";
import { loadDeviceStore } from "./persister";

export type { OutboxResult };

export async function sendOrQueue<T>(req: OutboxRequest): Promise<OutboxResult<T>> {
  const store = await loadDeviceStore();
  if (store) return store.sendThroughOutbox<T>(req);
  const payload = (
    await api<T>(req.url, { base: "", method: req.method ?? "POST", body: req.body, headers: req.headers, idempotencyKey: crypto.randomUUID() })
  ).payload;
  return { status: "sent", payload };
}
