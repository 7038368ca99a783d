import { queryOptions } from "@tanstack/react-query";
import type { TransferDto } from "@domain/schemas/transfers";
import { api } from "./api";
import { pageOf, type Page } from "./page";
import { keyRoots } from "./queryKeys";

/**
 * Point transfers are listed by the wallet's transfers panel and the history's transfers table, and changed by a
 * transfer's start and confirmation: one query per page, one cache entry (the transfers feature's key factory).
 */
export const transfersKeys = {
  all: keyRoots.transfers,
  history: (page: number, perPage: number) => [...transfersKeys.all, "history", { page, perPage }] as const,
};

/** `GET /student/transfer-points-history?page&perPage`: transfers the pupil sent and received, newest first. */
export const transferHistoryQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: transfersKeys.history(page, perPage),
    queryFn: async ({ signal }): Promise<Page<TransferDto>> => {
      const res = await api<TransferDto[]>("/student/transfer-points-history", { query: { page, perPage }, signal });
      return pageOf(res.payload, res.meta, page);
    },
  });
