import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { VideoReportDto } from "@domain/learning";
import { api } from "@/lib/api";
import { reportsKeys } from "../reports.keys";

export interface ReportsPage {
  items: VideoReportDto[];
  meta: { current_page: number; last_page: number; total: number };
}

/** `GET /student/video-reports?page&perPage`: the pupil's own reports, newest first. */
export const videoReportsQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: reportsKeys.page(page, perPage),
    queryFn: async ({ signal }): Promise<ReportsPage> => {
      const res = await api<VideoReportDto[]>("/student/video-reports", { query: { page, perPage }, signal });
      const items = res.payload ?? [];
      return { items, meta: res.meta ?? { current_page: page, last_page: 1, total: items.length } };
    },
    placeholderData: keepPreviousData,
  });
