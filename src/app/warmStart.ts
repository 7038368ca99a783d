import type { AnyRouter } from "@tanstack/react-router";
import { getSession } from "@/lib/session";
import { deviceHasDataFor, loadDeviceStore } from "@/lib/offline/persister";
import { currentUserId } from "@/lib/offline/user";

/**
 * A signed-in start fetches, side by side and before the first render, what it would otherwise fetch one after the
 * other: the route chunks of the page being opened (normally requested only once the signed-in layout's user check is
 * done) and the device store when it holds something of this pupil. From the service worker's cache on a repeat visit.
 */
export function warmStart(router: AnyRouter): void {
  if (!getSession()) return;
  const userId = currentUserId();
  if (userId !== null && deviceHasDataFor(userId)) void loadDeviceStore().then((store) => store?.openEarly());
  const [routes] = router.getMatchedRoutes(window.location.pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}
