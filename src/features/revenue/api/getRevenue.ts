import { queryOptions } from "@tanstack/react-query";
import type { BenefitPaymentDto, DiscountCodeHistoryDto, ProfitDiscountCodeDto } from "@domain/schemas/revenue";
import { api } from "@/lib/api";
import { revenueKeys } from "../revenue.keys";

/** A 403 (not an influencer) is an answer, not a failure to retry. */
const noRetryOn403 = (count: number, err: unknown) => (err as { status?: number }).status !== 403 && count < 2;

/** `GET /student/profit/discount-code`: the influencer's codes with their uses and revenue. */
export const profitCodesQueryOptions = queryOptions({
  queryKey: revenueKeys.codes(),
  queryFn: async ({ signal }) => (await api<ProfitDiscountCodeDto[]>("/student/profit/discount-code", { signal })).payload,
  retry: noRetryOn403,
});

export interface CodeHistoryPage {
  items: DiscountCodeHistoryDto[];
  meta: { current_page: number; last_page: number; total: number };
}

/** `GET /discount-code-histories/{id}?page&perPage`: the purchases made with one code. */
export const codeHistoryQueryOptions = (codeId: number, page: number, perPage: number) =>
  queryOptions({
    queryKey: revenueKeys.history(codeId, page, perPage),
    queryFn: async ({ signal }): Promise<CodeHistoryPage> => {
      const res = await api<DiscountCodeHistoryDto[]>(`/discount-code-histories/${codeId}`, { query: { page, perPage }, signal });
      const items = res.payload ?? [];
      return { items, meta: res.meta ?? { current_page: page, last_page: 1, total: items.length } };
    },
    retry: noRetryOn403,
  });

/** `GET /student/profit/benefit-payments`: the payouts received. */
export const benefitPaymentsQueryOptions = queryOptions({
  queryKey: revenueKeys.payments(),
  queryFn: async ({ signal }) => (await api<BenefitPaymentDto[]>("/student/profit/benefit-payments", { signal })).payload,
  retry: noRetryOn403,
});
