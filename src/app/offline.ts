import type { QueryClient } from "@tanstack/react-query";
import { getSession, subscribeSession } from "@/lib/session";
import { outboxMayHold } from "@/lib/offline/pending";
import { AFTER_FIRST_SCREEN_MS, afterFirstScreen, setSyncClient, startedSync } from "@/lib/offline/send";
import { userIdOfToken } from "@/lib/offline/user";

/**
 * Starts the outbox's replay for the signed-in user once the first screen is up, at app start and at every sign-in (a
 * new token replays what that user left unsent) — a second after it when this device's outbox may hold something of
 * theirs; otherwise its code (Dexie, 33 kB gzip) loads with the service worker's registration (`AFTER_FIRST_SCREEN_MS`)
 * or with the pupil's first progress post or bookmark press, whichever comes first. Signed out, nothing of it loads. The pupil's answers need nothing here: the persisted query cache is restored before the first render
 * (`src/lib/offline/queryCache.ts`).
 */
export function startOfflineSync(queryClient: QueryClient): void {
  setSyncClient(queryClient);
  let checkedFor: string | null = null;
  const start = () => {
    const session = getSession();
    const userId = session ? userIdOfToken(session.token) : null;
    if (!session || session.token === checkedFor || userId === null) return;
    checkedFor = session.token;
    afterFirstScreen(() => {
      void outboxMayHold(userId).then((mayHold) => {
        // Nothing waits: the outbox still hands the token copy to the service worker (its replay and its notification
        // clicks read it), with the worker's own registration, well after the first screen.
        if (mayHold) void startedSync();
        else afterFirstScreen(() => void startedSync(), AFTER_FIRST_SCREEN_MS);
      });
    }, 1_000);
  };
  start();
  subscribeSession(() => {
    if (!getSession()) checkedFor = null;
    start();
  });
}
