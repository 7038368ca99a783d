import * as v from "valibot";
import { ChapterParams } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listChapterLessons } from "../../services/learning/lessons";
import { LessonListItemDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "get",
  path: "/student/subjects/{subject}/chapters/{chapter}/contents",
  summary: "The lessons of a chapter, with lock state and the pupil's progress",
  tag: "learning",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  answer: v.array(LessonListItemDtoSchema),
  params: ChapterParams,
  response: "LessonListItemDto[]",
  handler: async ({ deps, auth, params }) => ({ payload: await listChapterLessons(deps, auth.userId, params.subject, params.chapter) }),
});
