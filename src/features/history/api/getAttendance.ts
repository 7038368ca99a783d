import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { AttendanceRowDto } from "@domain/events";
import { api } from "@/lib/api";
import { env } from "@/lib/env";
import { historyKeys } from "../history.keys";
import { pageOf, type Page } from "@/lib/page";

/** `GET {analyticsBase}/attendance-history?limit&from`: the live sessions the pupil attended, newest first. */
export const attendanceQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: historyKeys.table("attendance", page, perPage),
    queryFn: async ({ signal }): Promise<Page<AttendanceRowDto>> => {
      const res = await api<AttendanceRowDto[]>("/attendance-history", { base: env.analyticsBase, query: { limit: perPage, from: (page - 1) * perPage }, signal });
      const total = res.meta?.total ?? res.payload?.length ?? 0;
      return pageOf(res.payload, { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), total }, page);
    },
    placeholderData: keepPreviousData,
  });
