/**
 * The outbox store (DESIGN §2, §4): the one module the page and the service worker both import for the work that must
 * reach the server — progress posts and bookmark presses made on this device, replayed in order, once each, under
 * their own user's token. React-free and free of page globals (no window, no document, no localStorage): the service
 * worker imports it as `@/lib/offline/store`, the page through `src/lib/offline/sync.ts` (loaded on demand).
 */
import { getDb } from "./db";
import { flushOutbox, type FlushReport } from "./outbox";

export { getDb, resetDbForTests, type HomeworkItem, type OutboxItem, type SealedRow } from "./db";
export { flushHomework, forgetHomework, homeworkOf, queueHomework, type HomeworkFile, type HomeworkProgress, type HomeworkReport } from "./homework";
export {
  
  OUTBOX_CHANNEL,
  OUTBOX_SYNC_TAG,
  
  enqueue,
  flushOutbox,
  
  pendingItems,
  
  type FlushReport,
  
} from "./outbox";

/** Keeps the signed-in user's token where the service worker can read it (replay without a page). */
export async function keepTokenForReplay(userId: number, token: string): Promise<void> {
  await getDb().auth.put({ id: "current", userId, token });
}

/** Logout: the token copy goes. The user's unsent items stay, bound to them, until their next sign-in. */
export async function forgetTokenForReplay(): Promise<void> {
  await getDb().auth.clear();
}

/**
 * Replays the outbox of the user whose token the pages left in the store (the service worker's Background Sync).
 * Returns null when nobody is signed in; rejects when items remain for a network or server reason, so that the browser
 * tries again later.
 */
export async function replayForSignedInUser(fetchImpl?: typeof fetch): Promise<FlushReport | null> {
  const auth = await getDb().auth.get("current");
  if (!auth) return null; // signed out: items stay bound to their owner until they sign in again
  const report = await flushOutbox({ userId: auth.userId, token: auth.token, fetchImpl });
  if (report.stoppedBy === "network" || report.stoppedBy === "server") throw new Error(`outbox: ${report.remaining} left`);
  return report;
}
