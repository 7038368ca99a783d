import { AttendanceQuery, AttendanceRowDtoSchema } from "../../../domain/events";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { attendanceHistory } from "../../services/events/reviews";
import * as v from "valibot";

export default defineRoute({
  method: "get",
  base: "/svc/analytics",
  path: "/attendance-history",
  summary: "The live sessions the pupil attended, newest first (?limit 1-100, default 10; ?from, rows skipped): session_start_date, title, attendance_duration (seconds); meta.total",
  tag: "analytics",
  auth: "required",
  access: PUPIL_ONLY,
  query: AttendanceQuery,
  response: "AttendanceRowDto[] with meta",
  answer: v.array(AttendanceRowDtoSchema),
  handler: async ({ deps, auth, query }) => attendanceHistory(deps, auth, query),
});
