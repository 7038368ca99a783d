import { queryOptions } from "@tanstack/react-query";
import type { EventsCalendarDto } from "@domain/events";
import { api } from "@/lib/api";
import { sessionsKeys } from "../sessions.keys";

/** `GET /events?offset`: the week `offset` weeks from this one (days, contents, currentWeek). */
export const eventsWeekQueryOptions = (offset: number) =>
  queryOptions({
    queryKey: sessionsKeys.week(offset),
    queryFn: async ({ signal }) => (await api<EventsCalendarDto>("/events", { query: { offset }, signal })).payload,
    staleTime: 60_000,
  });
