import { queryOptions } from "@tanstack/react-query";
import type { GiftOrderDto } from "@domain/referral";
import { api } from "@/lib/api";
import { referralKeys } from "../referral.keys";

/** `GET /student/gift-requests/{id}`: one of the pupil's orders (another pupil's is a 404). */
export const giftOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: referralKeys.order(id),
    queryFn: async ({ signal }): Promise<GiftOrderDto> =>
      (await api<GiftOrderDto>(`/student/gift-requests/${id}`, { signal }))
        .payload,
  });
