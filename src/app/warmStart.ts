import type { AnyRouter } from "@tanstack/react-router";
import { getSession } from "@/lib/session";

/**
 * A signed-in start fetches, before the first render, what it would otherwise fetch one after the other: the route
 * chunks of the page being opened (normally requested only once the signed-in layout's user check is done). From the
 * service worker's cache on a repeat visit.
 */
export function warmStart(router: AnyRouter): void {
  if (!getSession()) return;
  const [routes] = router.getMatchedRoutes(window.location.pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}
