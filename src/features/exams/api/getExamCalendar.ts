import { queryOptions } from "@tanstack/react-query";
import type { ExamDto } from "@domain/exams";
import { api } from "@/lib/api";
import { examsKeys } from "../exams.keys";

export interface ExamWeek {
  offset: number;
  week_start: string;
  week_end: string;
  exams: ExamDto[];
}

/** `GET /student/content-exam/calendar?offset`: the exams open during a week. */
export const examCalendarQueryOptions = (offset: number) =>
  queryOptions({
    queryKey: examsKeys.calendar(offset),
    queryFn: async ({ signal }) => (await api<ExamWeek>("/student/content-exam/calendar", { query: { offset }, signal })).payload,
  });
