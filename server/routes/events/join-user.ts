import { JoinEventBody, JoinEventDtoSchema } from "../../../domain/events";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { joinEvent } from "../../services/events/events";

export default defineRoute({
  method: "post",
  path: "/events/join-user",
  summary:
    "Register the pupil to a live session of their class (content_id): needs an e-mail (403 email_required), an open session (409 event_closed) and, for a module-linked session, the module bought unless the pupil joins directly (403 event_purchase_required); joining twice is one registration",
  tag: "events",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  rateLimits: [{ rule: { name: "event-join:user", limit: 60, windowSeconds: 60 }, subject: ({ auth }) => String(auth?.userId) }],
  body: JoinEventBody,
  response: "{ event_id, participated: true }",
  answer: JoinEventDtoSchema,
  handler: async ({ deps, auth, body }) => ({ payload: await joinEvent(deps, auth, body.content_id) }),
});
