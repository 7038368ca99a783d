import { queryOptions } from "@tanstack/react-query";
import type { ActivityDto } from "@domain/activity";
import { api } from "@/lib/api";
import { parentsKeys } from "../parents.keys";

/** `GET /parent/children/{id}/progress/activity`: a child's activity, read by their parent. */
export const childActivityQueryOptions = (childId: number) =>
  queryOptions({
    queryKey: parentsKeys.childActivity(childId),
    queryFn: async ({ signal }) => (await api<ActivityDto>(`/parent/children/${childId}/progress/activity`, { signal })).payload,
    staleTime: 5 * 60_000,
  });
