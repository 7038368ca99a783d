/**
 * Learning: subjects, chapters, lessons and progress (SPEC §3, §4). DTOs shared by the API and the PWA,
 * and the pure rules both sides apply.
 */
import * as v from "valibot";
import { withEntries } from "./schemas/common";
import { COMPLETION_THRESHOLD } from "./constants";

export type ChapterType = "course" | "recording" | "exam" | "divers";
const CHAPTER_TYPES: readonly ChapterType[] = ["course", "exam", "recording", "divers"];

/** Content types of SPEC §3 "Lesson" (ids are the API's). */
export const CONTENT_TYPE = {
  youtube: { id: 1, name: "YOUTUBE VIDEO" },
  protectedVideo: { id: 2, name: "CRYPTED VIDEO" },
  magazine: { id: 3, name: "MAGAZINE" },
  quiz: { id: 5, name: "QCM" },
  recording: { id: 6, name: "RECORDING" },
} as const;
export type ContentTypeId = (typeof CONTENT_TYPE)[keyof typeof CONTENT_TYPE]["id"];

/**
 * Catalogue texts come in French (`name`, the reference) with their Arabic and English versions beside them
 * (`name_ar`, `name_en`; `text_*`, `title_*`, `body_*`, `description_*` likewise); the client shows the one of its
 * language and falls back to French when a translation is missing (src/lib/localized.ts).
 *
 * The answers are written once as valibot schemas: the server declares them as its answers (checked in tests,
 * published in the OpenAPI document), the client reads their types.
 */
const id = v.pipe(v.number(), v.integer());
const translation = v.optional(v.nullable(v.string()));
/** 0–100, capped. */
const percentage = v.pipe(v.number(), v.minValue(0), v.maxValue(100));
const chapterType = v.picklist(CHAPTER_TYPES);
const contentType = v.strictObject({ id: v.picklist(Object.values(CONTENT_TYPE).map((c) => c.id)), name: v.string() });

/** The entries of a localized name, to spread into an object schema. */
export const localizedName = { name: v.string(), name_ar: translation, name_en: translation };
export type LocalizedName = v.InferOutput<v.ObjectSchema<typeof localizedName, undefined>>;

/** An object schema's entries with a localized name's (a pure call: see `withEntries`). */
/* @__NO_SIDE_EFFECTS__ */
export function named<E extends v.ObjectEntries>(entries: E): typeof localizedName & E {
  return withEntries(localizedName, entries);
}

export const InstructorDtoSchema = v.strictObject({
  name: v.string(),
  last_name: v.string(),
  description: translation,
  description_ar: translation,
  description_en: translation,
});
export type InstructorDto = v.InferOutput<typeof InstructorDtoSchema>;
export const ContentTypeDtoSchema = contentType;

const subjectEntries = named({
  id,
  slug: v.string(),
  /** French name; `name_ar` is the Arabic one (the app shows it in Arabic). */
  thumbnail: v.nullable(v.string()),
  /** 0–100, capped. */
  progress: percentage,
  color: v.string(),
  visible: v.boolean(),
  active: v.boolean(),
  position: v.number(),
  /** Number of video lessons in the subject. */
  subjectVideos: v.pipe(v.number(), v.integer()),
});
export const SubjectDtoSchema = v.strictObject(subjectEntries);
export type SubjectDto = v.InferOutput<typeof SubjectDtoSchema>;

const SectionDtoSchema = v.strictObject(named({ id, position: v.number(), tabId: id }));
export type SectionDto = v.InferOutput<typeof SectionDtoSchema>;

const ChapterDtoSchema = v.strictObject(named({ id, slug: v.string(), type: chapterType, chapter_sections: v.array(SectionDtoSchema) }));

const ChapterEntryDtoSchema = v.strictObject({
  chapter: ChapterDtoSchema,
  firstLessonSlug: v.nullable(v.string()),
  instructor: v.nullable(InstructorDtoSchema),
  nbContent: v.pipe(v.number(), v.integer()),
  /** 0–100, capped. */
  progress: percentage,
  nbCompleted: v.pipe(v.number(), v.integer()),
});
export type ChapterEntryDto = v.InferOutput<typeof ChapterEntryDtoSchema>;

