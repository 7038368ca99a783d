import { queryOptions } from "@tanstack/react-query";
import type { LessonDto } from "@domain/learning";
import { api } from "@/lib/api";
import { lessonsKeys } from "../lessons.keys";

const seg = encodeURIComponent;

/** `GET /student/subjects/{subject}/chapters/{chapter}/contents/{lessonSlug}`: one lesson for the viewer. */
export const lessonQueryOptions = (subject: string, chapter: string, lesson: string) =>
  queryOptions({
    queryKey: lessonsKeys.lesson(subject, chapter, lesson),
    queryFn: async ({ signal }) =>
      (await api<LessonDto>(`/student/subjects/${seg(subject)}/chapters/${seg(chapter)}/contents/${seg(lesson)}`, { signal })).payload,
    // The media URLs are short-lived signed paths: refetch when coming back to a lesson.
    // Not on focus or reconnect though: a new URL would reload the player mid-lesson.
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
