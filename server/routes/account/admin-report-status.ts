import { ReportIdParams, ReportStatusSchema } from "../../../domain/account";
import { VideoReportDtoSchema } from "../../../domain/learning";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { setVideoReportStatus } from "../../services/account/reports";
import { requireAdminKey } from "../admin/admin-key";

export default defineRoute({
  method: "post",
  path: "/admin/video-reports/{id}/status",
  summary: "Operator only (X-Admin-Key): set a video report's status (status, rejectReason for Rejected); the pupil is notified",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  params: ReportIdParams,
  body: ReportStatusSchema,
  answer: VideoReportDtoSchema,
  response: "VideoReportDto",
  handler: async ({ deps, params, body, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await setVideoReportStatus(deps, params.id, body) };
  },
});
