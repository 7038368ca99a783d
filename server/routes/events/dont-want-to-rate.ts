import { DeclineBody, DeclineDtoSchema } from "../../../domain/events";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { declineRating } from "../../services/events/reviews";

export default defineRoute({
  method: "post",
  base: "/svc/reviews",
  path: "/dont-want-to-rate",
  summary:
    "Decline to rate: with an empty body every pending rateable session (the dialog is not shown again), with content_event_id that one (409 review_exists when answered)",
  tag: "reviews",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  body: DeclineBody,
  response: "{ declined }",
  answer: DeclineDtoSchema,
  handler: async ({ deps, auth, body }) => ({ payload: await declineRating(deps, auth, body.content_event_id) }),
});
