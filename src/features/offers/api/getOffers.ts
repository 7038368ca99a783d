import { queryOptions } from "@tanstack/react-query";
import type { OfferDto } from "@domain/offers";
import { api } from "@/lib/api";
import { offersKeys } from "../offers.keys";

/** `GET /student/offers`: the offers of the pupil's class, by position, with what the pupil owns. */
export const offersQueryOptions = queryOptions({
  queryKey: offersKeys.list(),
  queryFn: async ({ signal }) => {
    const list = (await api<OfferDto[]>("/student/offers", { signal })).payload ?? [];
    return [...list].sort((a, b) => a.position - b.position || a.id - b.id);
  },
  staleTime: 30_000,
});
