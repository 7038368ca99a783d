import { QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "@/lib/api";

/** Retries server hiccups twice, a network failure once; never a 4xx, and never a network failure while the browser knows it is offline. */
function shouldRetry(count: number, err: unknown): boolean {
  if (err instanceof ApiRequestError) {
    if (err.status >= 400 && err.status < 500) return false;
    if (err.isNetwork && navigator.onLine === false) return false;
    // The server could not be reached: once more only, so that a page the device does not have says so quickly.
    if (err.isNetwork) return count < 1;
  }
  return count < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
      // Queries run even when the browser says "offline": the learning screens already have their answers from the
      // persisted cache (src/lib/offline/queryCache.ts), and the others fail at once with a clear message instead of
      // waiting forever.
      networkMode: "always",
    },
    // Progress and bookmarks go through the outbox, which works offline; other mutations fail with "Network error".
    mutations: { retry: false, networkMode: "always" },
  },
});
