import { queryOptions } from "@tanstack/react-query";
import { CACHE_TTL_MS } from "@domain/constants";
import type { ContentCardDto } from "@domain/learning";
import { api } from "@/lib/api";
import { homeKeys } from "../home.keys";

/** `GET /student/chapters/new-contents` (kept 3 hours). */
export const newContentsQueryOptions = queryOptions({
  queryKey: homeKeys.newContents(),
  queryFn: async ({ signal }) => (await api<ContentCardDto[]>("/student/chapters/new-contents", { signal })).payload,
  staleTime: CACHE_TTL_MS,
});
