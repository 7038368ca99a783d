import type { QueryClient } from "@tanstack/react-query";
import { getSession, subscribeSession } from "@/lib/session";
import { loadSync, whenIdle } from "@/lib/offline/send";
import { userIdOfToken } from "@/lib/offline/user";

/**
 * Starts the outbox's replay for the signed-in user once the first screen is up: at app start and at every sign-in (a new
 * token replays what that user left unsent). Signed out, nothing of it loads. The pupil's answers need nothing here:
 * the persisted query cache is restored before the first render (`src/lib/offline/queryCache.ts`).
 */
/**
 * Once the first screen is up: after the page's load, then a quiet moment. The outbox's code (Dexie, 33 kB gzip) must
 * not compete with the first screen's chunks on a slow phone; what waits in it waits a second more.
 */
function afterStart(fn: () => void): void {
  const go = () => setTimeout(() => whenIdle(fn), 1_000);
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}

export function startOfflineSync(queryClient: QueryClient): void {
  let startedFor: string | null = null;
  const start = () => {
    const session = getSession();
    if (!session || session.token === startedFor || userIdOfToken(session.token) === null) return;
    startedFor = session.token;
    afterStart(() => void loadSync().then((sync) => sync?.startSync(queryClient)));
  };
  start();
  subscribeSession(() => {
    if (!getSession()) startedFor = null;
    start();
  });
}
