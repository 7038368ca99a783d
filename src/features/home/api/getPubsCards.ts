import { queryOptions } from "@tanstack/react-query";
import { CACHE_TTL_MS } from "@domain/constants";
import type { PromoCardDto } from "@domain/learning";
import { api } from "@/lib/api";
import { homeKeys } from "../home.keys";

/** `GET /student/pubs-cards`: the ad cards of the pupil's class, by position (kept 3 hours, SPEC §9). */
export const pubsCardsQueryOptions = queryOptions({
  queryKey: homeKeys.pubsCards(),
  queryFn: async ({ signal }) => {
    const cards = (await api<PromoCardDto[]>("/student/pubs-cards", { signal })).payload;
    return cards.filter((c) => c.visible !== false).sort((a, b) => a.position - b.position || a.id - b.id);
  },
  staleTime: CACHE_TTL_MS,
});
