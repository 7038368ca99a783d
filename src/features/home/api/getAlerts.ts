import { queryOptions } from "@tanstack/react-query";
import { CACHE_TTL_MS } from "@domain/constants";
import type { AlertDto } from "@domain/learning";
import { api } from "@/lib/api";
import { homeKeys } from "../home.keys";

/** `GET /alerts`: the warnings shown at the top of the home page (kept 3 hours, SPEC §9). */
export const alertsQueryOptions = queryOptions({
  queryKey: homeKeys.alerts(),
  queryFn: async ({ signal }) => (await api<AlertDto[]>("/alerts", { signal })).payload,
  staleTime: CACHE_TTL_MS,
});
