import { AFTER_FIRST_SCREEN_MS, afterFirstScreen } from "@/lib/offline/send";

/**
 * Registers the service worker (precache of the shell, runtime images) through workbox-window. When a new version
 * waits, a persistent toast offers to update; accepting activates it (SKIP_WAITING) and the page reloads once under it.
 *
 * Neither the worker nor workbox-window is part of the first screen: installing the worker downloads the whole precache
 * (about 1.7 MB), which must not compete with it on a slow connection, and workbox-window (about 2.5 kB gzip) is not
 * needed before: they wait `AFTER_FIRST_SCREEN_MS` (6 s) after the page's load, then a quiet moment. A worker already
 * installed keeps serving the page meanwhile. The registration and its update prompt (`./serviceWorkerUpdate`) load
 * then too, out of the entry chunk.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  afterFirstScreen(() => void import("./serviceWorkerUpdate").then((m) => m.register()), AFTER_FIRST_SCREEN_MS);
}
