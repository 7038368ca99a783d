import { queryOptions } from "@tanstack/react-query";
import type { LessonListItemDto } from "@domain/learning";
import { api } from "@/lib/api";
import { lessonsKeys } from "../lessons.keys";

const seg = encodeURIComponent;

/** `GET /student/subjects/{subject}/chapters/{chapter}/contents`: the chapter's lessons, in order. */
export const chapterLessonsQueryOptions = (subject: string, chapter: string) =>
  queryOptions({
    queryKey: lessonsKeys.list("lessons", subject, chapter),
    queryFn: async ({ signal }) =>
      (await api<LessonListItemDto[]>(`/student/subjects/${seg(subject)}/chapters/${seg(chapter)}/contents`, { signal })).payload ?? [],
    staleTime: 60_000,
  });
