import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { TransferDto } from "@domain/schemas/transfers";
import { api } from "@/lib/api";
import { historyKeys } from "../history.keys";
import { pageOf, type HistoryPage } from "./page";

/** `GET /student/transfer-points-history?page&perPage`: point transfers sent and received, newest first. */
export const transfersHistoryQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: historyKeys.table("transfers", page, perPage),
    queryFn: async ({ signal }): Promise<HistoryPage<TransferDto>> => {
      const res = await api<TransferDto[]>("/student/transfer-points-history", { query: { page, perPage }, signal });
      return pageOf(res.payload, res.meta, page);
    },
    placeholderData: keepPreviousData,
  });
