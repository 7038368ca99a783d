import { queryOptions } from "@tanstack/react-query";
import type { GiftDto } from "@domain/referral";
import { api } from "@/lib/api";
import { referralKeys } from "../referral.keys";

/** `GET /student/gifts/{id}`: one gift with its cover and gallery. */
export const giftQueryOptions = (id: number) =>
  queryOptions({
    queryKey: referralKeys.gift(id),
    queryFn: async ({ signal }): Promise<GiftDto> =>
      (await api<GiftDto>(`/student/gifts/${id}`, { signal })).payload,
  });
