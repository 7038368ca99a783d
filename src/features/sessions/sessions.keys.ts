import { keyRoots } from "@/lib/queryKeys";

/** Query keys of the live sessions feature (one factory: ["sessions", …]). */
export const sessionsKeys = {
  all: keyRoots.sessions,
  week: (offset: number) => [...sessionsKeys.all, "week", offset] as const,
  joinLink: (eventId: number) => [...sessionsKeys.all, "join-link", eventId] as const,
  rateables: () => [...sessionsKeys.all, "rateables"] as const,
};
