import { VideoReportSchema } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { createVideoReport } from "../../services/learning/reports";
import { VideoReportDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "post",
  path: "/student/video-reports",
  summary: "Report a problem with a lesson of the pupil's class (content, reportReason, description)",
  tag: "learning",
  auth: "required",
  // A lesson of another class is not a valid `content` (422 content_invalid, like an unknown id).
  access: { ...PUPIL_ONLY, otherPupil: 422 },
  answer: VideoReportDtoSchema,
  body: VideoReportSchema,
  response: "VideoReportDto",
  handler: async ({ deps, auth, body }) => ({ payload: await createVideoReport(deps, auth.userId, body), status: 201 }),
});
