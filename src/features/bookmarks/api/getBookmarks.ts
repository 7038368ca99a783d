import { queryOptions } from "@tanstack/react-query";
import type { BookmarkDto } from "@domain/learning";
import { api } from "@/lib/api";
import { bookmarksKeys } from "../bookmarks.keys";

export interface BookmarksPage {
  items: BookmarkDto[];
  meta: { current_page: number; last_page: number; total: number };
}

/** `GET /student/bookmarked-contents?page&perPage`: one page of the pupil's bookmarks. */
export const bookmarksQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: bookmarksKeys.page(page, perPage),
    queryFn: async ({ signal }): Promise<BookmarksPage> => {
      const res = await api<BookmarkDto[]>("/student/bookmarked-contents", { query: { page, perPage }, signal });
      const items = res.payload ?? [];
      return { items, meta: res.meta ?? { current_page: page, last_page: 1, total: items.length } };
    },
  });
