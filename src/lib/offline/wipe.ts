import type { QueryClient } from "@tanstack/react-query";
import { wipeQueryCache } from "./queryCache";
import { forgetOutboxMarker } from "./pending";
import { loadSync } from "./send";

/**
 * Logout on a shared tablet (DESIGN §4), the one place that knows everything of a pupil the device holds: their
 * answers (the query cache, in memory and persisted), the token copy the service worker replays with, the worker's
 * runtime caches (images, magazine pages). Unsent outbox items stay, bound to the pupil, and leave with their next
 * sign-in — never under anyone else's token; on a class tablet they stay sealed under the pupil's key (`./vault.ts`). The session keys themselves are cleared by the caller (`clearSession`).
 */
export async function wipePupilData(userId: number | null, queryClient: QueryClient): Promise<void> {
  if (userId !== null) wipeQueryCache(userId);
  queryClient.clear();
  const sync = userId === null ? null : await loadSync();
  await sync?.stopForSignOut().catch(() => undefined);
  // A class tablet: what is still unsent is sealed for the pupil alone, and their key forgotten (issue 23).
  if (userId !== null) await import("./vault").then((m) => m.sealAndForget(userId)).catch((e: unknown) => console.warn("vault: not sealed", e));
  if (userId !== null) forgetOutboxMarker(userId);
  // Chapters kept for offline study: their files (Cache Storage `darsi-kept-<userId>`) and their record. The module
  // (precached like all the app's code) loads here, at logout, not with the first screen.
  if (userId !== null) await import("./keep").then((m) => m.wipeKept(userId)).catch(() => undefined);
  await clearWorkerCaches();
}

/** Asks the service worker to drop the runtime caches (images, magazine pages) and waits for it (at most 2 s). */
async function clearWorkerCaches(): Promise<void> {
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
