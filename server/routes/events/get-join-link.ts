import { EventIdParams, JoinLinkDtoSchema } from "../../../domain/events";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { joinLink } from "../../services/events/events";

export default defineRoute({
  method: "get",
  path: "/events/{eventId}/get-join-link",
  summary:
    "The room of a joined live session: before the start { eventStartTime } (the screen counts down), from the start { url, external } (the live adapter: the app's /live/{id} page locally, the provider's room in production); 403 event_not_joined, 409 event_closed",
  tag: "events",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  params: EventIdParams,
  response: "{ eventStartTime } | { url, external }",
  answer: JoinLinkDtoSchema,
  handler: async ({ deps, auth, params }) => ({ payload: await joinLink(deps, auth, params.eventId) }),
});
