import { queryOptions } from "@tanstack/react-query";
import type { TimeLimitationDto } from "@domain/exams";
import { api } from "@/lib/api";
import { syncServerClock } from "../lib/serverClock";
import { examsKeys } from "../exams.keys";

/** `GET /student/content-exam-student-time-limitation/{id}`: the pupil's timer; resyncs the server clock each minute. */
export const timeLimitationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: examsKeys.time(id),
    queryFn: async ({ signal }) => {
      const sent = performance.now();
      const res = await api<TimeLimitationDto>(`/student/content-exam-student-time-limitation/${id}`, { signal });
      syncServerClock(res.payload.serverTime, sent, performance.now());
      return res.payload;
    },
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
