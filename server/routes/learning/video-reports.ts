import * as v from "valibot";
import { PageQuery } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listVideoReports } from "../../services/learning/reports";
import { VideoReportDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "get",
  path: "/student/video-reports",
  summary: "The pupil's own video reports, newest first (?page, ?perPage 10/25/100)",
  tag: "learning",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(VideoReportDtoSchema),
  query: PageQuery,
  response: "VideoReportDto[] with meta",
  handler: async ({ deps, auth, query }) => listVideoReports(deps, auth.userId, query.page, query.perPage),
});
