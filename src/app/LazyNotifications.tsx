import { lazy, Suspense, useEffect, useState } from "react";
import { MAX_TOASTS, TOAST_MS } from "@domain/constants";

const Notifications = lazy(() => import("@mantine/notifications").then((m) => ({ default: m.Notifications })));

/**
 * The toast container loads after the first paint: toasts shown before it arrives wait in the store and
 * appear as soon as it mounts. Keeps the first screen's code small on a slow phone.
 */
export function LazyNotifications() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setReady(true), 0);
    return () => window.clearTimeout(id);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={MAX_TOASTS} autoClose={TOAST_MS} position="top-center" zIndex={1000} />
    </Suspense>
  );
}
