import { queryOptions } from "@tanstack/react-query";
import type { ActivityDto } from "@domain/activity";
import { api } from "@/lib/api";
import { subjectsKeys } from "../subjects.keys";

/** `GET /student/progress/activity?subject=…`: the pupil's activity in one subject and its progress per week. */
export const subjectActivityQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: subjectsKeys.activity(slug),
    queryFn: async ({ signal }) => (await api<ActivityDto>("/student/progress/activity", { query: { subject: slug }, signal })).payload,
    staleTime: 5 * 60_000,
  });