export const PromoCardDtoSchema = v.strictObject({
  id,
  type: v.string(),
  icon_url: v.nullable(v.string()),
  text: v.string(),
  text_ar: translation,
  text_en: translation,
  text_image_url: v.nullable(v.string()),
  video_link: v.nullable(v.string()),
  url_link: v.nullable(v.string()),
  background_url: v.nullable(v.string()),
  visible: v.boolean(),
  icon_position: v.nullable(v.picklist(["left", "right"])),
  color: v.nullable(v.string()),
  position: v.number(),
});
export type PromoCardDto = v.InferOutput<typeof PromoCardDtoSchema>;

/** Another subject of the class, as the subject page lists it (a link: no progress is summed for it). */
const OtherSubjectDtoSchema = v.strictObject(named({
  id,
  slug: v.string(),
  thumbnail: v.nullable(v.string()),
  color: v.string(),
  position: v.number(),
}));
export type OtherSubjectDto = v.InferOutput<typeof OtherSubjectDtoSchema>;

/** `GET /student/subjects/{slug}/chapters`. */
export const SubjectChaptersDtoSchema = v.strictObject({
  subject: v.strictObject(withEntries(subjectEntries, { nbChapters: v.pipe(v.number(), v.integer()), nbContents: v.pipe(v.number(), v.integer()) })),
  chapters: v.array(ChapterEntryDtoSchema),
  tabs: v.array(v.strictObject({ id, name: v.string(), position: v.number() })),
  otherSubjects: v.array(OtherSubjectDtoSchema),
  promoCards: v.array(PromoCardDtoSchema),
});
export type SubjectChaptersDto = v.InferOutput<typeof SubjectChaptersDtoSchema>;

const AttachmentDtoSchema = v.strictObject(named({ url: v.string() }));
export type AttachmentDto = v.InferOutput<typeof AttachmentDtoSchema>;

const ProgressDtoSchema = v.strictObject({
  content_id: id,
  completed: v.boolean(),
  /** 0–100, capped. */
  percentage,
  lastWatchedSecond: v.number(),
});

/** The progress service's answer to a post (`POST /svc/progress/progress`, SPEC §7 "External services"). */
export const ProgressAnswerDtoSchema = v.strictObject({
  /** The pupil's free viewing hours are used up: the player stops and sends them to /offres. */
  expired: v.boolean(),
  percentage,
  completed: v.boolean(),
  lastWatchedSecond: v.pipe(v.number(), v.minValue(0)),
});
export type ProgressAnswerDto = v.InferOutput<typeof ProgressAnswerDtoSchema>;

/** One lesson as the viewer needs it. Locked lessons carry no media, no otp/playbackInfo and no attachments. */
export const LessonDtoSchema = v.strictObject(named({
  id,
  slug: v.string(),
  type: contentType,
  // `lite_url`: the video's lowest-quality rendition (signed like `url`), when there is one — what lite mode plays.
  content_videos: v.nullable(v.strictObject({ url: v.string(), duration: v.number(), lite_url: v.optional(v.string()) })),
  event: v.nullable(v.strictObject({ start_date: v.string() })),
  content_qcm_id: v.nullable(id),
  instructor: v.nullable(InstructorDtoSchema),
  attachments: v.array(AttachmentDtoSchema),
  /** The server hides the attachments (locked, or `attachmentsRestricted` of domain/user.ts): the app shows no section. */
  attachments_hidden: v.boolean(),
  locked: v.boolean(),
  lockedVideo: v.boolean(),
  /**
   * Why an open lesson comes without its media: `free_hours_exhausted` when it is a free view (`isFreeView`) and the
   * pupil's free hours are used up — the app shows the free-hours dialog. Null otherwise.
   */
  media_refused: v.nullable(v.literal("free_hours_exhausted")),
  bookmarked: v.boolean(),
  otp: v.nullable(v.string()),
  playbackInfo: v.nullable(v.string()),
  pages: v.nullable(v.array(v.strictObject({ url: v.string() }))),
  rtl: v.boolean(),
  progress: v.nullable(ProgressDtoSchema),
  chapter: v.strictObject(named({ id, slug: v.string(), type: chapterType })),
  subject: v.strictObject(named({ id, slug: v.string() })),
  is_free: v.boolean(),
}));
export type LessonDto = v.InferOutput<typeof LessonDtoSchema>;

