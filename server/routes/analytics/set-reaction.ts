import { ReactionBody, ReactionsDtoSchema } from "../../../domain/schemas/analytics";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { setReaction } from "../../services/analytics/reactions";

export default defineRoute({
  method: "post",
  base: "/svc/analytics",
  path: "/reactions",
  summary: "Set (love, sad) or clear (none) the caller's reaction to a lesson; answers the new counts",
  tag: "analytics",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  rateLimits: [{ rule: { name: "reaction:user", limit: 120, windowSeconds: 60 }, subject: ({ auth }) => String(auth?.userId) }],
  body: ReactionBody,
  response: "{ content_id, counts, reaction_type }",
  answer: ReactionsDtoSchema,
  handler: async ({ deps, auth, body }) => ({
    payload: await setReaction(deps, auth, body),
  }),
});
