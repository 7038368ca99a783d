import { queryOptions } from "@tanstack/react-query";
import type { ParentRequestDto } from "@domain/account";
import { api } from "@/lib/api";
import { parentsKeys } from "../parents.keys";

/** `GET /student/parent-requests`: the parent requests about the signed-in pupil, pending first. */
export const myParentRequestsQueryOptions = queryOptions({
  queryKey: parentsKeys.mine(),
  queryFn: async ({ signal }) => (await api<ParentRequestDto[]>("/student/parent-requests", { signal })).payload ?? [],
});
