import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { SubscriptionHistoryDto } from "@domain/account";
import { api } from "@/lib/api";
import { historyKeys } from "../history.keys";
import { pageOf, type Page } from "@/lib/page";

/** `GET /student/history/subscriptions?page&perPage`: the pupil's subscriptions, newest first. */
export const subscriptionsQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: historyKeys.table("subscriptions", page, perPage),
    queryFn: async ({ signal }): Promise<Page<SubscriptionHistoryDto>> => {
      const res = await api<SubscriptionHistoryDto[]>("/student/history/subscriptions", { query: { page, perPage }, signal });
      return pageOf(res.payload, res.meta, page);
    },
    placeholderData: keepPreviousData,
  });
