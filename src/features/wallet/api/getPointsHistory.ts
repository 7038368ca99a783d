import { queryOptions } from "@tanstack/react-query";
import type { PointsHistoryRowDto } from "@domain/wallet";
import { api } from "@/lib/api";
import { walletKeys } from "../wallet.keys";

export interface PointsHistoryPage {
  items: PointsHistoryRowDto[];
  meta: { current_page: number; last_page: number; total: number };
}

/** `GET /codes?page&perPage`: one page of the pupil's points history. */
export const pointsHistoryQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: walletKeys.history(page, perPage),
    queryFn: async ({ signal }): Promise<PointsHistoryPage> => {
      const res = await api<PointsHistoryRowDto[]>("/codes", { query: { page, perPage }, signal });
      const items = res.payload ?? [];
      return { items, meta: res.meta ?? { current_page: page, last_page: 1, total: items.length } };
    },
  });
