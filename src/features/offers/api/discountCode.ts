import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AppliedCodeDto, OfferPeriod } from "@domain/offers";
import { api } from "@/lib/api";
import { offersKeys } from "../offers.keys";

/** `GET /student/discount-code`: the code the pupil has added before paying, or null. */
export const appliedCodeQueryOptions = queryOptions({
  queryKey: offersKeys.appliedCode(),
  queryFn: async ({ signal }) => (await api<AppliedCodeDto | null>("/student/discount-code", { signal })).payload ?? null,
  staleTime: 30_000,
});

export interface AddCodeInput {
  code: string;
  offerId: number;
  period: OfferPeriod | null;
}

/** `POST /student/discount-code`: adds a code to an offer (422 with the reason on `code`). */
export function useAddDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, offerId, period }: AddCodeInput) =>
      (
        await api<AppliedCodeDto>("/student/discount-code", {
          method: "POST",
          body: { code, offerId, quantity: 1, allYear: period === "year", period },
        })
      ).payload,
    onSuccess: (applied) => queryClient.setQueryData(offersKeys.appliedCode(), applied),
  });
}

/** `DELETE /student/discount-code/{id}`. */
export function useRemoveDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api(`/student/discount-code/${id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersKeys.appliedCode() }),
  });
}
