import { AttendanceBeatBody, EventIdParams, LiveRoomDtoSchema } from "../../../domain/events";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { attendanceBeat } from "../../services/events/events";

export default defineRoute({
  method: "post",
  path: "/events/{eventId}/attendance",
  summary:
    "The local live room's presence beat (every 15 s while the page is open, and when leaving): adds the time since the last beat, at most 60 s, within the session's hours; returns the session and the time counted",
  tag: "events",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  rateLimits: [{ rule: { name: "event-beat:user", limit: 30, windowSeconds: 60 }, subject: ({ auth }) => String(auth?.userId) }],
  params: EventIdParams,
  body: AttendanceBeatBody,
  response: "{ event: LiveEventDto, attendanceTimeInSeconds }",
  answer: LiveRoomDtoSchema,
  handler: async ({ deps, auth, params }) => ({ payload: await attendanceBeat(deps, auth, params.eventId) }),
});