/** An item of a chapter's lesson list. */
export const LessonListItemDtoSchema = v.strictObject(named({
  id,
  slug: v.string(),
  type: contentType,
  duration: v.nullable(v.number()),
  locked: v.boolean(),
  completed: v.boolean(),
  percentage,
  /** The chapter section the lesson is listed under (null: none). */
  sectionId: v.nullable(id),
  is_free: v.boolean(),
}));
export type LessonListItemDto = v.InferOutput<typeof LessonListItemDtoSchema>;

const slugged = v.strictObject(named({ slug: v.string() }));
export const BookmarkDtoSchema = v.strictObject({ id, content: slugged, chapter: slugged, subject: slugged, marked_at: v.string() });
export type BookmarkDto = v.InferOutput<typeof BookmarkDtoSchema>;

// ───────────────────────── rules ─────────────────────────

/** A pupil's free viewing hours: the allowance (null: none) and what is used of it, in seconds. */
export interface FreeHours {
  totalSeconds: number | null;
  usedSeconds: number;
}

/**
 * Free hours (SPEC §2, §4, §6 "freeHours"): a pupil given an allowance of free hours and without any live offer is a
 * free viewer — every second of a lesson they newly watch counts against the allowance. The server decides it from
 * the pupil's rows (the `isFree` of a progress post is only the app's hint); a subscribed pupil is never metered.
 */
export const isFreeView = (hours: FreeHours, hasLiveOffer: boolean): boolean => hours.totalSeconds !== null && !hasLiveOffer;

/** The allowance is used up: the media of a free view are refused (403 `free_hours_exhausted`). */
export const freeHoursExhausted = (hours: FreeHours): boolean => hours.totalSeconds !== null && hours.usedSeconds >= hours.totalSeconds;

