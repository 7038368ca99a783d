import { queryOptions } from "@tanstack/react-query";
import type { OperatorDivisionDto, OperatorLevel } from "@domain/operator";
import { api } from "@/lib/api";
import { operatorKeys } from "../operator.keys";

/** `GET /{level}/divisions` (public): the classes of a level, for the subscribe modal. */
export const levelDivisionsQueryOptions = (level: OperatorLevel) =>
  queryOptions({
    queryKey: operatorKeys.divisions(level),
    queryFn: async ({ signal }) => (await api<OperatorDivisionDto[]>(`/${level}/divisions`, { signal, anonymous: true })).payload,
    staleTime: 60 * 60_000,
  });
