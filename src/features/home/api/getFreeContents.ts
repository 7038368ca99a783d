import { queryOptions } from "@tanstack/react-query";
import { CACHE_TTL_MS } from "@domain/constants";
import type { ContentCardDto } from "@domain/learning";
import { api } from "@/lib/api";
import { homeKeys } from "../home.keys";

/** `GET /student/chapters/free-contents` (kept 3 hours). */
export const freeContentsQueryOptions = queryOptions({
  queryKey: homeKeys.freeContents(),
  queryFn: async ({ signal }) => (await api<ContentCardDto[]>("/student/chapters/free-contents", { signal })).payload,
  staleTime: CACHE_TTL_MS,
});
