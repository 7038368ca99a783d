import { queryOptions } from "@tanstack/react-query";
import type { RateableDto } from "@domain/events";
import { api } from "@/lib/api";
import { env } from "@/lib/env";
import { sessionsKeys } from "../sessions.keys";

/** `GET /svc/reviews/rateables`: attended sessions not rated yet. */
export const rateablesQueryOptions = queryOptions({
  queryKey: sessionsKeys.rateables(),
  queryFn: async ({ signal }) => (await api<RateableDto[]>("/rateables", { base: env.reviewsBase, signal })).payload,
  staleTime: 30_000,
});
