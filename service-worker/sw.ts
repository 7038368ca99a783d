/// <reference lib="webworker" />
// Darsi's service worker (vite-plugin-pwa, strategy "injectManifest": the plugin bundles this file to dist/sw.js and
// replaces `self.__WB_MANIFEST` with the list of built files).
//
// - Precaches the app shell (every hashed asset, index.html, icons, manifest) and serves client-side routes from the
//   precached index.html, so the app starts offline.
// - Caches images at runtime (cache first, bounded, expiring). API and service responses (/api/, /svc/) are NEVER put
//   in CacheStorage by the worker; one kind of them is answered from the pupil's kept cache when the network fails:
//   the subject documents of an exam the pupil opened (the page keeps them, ./keptMedia.ts).
// - Update flow: registerType "prompt" — a new worker waits until the page posts {type: "SKIP_WAITING"}.
// - Kept chapters: `/media/…` is answered from the pupil's kept cache first (./keptMedia.ts), whatever its signature.
// - Logout: the page posts {type: "CLEAR_USER_CACHES"}; the runtime image caches (which may hold a user's pictures)
//   and the kept chapters' caches are deleted. The reply, when the page passes a MessagePort, is {type: "CLEAR_USER_CACHES_DONE"}.
// - Outbox: on Background Sync ("darsi-outbox", registered by the page when work stayed on the device) the worker
//   replays the signed-in user's outbox itself, under that user's token (kept in the outbox store until logout), even
//   when no page is open. The same Web Lock as the pages makes sure only one of them sends at a time. The outbox is
//   one module, `@/lib/offline/store`, imported by the pages and this worker alike.
// - Web push through Firebase Cloud Messaging (./push.ts): FCM's messages for the signed-in user, shown once per
//   notification id (a toast in a visible page instead), a click opens the notification's route and marks it seen.
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import type { WorkboxPlugin } from "workbox-core/types";
import { KEPT_CACHE_PREFIX } from "../src/lib/offline/keptCache";
import { registerKeptExamDocumentsRoute, registerKeptMediaRoute } from "./keptMedia";
// Web push through Firebase Cloud Messaging: the push and notificationclick handlers.
import "./push";
import { OUTBOX_SYNC_TAG, replayForSignedInUser } from "@/lib/offline/store";

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// ------------------------------------------------------------------ precache + app shell

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

/** Paths the server answers itself: never answered with the app shell. */
// /sandbox: the local payment sandbox's own pages (a third party's site: its D17 page opens in a new tab).
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/svc(\/|$)/, /^\/health(\/|$)/, /^\/sandbox(\/|$)/];

registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [
      ...SERVER_PATHS,
      // Direct navigations to files (/sw.js, /robots.txt, /manifest.webmanifest, an uploaded PDF…) are not app routes.
      // Workbox tests pathname + search: only the path decides (a dot in a query value does not count).
      /^[^?]*\/[^/?]+\.[a-z0-9]{2,5}(\?.*)?$/i,
    ],
  }),
);

// ------------------------------------------------------------------ runtime image caches

const IMAGE_CACHE = "darsi-images";
const EXTERNAL_IMAGE_CACHE = "darsi-images-external";
const imageExpiration = () =>
  new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true });

const sameOriginImages = imageExpiration();
const externalImages = imageExpiration();

/** Same-origin path that must never be cached. */
function isServerPath(url: URL): boolean {
  return url.origin === self.location.origin && SERVER_PATHS.some((re) => re.test(url.pathname));
}

/** Cross-origin images without CORS come back opaque (status 0): keep those too, 200s otherwise. */
const acceptOpaque: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 || response.type === "opaque" ? response : null),
};

const sameOriginImageStrategy = new CacheFirst({ cacheName: IMAGE_CACHE, plugins: [sameOriginImages] });

// Lesson files of chapters kept for offline study first (./keptMedia.ts); what is not kept goes on as before.
registerKeptExamDocumentsRoute();
registerKeptMediaRoute((options) => (options.request.destination === "image" ? sameOriginImageStrategy.handle(options) : fetch(options.request)));

registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    !isServerPath(url) &&
    (url.pathname.startsWith("/icons/") || request.destination === "image"),
  sameOriginImageStrategy,
);

registerRoute(
  ({ request, url }) => url.origin !== self.location.origin && url.protocol === "https:" && request.destination === "image",
  new CacheFirst({ cacheName: EXTERNAL_IMAGE_CACHE, plugins: [acceptOpaque, externalImages] }),
);

// ------------------------------------------------------------------ lazy code kept once loaded

// The exam homework's PDF worker (pdf-lib, 176 kB gzip) is not precached (most pupils never use it): once loaded online
// (the homework form loads it as it opens), its file is kept here so that photos picked offline still merge. Code, not
// a pupil's data: kept through sign-outs; one build's file replaces the last.
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/assets\/mergeImages\.worker-[\w-]+\.js$/.test(url.pathname),
  new CacheFirst({ cacheName: "darsi-code-lazy", plugins: [new ExpirationPlugin({ maxEntries: 2, purgeOnQuotaError: true })] }),
);

// ------------------------------------------------------------------ messages from the page

type PageMessage = { type?: unknown } | null | undefined;

async function clearUserCaches(): Promise<void> {
  // deleteCacheAndMetadata() drops both the cache and the expiration plugin's IndexedDB timestamps.
  await Promise.all([sameOriginImages.deleteCacheAndMetadata(), externalImages.deleteCacheAndMetadata()]);
  // Belt and braces: any other runtime cache of ours (never the precache, which holds no user data).
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith("darsi-images") || n.startsWith(KEPT_CACHE_PREFIX)).map((n) => caches.delete(n)));
}

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const data = event.data as PageMessage;
  const type = data && typeof data === "object" ? data.type : undefined;
  if (type === "SKIP_WAITING") {
    event.waitUntil(self.skipWaiting());
  } else if (type === "CLEAR_USER_CACHES") {
    event.waitUntil(
      clearUserCaches().then(
        () => event.ports[0]?.postMessage({ type: "CLEAR_USER_CACHES_DONE", ok: true }),
        (error: unknown) => event.ports[0]?.postMessage({ type: "CLEAR_USER_CACHES_DONE", ok: false, error: String(error) }),
      ),
    );
  }
});

// ------------------------------------------------------------------ outbox replay (Background Sync)

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayForSignedInUser().then(() => undefined));
});
