import type { QueryClient } from "@tanstack/react-query";
import { examsKeys } from "../exams.keys";
import { serverNow } from "./serverClock";

/** Every exam-like object in an answer of the exams feature: a list, a week's calendar, one exam, or its timer. */
function deadlinesOf(data: unknown): string[] {
  if (Array.isArray(data)) return data.flatMap(deadlinesOf);
  if (!data || typeof data !== "object") return [];
  const o = data as { exams?: unknown; deadline?: unknown };
  if (Array.isArray(o.exams)) return deadlinesOf(o.exams);
  return typeof o.deadline === "string" ? [o.deadline] : [];
}

/**
 * Whether the signed-in pupil has an exam running now — started and their deadline (start + duration, never past the
 * due date) not reached on the server's clock — from what the exams feature has read (the exam's page, its timer, the
 * lists and the calendar). A pupil's deadline is only set once they started. The class tablet's idle lock waits while
 * it is true, on whatever page the pupil is (issue 23); the caches are the pupil's own (wiped at each switch).
 */
export function examRunning(queryClient: QueryClient, nowMs = serverNow()): boolean {
  return queryClient
    .getQueriesData({ queryKey: examsKeys.all })
    .some(([, data]) => deadlinesOf(data).some((d) => nowMs < new Date(d).getTime()));
}