/** Percentages are capped at 100 and never negative (SPEC §9). */
export function capPercentage(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** A lesson is completed above 80 % (check mark; play icon below). */
export function isCompleted(percentage: number): boolean {
  return capPercentage(percentage) > COMPLETION_THRESHOLD;
}

/** Watched time as half-open second ranges [start, end). */
export type Range = readonly [number, number];

/**
 * Merges watched ranges: sorted, overlapping or touching ranges joined. The result does not depend on the
 * order in which posts arrive, so progress never goes backwards.
 */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const clean = ranges
    .map(([a, b]) => [Math.max(0, Math.floor(a)), Math.max(0, Math.ceil(b))] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of clean) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export function watchedSeconds(ranges: readonly Range[], duration?: number): number {
  return mergeRanges(ranges).reduce((n, [a, b]) => n + (Math.min(b, duration ?? b) - Math.min(a, duration ?? a)), 0);
}

/** Percentage watched of a lesson of `duration` seconds, capped at 100. */
export function watchedPercentage(ranges: readonly Range[], duration: number): number {
  if (duration <= 0) return 0;
  return capPercentage(Math.round((watchedSeconds(ranges, duration) / duration) * 1000) / 10);
}

/** Chapter and subject progress: the mean of their lessons' percentages, capped at 100. */
export function aggregateProgress(percentages: readonly number[]): number {
  if (!percentages.length) return 0;
  return capPercentage(Math.round((percentages.reduce((n, p) => n + capPercentage(p), 0) / percentages.length) * 10) / 10);
}

/** "01", "02", … for chapter numbers. */
export const chapterNumber = (index: number) => String(index + 1).padStart(2, "0");

/** "Mohamed Ben Ali" → "M. Ben Ali" (abbreviated instructor on chapter rows). */
export function abbreviateInstructor(i: Pick<InstructorDto, "name" | "last_name"> | null): string {
  if (!i) return "";
  const initial = i.name.trim().charAt(0);
  return initial ? `${initial.toUpperCase()}. ${i.last_name.trim()}` : i.last_name.trim();
}

/** Truncates with an ellipsis (SPEC §9: lesson title 56, attachment names 15, …). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join("").trimEnd()}…`;
}

// ───────────────────────── other learning answers ─────────────────────────

/** A card of `GET /student/chapters/free-contents` and `/new-contents` (SPEC §3). */
export const ContentCardDtoSchema = v.strictObject({
  subject: v.strictObject(named({ id, slug: v.string(), color: v.string() })),
  chapter: v.strictObject(named({ id, slug: v.string() })),
  content: v.strictObject(named({ id, slug: v.string(), type: contentType, is_free: v.boolean() })),
  instructor: v.nullable(InstructorDtoSchema),
  division: v.strictObject({ id, name: v.string() }),
  createdAt: v.string(),
  chapter_type: chapterType,
});
export type ContentCardDto = v.InferOutput<typeof ContentCardDtoSchema>;

/** `GET /alerts`. */
export const AlertDtoSchema = v.strictObject({
  id,
  title: v.string(),
  title_ar: translation,
  title_en: translation,
  body: v.string(),
  body_ar: translation,
  body_en: translation,
  level: v.picklist(["info", "warning", "danger"]),
  starts_at: v.nullable(v.string()),
  ends_at: v.nullable(v.string()),
});
export type AlertDto = v.InferOutput<typeof AlertDtoSchema>;

/** An item of `POST /search/autocomplete`. */
export const AutocompleteItemDtoSchema = v.strictObject(named({
  type: v.picklist(["content", "chapter", "subject"]),
  slug: v.string(),
  subjectSlug: v.string(),
  chapterSlug: v.nullable(v.string()),
  /** For contents: the chapter's type, so the client picks the lesson or the recording viewer. */
  chapterType: v.optional(v.nullable(chapterType)),
  /** For chapters: the slug of the first lesson, where the chapter opens (null: an empty chapter). */
  firstLessonSlug: v.optional(v.nullable(v.string())),
}));
export type AutocompleteItemDto = v.InferOutput<typeof AutocompleteItemDtoSchema>;

export const ReportReasonDtoSchema = v.strictObject({ id, ...localizedName });
export type ReportReasonDto = v.InferOutput<typeof ReportReasonDtoSchema>;

const VIDEO_REPORT_STATUSES = ["Pending", "In progress", "Rejected", "Resolved"] as const;
export type VideoReportStatus = (typeof VIDEO_REPORT_STATUSES)[number];

/** A row of `GET /student/video-reports` (SPEC §3 "Video report"). */
export const VideoReportDtoSchema = v.strictObject({
  id,
  report_reason: v.strictObject({ id, reason: v.string(), reason_ar: translation, reason_en: translation }),
  description: v.string(),
  content: v.strictObject({ id, ...localizedName, slug: v.string() }),
  status: v.picklist(VIDEO_REPORT_STATUSES),
  created_at: v.string(),
  reject_reason: v.nullable(v.string()),
  is_confirmed: v.boolean(),
});
export type VideoReportDto = v.InferOutput<typeof VideoReportDtoSchema>;

/** `POST /user/subjects/{subject}/chapters/{chapter}/contents/{content}/bookmark`. */
export const BookmarkToggleDtoSchema = v.strictObject({ bookmarked: v.boolean() });
export type BookmarkToggleDto = v.InferOutput<typeof BookmarkToggleDtoSchema>;

/** Lower case, accents stripped: how search terms and names are compared (no database extension needed). */
export function normalizeSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}
