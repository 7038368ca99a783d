import * as v from "valibot";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listReportReasons } from "../../services/learning/reports";
import { ReportReasonDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "get",
  path: "/student/report-reasons",
  summary: "Reasons a pupil can pick when reporting a video",
  tag: "learning",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(ReportReasonDtoSchema),
  response: "ReportReasonDto[]",
  handler: async ({ deps }) => ({ payload: await listReportReasons(deps) }),
});
