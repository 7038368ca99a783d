import { ReportIdParams, VideoReportUpdateSchema } from "../../../domain/account";
import { VideoReportDtoSchema } from "../../../domain/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { updateVideoReport } from "../../services/account/reports";

export default defineRoute({
  method: "put",
  path: "/student/video-reports/{id}",
  summary: "Edit one of the pupil's own reports while it is pending (reportReason, description); 409 report_not_pending after",
  tag: "reports",
  auth: "required",
  // Another pupil's report is not found.
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  params: ReportIdParams,
  body: VideoReportUpdateSchema,
  answer: VideoReportDtoSchema,
  response: "VideoReportDto",
  handler: async ({ deps, auth, params, body }) => ({ payload: await updateVideoReport(deps, auth.userId, params.id, body) }),
});
