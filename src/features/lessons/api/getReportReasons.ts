import { queryOptions } from "@tanstack/react-query";
import type { ReportReasonDto } from "@domain/learning";
import { api } from "@/lib/api";
import { lessonsKeys } from "../lessons.keys";

/** `GET student/report-reasons`: why a pupil may report a video. */
export const reportReasonsQueryOptions = queryOptions({
  queryKey: lessonsKeys.reportReasons(),
  queryFn: async ({ signal }) => (await api<ReportReasonDto[]>("/student/report-reasons", { signal })).payload,
  staleTime: 24 * 60 * 60 * 1000,
});
