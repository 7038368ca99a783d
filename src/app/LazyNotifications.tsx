import { lazy, Suspense, useSyncExternalStore } from "react";
import { MAX_TOASTS, TOAST_MS } from "@domain/constants";
import { subscribeToastsWanted, toastsWanted } from "@/lib/toast";

const Notifications = lazy(() => import("@mantine/notifications").then((m) => ({ default: m.Notifications })));

/**
 * The toast container loads with the first toast (`src/lib/toast.ts`), not with the page: most visits show none, and
 * a slow phone is spared its code. A toast shown before the container arrives waits in the store and appears as soon
 * as it mounts.
 */
export function LazyNotifications() {
  const wanted = useSyncExternalStore(subscribeToastsWanted, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* At the bottom: a toast never covers the top bar (its statuses, wallet and menus). */}
      <Notifications limit={MAX_TOASTS} autoClose={TOAST_MS} position="bottom-center" zIndex={1000} />
    </Suspense>
  );
}
