import { EventsQuery, EventsCalendarDtoSchema } from "../../../domain/events";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listEvents } from "../../services/events/events";

export default defineRoute({
  method: "get",
  path: "/events",
  summary:
    "The live sessions of the pupil's class for the week `offset` weeks from this one (days, contents, currentWeek, student_levels); today=1: today's and tomorrow's only (the home widget)",
  tag: "events",
  auth: "required",
  access: PUPIL_ONLY,
  query: EventsQuery,
  response: "EventsCalendarDto",
  answer: EventsCalendarDtoSchema,
  handler: async ({ deps, auth, query }) => ({ payload: await listEvents(deps, auth, query) }),
});
