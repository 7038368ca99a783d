import { queryOptions } from "@tanstack/react-query";
import type { GiftDto } from "@domain/referral";
import { api } from "@/lib/api";
import { pageOf, type Page } from "@/lib/page";
import { referralKeys } from "../referral.keys";

/** `GET /student/gifts?page&perPage`: one page of the gift catalogue (10 a page; 25 on the home). */
export const giftsQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: referralKeys.gifts(page, perPage),
    queryFn: async ({ signal }): Promise<Page<GiftDto>> => {
      const res = await api<GiftDto[]>("/student/gifts", {
        query: { page, perPage },
        signal,
      });
      return pageOf(res.payload, res.meta, page);
    },
  });
