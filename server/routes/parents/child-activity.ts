import { ActivityDtoSchema, ActivityQuery, ChildParams } from "../../../domain/activity";
import { SIGNED_IN } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { readChildActivity } from "../../services/progress/activity";

export default defineRoute({
  method: "get",
  path: "/parent/children/{id}/progress/activity",
  summary: "Parent only: a child's activity, the same answer as the pupil's /student/progress/activity, read-only; a pupil who is not the parent's approved child is not found (404)",
  tag: "parents",
  auth: "required",
  // Pupils (and an operator acting as one) are not parents: 403.
  access: { ...SIGNED_IN, pupil: 403, otherPupil: 403, unverified: 403, teacher: 403, admin: 403 },
  params: ChildParams,
  query: ActivityQuery,
  answer: ActivityDtoSchema,
  response: "ActivityDto",
  handler: async ({ deps, auth, params, query }) => ({ payload: await readChildActivity(deps, auth.userId, params.id, query.subject) }),
});
