import { ReportIdParams, DeletedReportDtoSchema } from "../../../domain/account";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { deleteVideoReport } from "../../services/account/reports";

export default defineRoute({
  method: "delete",
  path: "/student/video-reports/{id}",
  summary: "Delete one of the pupil's own reports while it is pending; 409 report_not_pending after",
  tag: "reports",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  params: ReportIdParams,
  response: "{ id }",
  answer: DeletedReportDtoSchema,
  handler: async ({ deps, auth, params }) => ({ payload: await deleteVideoReport(deps, auth.userId, params.id) }),
});
