/**
 * Keeping a chapter for offline study (`GET /student/subjects/{subject}/chapters/{chapter}/offline-manifest`): what
 * of the chapter can live on the device, what each file weighs, and which lessons always need a connection.
 */
import type { ContentTypeId, LocalizedName } from "./learning";

/**
 * Whether a lesson can be kept on the device: `keepable` (its page and its files), or why it needs a connection —
 * `youtube` (an external embed), `quiz` (answered with the quiz service), `locked` (not unlocked for this pupil).
 */
export type OfflineAvailability = "keepable" | "youtube" | "quiz" | "locked";

/** A file under /media, named by its path without any signature, and its size in bytes. */
export interface OfflineFileDto {
  path: string;
  bytes: number;
}

export interface OfflineManifestLessonDto extends LocalizedName {
  id: number;
  slug: string;
  type: { id: ContentTypeId; name: string };
  availability: OfflineAvailability;
  /** The lesson's own files (video, magazine pages, attachments): empty unless keepable. */
  files: OfflineFileDto[];
}

export interface OfflineManifestDto {
  subject: string;
  chapter: string;
  /** Every file to download once (a file shared by two lessons counts once). */
  files: OfflineFileDto[];
  /** Sum of `files`. */
  bytes: number;
  lessons: OfflineManifestLessonDto[];
}

/** The path of a /media URL without its query (the signature): how a kept file is named on the device. */
export function mediaPath(url: string): string {
  const q = url.search(/[?#]/);
  return q === -1 ? url : url.slice(0, q);
}
