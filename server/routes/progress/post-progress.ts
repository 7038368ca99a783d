import { ProgressPostSchema } from "../../../domain/schemas/progress";
import { AppError } from "../../lib/errors";
import { defineRoute } from "../../lib/route";
import { recordProgress } from "../../services/progress/record";

export default defineRoute({
  method: "post",
  base: "/svc/progress",
  path: "/progress",
  summary: "Record watched ranges, position and totals of a lesson (X-Api-Key and the pupil's bearer token); answers the expired flag",
  tag: "progress",
  auth: "required",
  body: ProgressPostSchema,
  handler: async ({ deps, auth, body, c }) => {
    if (c.req.header("x-api-key") !== deps.env.PROGRESS_API_KEY) throw new AppError(401, "unauthorized", undefined, "Missing or wrong X-Api-Key");
    return { payload: await recordProgress(deps, auth, body) };
  },
});
