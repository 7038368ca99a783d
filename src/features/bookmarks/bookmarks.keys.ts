/** Query keys of the bookmarks feature (one factory: ["bookmarks", …]). */
export const bookmarksKeys = {
  all: ["bookmarks"] as const,
  page: (page: number, perPage: number) => [...bookmarksKeys.all, "page", { page, perPage }] as const,
};
