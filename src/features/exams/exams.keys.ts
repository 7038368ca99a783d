import { keyRoots } from "@/lib/queryKeys";

/** Query keys of the exams feature (one factory: ["exams", …]). */
export const examsKeys = {
  all: keyRoots.exams,
  list: (subject?: string) => [...examsKeys.all, "list", { subject: subject ?? null }] as const,
  calendar: (offset: number) => [...examsKeys.all, "calendar", { offset }] as const,
  detail: (id: number) => [...examsKeys.all, "detail", id] as const,
  time: (id: number) => [...examsKeys.all, "time", id] as const,
};
