import { ReviewBody, ReviewDtoSchema } from "../../../domain/events";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { review } from "../../services/events/reviews";

export default defineRoute({
  method: "post",
  base: "/svc/reviews",
  path: "/review",
  summary:
    "Rate an attended live session (content_event_id, rating 1-5, optional comment up to 500 characters), once: 403 session_not_attended, 409 review_exists",
  tag: "reviews",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  rateLimits: [{ rule: { name: "review:user", limit: 30, windowSeconds: 60 }, subject: ({ auth }) => String(auth?.userId) }],
  body: ReviewBody,
  response: "{ content_event_id, rating, comment }, 201",
  answer: ReviewDtoSchema,
  handler: async ({ deps, auth, body }) => ({ payload: await review(deps, auth, body), status: 201 }),
});
