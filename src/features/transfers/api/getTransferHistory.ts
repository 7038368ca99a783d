import { queryOptions } from "@tanstack/react-query";
import type { TransferDto } from "@domain/schemas/transfers";
import { api } from "@/lib/api";
import { transfersKeys } from "../transfers.keys";

export interface TransfersPage {
  items: TransferDto[];
  meta: { current_page: number; last_page: number; total: number };
}

/** `GET /student/transfer-points-history?page&perPage`: transfers the pupil sent and received, newest first. */
export const transferHistoryQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: transfersKeys.history(page, perPage),
    queryFn: async ({ signal }): Promise<TransfersPage> => {
      const res = await api<TransferDto[]>("/student/transfer-points-history", { query: { page, perPage }, signal });
      const items = res.payload ?? [];
      return { items, meta: res.meta ?? { current_page: page, last_page: 1, total: items.length } };
    },
  });
