import { ReactionsQuery, ReactionsDtoSchema } from "../../../domain/schemas/analytics";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { getReactions } from "../../services/analytics/reactions";

export default defineRoute({
  method: "get",
  base: "/svc/analytics",
  path: "/reactions",
  summary: "Reaction counts of a lesson (angry, sad, thinking, happy, love) and the caller's own; 403 content_locked when locked",
  tag: "analytics",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  query: ReactionsQuery,
  response: "{ content_id, counts, reaction_type }",
  answer: ReactionsDtoSchema,
  handler: async ({ deps, auth, query }) => ({
    payload: await getReactions(deps, auth, query.content_id),
  }),
});
