import { queryOptions } from "@tanstack/react-query";
import type { LessonListItemDto } from "@domain/learning";
import { api } from "@/lib/api";
import { lessonsKeys } from "../lessons.keys";

/** `GET /chapters-recording/{chapter}/contents?subject=`: the recordings of a recording chapter, in order. */
export const recordingLessonsQueryOptions = (subject: string, chapter: string) =>
  queryOptions({
    queryKey: lessonsKeys.list("recordings", subject, chapter),
    queryFn: async ({ signal }) =>
      (await api<LessonListItemDto[]>(`/chapters-recording/${encodeURIComponent(chapter)}/contents`, { query: { subject }, signal })).payload ?? [],
    staleTime: 60_000,
  });
