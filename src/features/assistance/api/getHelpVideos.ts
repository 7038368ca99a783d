import { queryOptions } from "@tanstack/react-query";
import type { HelpVideoDto } from "@domain/account";
import { api } from "@/lib/api";
import { assistanceKeys } from "../assistance.keys";

/** `GET /video-links`: the help videos, in topic order, their links signed for this session (valid two hours). */
export const helpVideosQueryOptions = queryOptions({
  queryKey: assistanceKeys.videos(),
  queryFn: async ({ signal }) => (await api<HelpVideoDto[]>("/video-links", { signal })).payload ?? [],
  staleTime: 30 * 60 * 1000,
});
