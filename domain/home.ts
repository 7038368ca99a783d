/**
 * The home page's own answers (SPEC §2 "/", §7 "Paths not shown": latest courses; `GET /latest-posts`).
 * Their `?limit=` is validated by `schemas/home.ts`.
 */
import * as v from "valibot";
import { InstructorDtoSchema, named } from "./learning";

const id = v.pipe(v.number(), v.integer());

/** How many items the home widgets ask for, and the most an endpoint gives. */
export const HOME_LATEST_RECORDINGS = 4;
export const HOME_FORUM_POSTS = 4;
export const HOME_LIMIT_MAX = 12;

/**
 * A lesson of a recording chapter of the pupil's class (`GET /student/latest-recordings`), newest session first.
 * It carries what the card and the viewer link need and never any media: the recording viewer asks for those.
 */
export const LatestRecordingDtoSchema = v.strictObject(named({
  id,
  slug: v.string(),
  subject: v.strictObject(named({ id, slug: v.string(), color: v.string() })),
  chapter: v.strictObject(named({ id, slug: v.string() })),
  instructor: v.nullable(InstructorDtoSchema),
  /** When the live session was held (the lesson's creation when unknown). */
  recorded_at: v.string(),
  /** Seconds, when known. */
  duration: v.nullable(v.number()),
  locked: v.boolean(),
  /** The pupil's progress on it, 0–100 (capped). */
  percentage: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
}));
export type LatestRecordingDto = v.InferOutput<typeof LatestRecordingDtoSchema>;

/** A post of the external forum's feed (`GET /latest-posts`), newest first; `url` is on the forum (FORUM_URL). */
export const ForumPostDtoSchema = v.strictObject({
  id,
  title: v.string(),
  author: v.string(),
  category: v.nullable(v.string()),
  replies: v.pipe(v.number(), v.integer(), v.minValue(0)),
  created_at: v.string(),
  url: v.string(),
});
export type ForumPostDto = v.InferOutput<typeof ForumPostDtoSchema>;
