import { queryOptions } from "@tanstack/react-query";
import type { ExamDto } from "@domain/exams";
import { api } from "@/lib/api";
import { examsKeys } from "../exams.keys";

/** `GET /student/content-exam` (?subject=slug): the pupil's exams, soonest due first. */
export const examsQueryOptions = (subject?: string) =>
  queryOptions({
    queryKey: examsKeys.list(subject),
    queryFn: async ({ signal }) => (await api<ExamDto[]>("/student/content-exam", { query: { subject }, signal })).payload ?? [],
  });
