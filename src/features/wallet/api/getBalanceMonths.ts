import { queryOptions } from "@tanstack/react-query";
import type { BalanceMonthDto } from "@domain/wallet";
import { api } from "@/lib/api";
import { walletKeys } from "../wallet.keys";

/** `GET /student/wallet/balance-months`: the balance at the end of each of the last months, oldest first. */
export const balanceMonthsQueryOptions = queryOptions({
  queryKey: walletKeys.balanceMonths(),
  queryFn: async ({ signal }): Promise<BalanceMonthDto[]> => (await api<BalanceMonthDto[]>("/student/wallet/balance-months", { signal })).payload ?? [],
});
