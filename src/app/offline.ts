import type { QueryClient } from "@tanstack/react-query";
import { getSession, subscribeSession } from "@/lib/session";
import { deviceHasDataFor, loadDeviceStore, whenIdle } from "@/lib/offline/persister";
import { userIdOfToken } from "@/lib/offline/user";

/**
 * Starts the device store's replay for the signed-in user: at app start and at every sign-in (a new token replays what
 * that user left unsent). Signed out, nothing of it loads; with nothing of this user on the device, it loads when the
 * page is idle.
 */
export function startOfflineSync(queryClient: QueryClient): void {
  let startedFor: string | null = null;
  const start = () => {
    const session = getSession();
    if (!session || session.token === startedFor || userIdOfToken(session.token) === null) return;
    startedFor = session.token;
    const userId = userIdOfToken(session.token)!;
    const go = () => void loadDeviceStore().then((store) => store?.startSync(queryClient));
    // Something of this user on the device (answers, unsent work): now. Otherwise when the page is idle.
    if (deviceHasDataFor(userId)) go();
    else whenIdle(go);
  };
  start();
  subscribeSession(() => {
    if (!getSession()) startedFor = null;
    start();
  });
}
