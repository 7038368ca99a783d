import * as v from "valibot";
import { HOME_LATEST_RECORDINGS, LatestRecordingDtoSchema } from "../../../domain/home";
import { limitQuery } from "../../../domain/schemas/home";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { latestRecordings } from "../../services/learning/home";

export default defineRoute({
  method: "get",
  path: "/student/latest-recordings",
  summary: "Latest recorded sessions of the pupil's class (?limit=1–12, default 4), newest first, with lock state and progress; no media",
  tag: "learning",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(LatestRecordingDtoSchema),
  query: limitQuery(HOME_LATEST_RECORDINGS),
  response: "LatestRecordingDto[]",
  handler: async ({ deps, auth, query }) => ({ payload: await latestRecordings(deps, auth.userId, query.limit) }),
});
