import type { QueryClient } from "@tanstack/react-query";
import { subjectsQueryOptions } from "@/lib/subjects";
import { alertsQueryOptions } from "./getAlerts";
import { freeContentsQueryOptions } from "./getFreeContents";
import { latestPostsQueryOptions } from "./getLatestPosts";
import { latestRecordingsQueryOptions } from "./getLatestRecordings";
import { newContentsQueryOptions } from "./getNewContents";
import { pubsCardsQueryOptions } from "./getPubsCards";

/** The longest the home waits for its warnings before showing (a slow or cut connection must not hold it). */
const ALERTS_WAIT_MS = 1500;

/**
 * The home route's loader: starts every widget's request at once, and waits (briefly) for the warnings, which sit at
 * the top of the page and have no reserved height — so that they do not push the page down when they arrive.
 */
export async function loadHome(queryClient: QueryClient): Promise<void> {
  // The warnings first: a server that answers in order (one embedded database) answers them first.
  const alerts = queryClient.prefetchQuery(alertsQueryOptions);
  void queryClient.prefetchQuery(subjectsQueryOptions());
  void queryClient.prefetchQuery(pubsCardsQueryOptions);
  void queryClient.prefetchQuery(latestRecordingsQueryOptions());
  void queryClient.prefetchQuery(latestPostsQueryOptions());
  void queryClient.prefetchQuery(freeContentsQueryOptions);
  void queryClient.prefetchQuery(newContentsQueryOptions);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    alerts,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ALERTS_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}
