import { ChapterParams } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { chapterOfflineManifest } from "../../services/learning/offline";
import { OfflineManifestDtoSchema } from "../../../domain/offline";

export default defineRoute({
  method: "get",
  path: "/student/subjects/{subject}/chapters/{chapter}/offline-manifest",
  summary: "What of a chapter the pupil can keep for offline study: per lesson, keepable or why it needs a connection, and the files with their sizes",
  tag: "learning",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  answer: OfflineManifestDtoSchema,
  params: ChapterParams,
  response: "OfflineManifestDto",
  handler: async ({ deps, auth, params }) => ({
    payload: await chapterOfflineManifest(deps, auth.userId, params.subject, params.chapter),
  }),
});
