import { queryOptions } from "@tanstack/react-query";
import type { EventsCalendarDto } from "@domain/events";
import { api } from "@/lib/api";
import { homeKeys } from "../home.keys";

/** `GET /events?offset=0&today=1`: today's and tomorrow's live sessions of the pupil's class. */
export const todayEventsQueryOptions = queryOptions({
  queryKey: [...homeKeys.all, "today-events"] as const,
  queryFn: async ({ signal }) => (await api<EventsCalendarDto>("/events", { query: { offset: 0, today: 1 }, signal })).payload.contents,
  staleTime: 60_000,
});
