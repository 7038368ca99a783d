import { queryOptions } from "@tanstack/react-query";
import type { GiftOrderDto } from "@domain/referral";
import { api } from "@/lib/api";
import { pageOf, type Page } from "@/lib/page";
import { referralKeys } from "../referral.keys";

/** `GET /student/gift-requests?page&perPage`: the pupil's orders, newest first. */
export const giftOrdersQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: referralKeys.orderPage(page, perPage),
    queryFn: async ({ signal }): Promise<Page<GiftOrderDto>> => {
      const res = await api<GiftOrderDto[]>("/student/gift-requests", {
        query: { page, perPage },
        signal,
      });
      return pageOf(res.payload, res.meta, page);
    },
  });
