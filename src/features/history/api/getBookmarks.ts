import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { BookmarkDto } from "@domain/learning";
import { api } from "@/lib/api";
import { historyKeys } from "../history.keys";
import { pageOf, type HistoryPage } from "./page";

/** `GET /student/bookmarked-contents?page&perPage`: the bookmarks table of /historique. */
export const bookmarksHistoryQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: historyKeys.table("bookmarks", page, perPage),
    queryFn: async ({ signal }): Promise<HistoryPage<BookmarkDto>> => {
      const res = await api<BookmarkDto[]>("/student/bookmarked-contents", { query: { page, perPage }, signal });
      return pageOf(res.payload, res.meta, page);
    },
    placeholderData: keepPreviousData,
  });
