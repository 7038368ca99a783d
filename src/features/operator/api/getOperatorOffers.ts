import { queryOptions } from "@tanstack/react-query";
import type { OperatorOfferDto } from "@domain/operator";
import { api } from "@/lib/api";
import { operatorKeys } from "../operator.keys";

/** `GET /offers` (public): the operator offer per level with its per-day and per-week price in millimes. */
export const operatorOffersQueryOptions = queryOptions({
  queryKey: operatorKeys.offers(),
  queryFn: async ({ signal }) => (await api<OperatorOfferDto[]>("/offers", { signal, anonymous: true })).payload,
  staleTime: 10 * 60_000,
});
