import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TimeLimitationDto } from "@domain/exams";
import { api } from "@/lib/api";
import { syncServerClock } from "../lib/serverClock";
import { examsKeys } from "../exams.keys";

/** `POST /student/content-exam-student-time-limitation` (contentExam): starts once; a retry returns the same start. */
async function startExam(id: number): Promise<TimeLimitationDto> {
  const sent = performance.now();
  const res = await api<TimeLimitationDto>("/student/content-exam-student-time-limitation", { method: "POST", body: { contentExam: id } });
  syncServerClock(res.payload.serverTime, sent, performance.now());
  return res.payload;
}

export function useStartExam(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startExam(id),
    onSuccess: (time) => {
      queryClient.setQueryData(examsKeys.time(id), time);
      return queryClient.invalidateQueries({ queryKey: examsKeys.all });
    },
  });
}
