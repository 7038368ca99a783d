import { SubjectParams } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { subjectChapters } from "../../services/learning/catalog";
import { SubjectChaptersDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "get",
  path: "/student/subjects/{slug}/chapters",
  summary: "A subject's chapters with sections, tabs, progress, other subjects and promo cards (404 outside the pupil's class)",
  tag: "learning",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  answer: SubjectChaptersDtoSchema,
  params: SubjectParams,
  response: "SubjectChaptersDto",
  handler: async ({ deps, auth, params }) => ({ payload: await subjectChapters(deps, auth.userId, params.slug) }),
});
