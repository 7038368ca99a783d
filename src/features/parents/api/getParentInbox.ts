import { queryOptions } from "@tanstack/react-query";
import type { ParentRequestDto } from "@domain/account";
import { api } from "@/lib/api";
import { parentsKeys } from "../parents.keys";

/** `GET /request-parent-user-children`: the requests addressed to the signed-in parent, pending first. */
export const parentInboxQueryOptions = queryOptions({
  queryKey: parentsKeys.inbox(),
  queryFn: async ({ signal }) => (await api<ParentRequestDto[]>("/request-parent-user-children", { signal })).payload ?? [],
});
