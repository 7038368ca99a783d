import { queryOptions } from "@tanstack/react-query";
import type { ConversionRateDto } from "@domain/referral";
import { api } from "@/lib/api";
import { referralKeys } from "../referral.keys";

/** `GET /student/gift-requests/conversion-rate-gift-point`: tokens per point, and the least a conversion takes. */
export const conversionRateQueryOptions = queryOptions({
  queryKey: referralKeys.rate(),
  queryFn: async ({ signal }): Promise<ConversionRateDto> =>
    (
      await api<ConversionRateDto>(
        "/student/gift-requests/conversion-rate-gift-point",
        { signal },
      )
    ).payload,
});
