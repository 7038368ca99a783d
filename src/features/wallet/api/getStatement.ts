import { queryOptions } from "@tanstack/react-query";
import type { StatementFilter, StatementRowDto } from "@domain/wallet";
import { api } from "@/lib/api";
import { walletKeys } from "../wallet.keys";

export interface StatementPage {
  items: StatementRowDto[];
  meta: { current_page: number; last_page: number; total: number };
}

/** `GET /student/wallet/statement?page&perPage&kind`: one page of the pupil's statement, newest first. */
export const statementQueryOptions = (page: number, perPage: number, kind: StatementFilter | undefined) =>
  queryOptions({
    queryKey: walletKeys.statement(page, perPage, kind),
    queryFn: async ({ signal }): Promise<StatementPage> => {
      const res = await api<StatementRowDto[]>("/student/wallet/statement", { query: { page, perPage, ...(kind ? { kind } : {}) }, signal });
      const items = res.payload ?? [];
      return { items, meta: res.meta ?? { current_page: page, last_page: 1, total: items.length } };
    },
  });
