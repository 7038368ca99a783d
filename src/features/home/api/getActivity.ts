import { queryOptions } from "@tanstack/react-query";
import type { ActivityDto } from "@domain/activity";
import { api } from "@/lib/api";
import { homeKeys } from "../home.keys";

/** `GET /student/progress/activity`: the pupil's activity per day and their subjects' progress per week. */
export const activityQueryOptions = queryOptions({
  queryKey: homeKeys.activity(),
  queryFn: async ({ signal }) => (await api<ActivityDto>("/student/progress/activity", { signal })).payload,
  staleTime: 5 * 60_000,
});
