import { queryOptions } from "@tanstack/react-query";
import type { GiftCartDto } from "@domain/referral";
import { api } from "@/lib/api";
import { referralKeys } from "../referral.keys";

/** `GET /student/gift-requests/current`: the cart, always 200 (an empty cart is `{ id: null, items: [], amount: 0 }`). */
export const cartQueryOptions = queryOptions({
  queryKey: referralKeys.cart(),
  queryFn: async ({ signal }): Promise<GiftCartDto> =>
    (await api<GiftCartDto>("/student/gift-requests/current", { signal }))
      .payload,
});
