/**
 * The home page's own answers (SPEC §2 "/", §7 "Paths not shown": latest courses; `GET /latest-posts`).
 * Their `?limit=` is validated by `schemas/home.ts`.
 */
import type { InstructorDto, LocalizedName } from "./learning";

/** How many items the home widgets ask for, and the most an endpoint gives. */
export const HOME_LATEST_RECORDINGS = 4;
export const HOME_FORUM_POSTS = 4;
export const HOME_LIMIT_MAX = 12;

/**
 * A lesson of a recording chapter of the pupil's class (`GET /student/latest-recordings`), newest session first.
 * It carries what the card and the viewer link need and never any media: the recording viewer asks for those.
 */
export interface LatestRecordingDto extends LocalizedName {
  id: number;
  slug: string;
  subject: { id: number; slug: string; color: string } & LocalizedName;
  chapter: { id: number; slug: string } & LocalizedName;
  instructor: InstructorDto | null;
  /** When the live session was held (the lesson's creation when unknown). */
  recorded_at: string;
  /** Seconds, when known. */
  duration: number | null;
  locked: boolean;
  /** The pupil's progress on it, 0–100 (capped). */
  percentage: number;
}

/** A post of the external forum's feed (`GET /latest-posts`), newest first; `url` is on the forum (FORUM_URL). */
export interface ForumPostDto {
  id: number;
  title: string;
  author: string;
  category: string | null;
  replies: number;
  created_at: string;
  url: string;
}
