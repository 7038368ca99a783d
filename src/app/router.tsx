import { createRouter, lazyRouteComponent } from "@tanstack/react-router";
import { routeTree } from "../routeTree.gen";
import { queryClient } from "./queryClient";
import { FullPageLoader } from "@/components/FullPageLoader";

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  // Rare pages: their code loads only when shown.
  defaultNotFoundComponent: lazyRouteComponent(() => import("./shell/NotFoundPage"), "NotFoundPage"),
  // A network failure gets the app's offline state (`./OfflinePage`), anything else the error page.
  defaultErrorComponent: lazyRouteComponent(() => import("./RouteError"), "RouteError"),
  defaultPendingComponent: FullPageLoader,
  defaultPendingMs: 300,
  // Once shown, the loader stays long enough not to flash (the default 500 ms would hold back a page that is ready).
  defaultPendingMinMs: 150,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
