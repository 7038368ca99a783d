import { queryOptions } from "@tanstack/react-query";
import type { GeneratedGiftDto } from "@domain/referral";
import { api } from "@/lib/api";
import { pageOf, type Page } from "@/lib/page";
import { referralKeys } from "../referral.keys";

/** `GET /student/history/generated-gifts?page&perPage`: the uses of the pupil's gift code, newest first. */
export const generatedGiftsQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: referralKeys.uses(page, perPage),
    queryFn: async ({ signal }): Promise<Page<GeneratedGiftDto>> => {
      const res = await api<GeneratedGiftDto[]>(
        "/student/history/generated-gifts",
        { query: { page, perPage }, signal },
      );
      return pageOf(res.payload, res.meta, page);
    },
  });
