/**
 * Keeping a chapter for offline study (`GET /student/subjects/{subject}/chapters/{chapter}/offline-manifest`): what
 * of the chapter can live on the device, what each file weighs, and which lessons always need a connection.
 */
import * as v from "valibot";
import { ContentTypeDtoSchema, named } from "./learning";

/**
 * Whether a lesson can be kept on the device: `keepable` (its page and its files), or why it needs a connection —
 * `youtube` (an external embed), `quiz` (answered with the quiz service), `locked` (not unlocked for this pupil).
 */
const OFFLINE_AVAILABILITIES = ["keepable", "youtube", "quiz", "locked"] as const;
export type OfflineAvailability = (typeof OFFLINE_AVAILABILITIES)[number];

const bytes = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/** A file under /media, named by its path without any signature, and its size in bytes. */
const OfflineFileDtoSchema = v.strictObject({ path: v.string(), bytes });
export type OfflineFileDto = v.InferOutput<typeof OfflineFileDtoSchema>;

const OfflineManifestLessonDtoSchema = v.strictObject(named({
  id: v.pipe(v.number(), v.integer()),
  slug: v.string(),
  type: ContentTypeDtoSchema,
  availability: v.picklist(OFFLINE_AVAILABILITIES),
  /** The lesson's own files (video, magazine pages, attachments): empty unless keepable. */
  files: v.array(OfflineFileDtoSchema),
}));

export const OfflineManifestDtoSchema = v.strictObject({
  subject: v.string(),
  chapter: v.string(),
  /** Every file to download once (a file shared by two lessons counts once). */
  files: v.array(OfflineFileDtoSchema),
  /** Sum of `files`. */
  bytes,
  lessons: v.array(OfflineManifestLessonDtoSchema),
});
export type OfflineManifestDto = v.InferOutput<typeof OfflineManifestDtoSchema>;

/** The path of a /media URL without its query (the signature): how a kept file is named on the device. */
export function mediaPath(url: string): string {
  const q = url.search(/[?#]/);
  return q === -1 ? url : url.slice(0, q);
}
