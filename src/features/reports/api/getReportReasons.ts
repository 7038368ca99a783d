import { queryOptions } from "@tanstack/react-query";
import type { ReportReasonDto } from "@domain/learning";
import { api } from "@/lib/api";
import { reportsKeys } from "../reports.keys";

/** `GET student/report-reasons`: the reasons of the edit dialog. */
export const reportReasonsQueryOptions = queryOptions({
  queryKey: reportsKeys.reasons(),
  queryFn: async ({ signal }) => (await api<ReportReasonDto[]>("/student/report-reasons", { signal })).payload,
  staleTime: 60 * 60 * 1000,
});
