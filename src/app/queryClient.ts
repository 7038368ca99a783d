import { QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "@/lib/api";
import { queryPersister, watchQueryCache } from "@/lib/offline/persister";

/** Retries server hiccups twice; never a 4xx, and never a network failure while the browser knows it is offline. */
function shouldRetry(count: number, err: unknown): boolean {
  if (err instanceof ApiRequestError) {
    if (err.status >= 400 && err.status < 500) return false;
    if (err.isNetwork && navigator.onLine === false) return false;
  }
  return count < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
      // Queries run even when the browser says "offline": the learning screens answer from the device store
      // (persister), and the others fail at once with a clear message instead of waiting forever.
      networkMode: "always",
      persister: queryPersister,
    },
    // Progress and bookmarks go through the outbox, which works offline; other mutations fail with "Network error".
    mutations: { retry: false, networkMode: "always" },
  },
});

watchQueryCache(queryClient);
