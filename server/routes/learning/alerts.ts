import * as v from "valibot";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { activeAlerts } from "../../services/learning/home";
import { AlertDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "get",
  path: "/alerts",
  summary: "Active alerts of the pupil's class and global ones",
  tag: "learning",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(AlertDtoSchema),
  response: "AlertDto[]",
  handler: async ({ deps, auth }) => ({ payload: await activeAlerts(deps, auth.userId) }),
});
