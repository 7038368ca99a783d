import { keyRoots, latestRecordingsKey } from "@/lib/queryKeys";
/** Query keys of the home feature. */
export const homeKeys = {
  all: keyRoots.home,
  alerts: () => [...homeKeys.all, "alerts"] as const,
  freeContents: () => [...homeKeys.all, "free-contents"] as const,
  newContents: () => [...homeKeys.all, "new-contents"] as const,
  pubsCards: () => [...homeKeys.all, "pubs-cards"] as const,
  latestRecordings: (limit: number) => [...latestRecordingsKey, limit] as const,
  latestPosts: (limit: number) => [...homeKeys.all, "latest-posts", limit] as const,
  activity: () => [...homeKeys.all, "activity"] as const,
};
