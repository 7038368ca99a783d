import { queryOptions } from "@tanstack/react-query";
import type { AutocompleteItemDto } from "@domain/learning";
import { api } from "@/lib/api";
import { searchKeys } from "../search.keys";

export type { AutocompleteItemDto };

/**
 * `POST /search/autocomplete {term}`. The query's AbortSignal goes to fetch: when the term changes the
 * previous query loses its observer and TanStack Query aborts its request.
 */
export const autocompleteQueryOptions = (term: string) =>
  queryOptions({
    queryKey: searchKeys.autocomplete(term),
    queryFn: async ({ signal }) =>
      (await api<AutocompleteItemDto[]>("/search/autocomplete", { method: "POST", body: { term }, signal })).payload ?? [],
    staleTime: 60_000,
  });
