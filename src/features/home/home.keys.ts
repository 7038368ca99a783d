/** Query keys of the home feature. */
export const homeKeys = {
  all: ["home"] as const,
  alerts: () => [...homeKeys.all, "alerts"] as const,
  freeContents: () => [...homeKeys.all, "free-contents"] as const,
  newContents: () => [...homeKeys.all, "new-contents"] as const,
  pubsCards: () => [...homeKeys.all, "pubs-cards"] as const,
  latestRecordings: (limit: number) => [...homeKeys.all, "latest-recordings", limit] as const,
  latestPosts: (limit: number) => [...homeKeys.all, "latest-posts", limit] as const,
};
