import { LessonParams } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { getLesson } from "../../services/learning/lessons";
import { LessonDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "get",
  path: "/student/subjects/{subject}/chapters/{chapter}/contents/{lessonSlug}",
  summary: "One lesson for the viewer; a locked lesson carries no media, no attachments",
  tag: "learning",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  answer: LessonDtoSchema,
  params: LessonParams,
  response: "LessonDto",
  handler: async ({ deps, auth, params }) => ({
    payload: await getLesson(deps, auth, params.subject, params.chapter, params.lessonSlug),
  }),
});
