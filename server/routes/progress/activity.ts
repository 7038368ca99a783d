import { ActivityDtoSchema, ActivityQuery } from "../../../domain/activity";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { readActivity } from "../../services/progress/activity";

export default defineRoute({
  method: "get",
  path: "/student/progress/activity",
  summary: "The pupil's activity: minutes watched and lessons completed per Tunis day (last 28 days), and each subject's progress at the end of the last 4 weeks; `subject` (a slug of the class) for one subject (404 outside the class)",
  tag: "progress",
  auth: "required",
  access: PUPIL_ONLY,
  query: ActivityQuery,
  answer: ActivityDtoSchema,
  response: "ActivityDto",
  handler: async ({ deps, auth, query }) => ({ payload: await readActivity(deps, auth.userId, query.subject) }),
});
