/// <reference lib="webworker" />
// Lesson files of chapters kept for offline study (src/lib/offline/keep.ts stores them, keptCache.ts names them).
// A `/media/…` request is answered from the pupil's kept cache first — found by its path, whatever signature the page
// asks with (signatures expire and are bound to a session) — with byte ranges for videos; otherwise `fallback`
// answers it (the network, or the image cache for pictures).
import { registerRoute } from "workbox-routing";
import type { RouteHandlerCallbackOptions } from "workbox-core/types";
import { answerRange, isExamDocument, matchKept } from "../src/lib/offline/keptCache";

declare let self: ServiceWorkerGlobalScope;

const isKeptMedia = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith("/media/") && !url.pathname.startsWith("/media/public/");

export function registerKeptMediaRoute(fallback: (options: RouteHandlerCallbackOptions) => Promise<Response>): void {
  registerRoute(
    ({ url, request }) => isKeptMedia(url) && request.method === "GET",
    async (options) => {
      const kept = await matchKept(options.url.href, self.location.origin).catch(() => undefined);
      if (!kept) return fallback(options);
      return answerRange(options.request.headers.get("Range"), kept);
    },
  );
}

/**
 * An exam's subject documents the pupil opened (`src/lib/offline/examFiles.ts` keeps them): the network first (the
 * server checks the signature and the exam's state), the kept copy when the network fails.
 */
export function registerKeptExamDocumentsRoute(): void {
  registerRoute(
    ({ url, request }) => url.origin === self.location.origin && isExamDocument(url) && request.method === "GET",
    async ({ request, url }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const kept = await matchKept(url.href, self.location.origin).catch(() => undefined);
        if (kept) return kept;
        throw error;
      }
    },
  );
}
