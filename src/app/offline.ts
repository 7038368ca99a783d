import type { QueryClient } from "@tanstack/react-query";
import { getSession, subscribeSession } from "@/lib/session";
import { loadSync, whenIdle } from "@/lib/offline/send";
import { userIdOfToken } from "@/lib/offline/user";

/**
 * Starts the outbox's replay for the signed-in user once the page is idle: at app start and at every sign-in (a new
 * token replays what that user left unsent). Signed out, nothing of it loads. The pupil's answers need nothing here:
 * the persisted query cache is restored before the first render (`src/lib/offline/queryCache.ts`).
 */
export function startOfflineSync(queryClient: QueryClient): void {
  let startedFor: string | null = null;
  const start = () => {
    const session = getSession();
    if (!session || session.token === startedFor || userIdOfToken(session.token) === null) return;
    startedFor = session.token;
    whenIdle(() => void loadSync().then((sync) => sync?.startSync(queryClient)));
  };
  start();
  subscribeSession(() => {
    if (!getSession()) startedFor = null;
    start();
  });
}
