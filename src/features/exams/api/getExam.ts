import { queryOptions } from "@tanstack/react-query";
import type { ExamDetailDto } from "@domain/exams";
import { api } from "@/lib/api";
import { syncServerClock } from "../lib/serverClock";
import { examsKeys } from "../exams.keys";

/** `GET /student/content-exam/{id}`: the exam, its files and the pupil's homework; syncs the server clock. */
export const examQueryOptions = (id: number) =>
  queryOptions({
    queryKey: examsKeys.detail(id),
    queryFn: async ({ signal }) => {
      const sent = performance.now();
      const res = await api<ExamDetailDto>(`/student/content-exam/${id}`, { signal });
      syncServerClock(res.payload.serverTime, sent, performance.now());
      return res.payload;
    },
  });
