import * as v from "valibot";
import { RecordingChapterParams, RecordingQuery } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listRecordingLessons } from "../../services/learning/lessons";
import { LessonListItemDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "get",
  path: "/chapters-recording/{chapter}/contents",
  summary: "The recordings of a recording chapter of the pupil's class (optional ?subject=slug)",
  tag: "learning",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  answer: v.array(LessonListItemDtoSchema),
  params: RecordingChapterParams,
  query: RecordingQuery,
  response: "LessonListItemDto[]",
  handler: async ({ deps, auth, params, query }) => ({
    payload: await listRecordingLessons(deps, auth.userId, params.chapter, query.subject),
  }),
});
