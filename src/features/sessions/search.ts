import * as v from "valibot";
import { EVENT_OFFSET_MAX } from "@domain/events";

/** `/sessions?offset&eventId`: the week (weeks from this one) and a session to open. */
export const sessionsSearchSchema = v.object({
  offset: v.fallback(
    v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(-EVENT_OFFSET_MAX), v.maxValue(EVENT_OFFSET_MAX)), 0),
    0,
  ),
  eventId: v.fallback(v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))), undefined),
});
