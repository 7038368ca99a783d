import { queryOptions } from "@tanstack/react-query";
import type { BookmarkDto } from "@domain/learning";
import { api } from "./api";
import { pageOf, type Page } from "./page";
import { keyRoots } from "./queryKeys";

/**
 * The pupil's bookmarks are read by the bookmarks page and the history's bookmarks table, and changed by a lesson's
 * bookmark button and the outbox's replay: one query per page, one cache entry (the bookmarks feature's key factory).
 */
export const bookmarksKeys = {
  all: keyRoots.bookmarks,
  page: (page: number, perPage: number) => [...bookmarksKeys.all, "page", { page, perPage }] as const,
};

/** `GET /student/bookmarked-contents?page&perPage`: one page of the pupil's bookmarks. */
export const bookmarksQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: bookmarksKeys.page(page, perPage),
    queryFn: async ({ signal }): Promise<Page<BookmarkDto>> => {
      const res = await api<BookmarkDto[]>("/student/bookmarked-contents", { query: { page, perPage }, signal });
      return pageOf(res.payload, res.meta, page);
    },
  });
