import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { TabletPupilDto } from "@domain/tablet";
import { api } from "@/lib/api";
import { tabletHeaders } from "@/lib/tablet";
import { tabletKeys } from "./tablet.keys";

/** `GET /tablet/pupils` as the class tablet (its device credential, no pupil's token): a page of the class's pupils. */
export const tabletPupilsQueryOptions = (tabletId: number, page: number, q: string) =>
  queryOptions({
    queryKey: tabletKeys.pupils(tabletId, page, q),
    queryFn: async ({ signal }) => {
      const res = await api<TabletPupilDto[]>("/tablet/pupils", { anonymous: true, headers: tabletHeaders(), query: { page, q: q || undefined }, signal });
      return { pupils: res.payload, lastPage: res.meta?.last_page ?? 1, total: res.meta?.total ?? res.payload.length };
    },
    placeholderData: keepPreviousData,
  });
