/**
 * Learning: subjects, chapters, lessons and progress (SPEC §3, §4). DTOs shared by the API and the PWA,
 * and the pure rules both sides apply.
 */
import { COMPLETION_THRESHOLD } from "./constants";

export type ChapterType = "course" | "recording" | "exam" | "divers";
export const CHAPTER_TYPES: readonly ChapterType[] = ["course", "exam", "recording", "divers"];

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
 */
export interface LocalizedName {
  name: string;
  name_ar?: string | null;
  name_en?: string | null;
}

export interface InstructorDto {
  name: string;
  last_name: string;
  description?: string | null;
  description_ar?: string | null;
  description_en?: string | null;
}

export interface SubjectDto {
  id: number;
  slug: string;
  /** French name; `name_ar` is the Arabic one (the app shows it in Arabic). */
  name: string;
  name_ar?: string | null;
  name_en?: string | null;
  thumbnail: string | null;
  /** 0–100, capped. */
  progress: number;
  color: string;
  visible: boolean;
  active: boolean;
  position: number;
  /** Number of video lessons in the subject. */
  subjectVideos: number;
}

export interface SectionDto extends LocalizedName {
  id: number;
  position: number;
  tabId: number;
}

export interface ChapterDto extends LocalizedName {
  id: number;
  slug: string;
  type: ChapterType;
  chapter_sections: SectionDto[];
}

export interface ChapterEntryDto {
  chapter: ChapterDto;
  firstLessonSlug: string | null;
  instructor: InstructorDto | null;
  nbContent: number;
  /** 0–100, capped. */
  progress: number;
  nbCompleted: number;
}

export interface PromoCardDto {
  id: number;
  type: string;
  icon_url: string | null;
  text: string;
  text_ar?: string | null;
  text_en?: string | null;
  text_image_url: string | null;
  video_link: string | null;
  url_link: string | null;
  background_url: string | null;
  visible: boolean;
  icon_position: "left" | "right" | null;
  color: string | null;
  position: number;
}

/** `GET /student/subjects/{slug}/chapters`. */
export interface SubjectChaptersDto {
  subject: SubjectDto & { nbChapters: number; nbContents: number };
  chapters: ChapterEntryDto[];
  tabs: Array<{ id: number; name: string; position: number }>;
  otherSubjects: OtherSubjectDto[];
  promoCards: PromoCardDto[];
}

/** Another subject of the class, as the subject page lists it (a link: no progress is summed for it). */
export type OtherSubjectDto = Pick<SubjectDto, "id" | "slug" | "name" | "name_ar" | "name_en" | "thumbnail" | "color" | "position">;

export interface AttachmentDto extends LocalizedName {
  url: string;
}

export interface ProgressDto {
  content_id: number;
  completed: boolean;
  /** 0–100, capped. */
  percentage: number;
  lastWatchedSecond: number;
}

/** One lesson as the viewer needs it. Locked lessons carry no media, no otp/playbackInfo and no attachments. */
export interface LessonDto extends LocalizedName {
  id: number;
  slug: string;
  type: { id: ContentTypeId; name: string };
  content_videos: { url: string; duration: number } | null;
  event: { start_date: string } | null;
  content_qcm_id: number | null;
  instructor: InstructorDto | null;
  attachments: AttachmentDto[];
  /** The server hides the attachments (locked, or `attachmentsRestricted` of domain/user.ts): the app shows no section. */
  attachments_hidden: boolean;
  locked: boolean;
  lockedVideo: boolean;
  /**
   * Why an open lesson comes without its media: `free_hours_exhausted` when it is a free view (`isFreeView`) and the
   * pupil's free hours are used up — the app shows the free-hours dialog. Null otherwise.
   */
  media_refused: "free_hours_exhausted" | null;
  bookmarked: boolean;
  otp: string | null;
  playbackInfo: string | null;
  pages: Array<{ url: string }> | null;
  rtl: boolean;
  progress: ProgressDto | null;
  chapter: { id: number; slug: string; type: ChapterType } & LocalizedName;
  subject: { id: number; slug: string } & LocalizedName;
  is_free: boolean;
}

/** An item of a chapter's lesson list. */
export interface LessonListItemDto extends LocalizedName {
  id: number;
  slug: string;
  type: { id: ContentTypeId; name: string };
  duration: number | null;
  locked: boolean;
  completed: boolean;
  percentage: number;
  /** The chapter section the lesson is listed under (null: none). */
  sectionId: number | null;
  is_free: boolean;
}

export interface BookmarkDto {
  id: number;
  content: { slug: string } & LocalizedName;
  chapter: { slug: string } & LocalizedName;
  subject: { slug: string } & LocalizedName;
  marked_at: string;
}

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

/** The viewer of a lesson: recordings have their own (SPEC §2 routes). */
export function viewerPath(subjectSlug: string, chapterSlug: string, lessonSlug: string, chapterType: ChapterType | null | undefined): string {
  const kind = chapterType === "recording" ? "recordings" : "lessons";
  return `/subjects/${subjectSlug}/chapters/${chapterSlug}/${kind}/${lessonSlug}/content`;
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
export interface ContentCardDto {
  subject: { id: number; slug: string; color: string } & LocalizedName;
  chapter: { id: number; slug: string } & LocalizedName;
  content: { id: number; slug: string; type: { id: ContentTypeId; name: string }; is_free: boolean } & LocalizedName;
  instructor: InstructorDto | null;
  division: { id: number; name: string };
  createdAt: string;
  chapter_type: ChapterType;
}

/** `GET /alerts`. */
export interface AlertDto {
  id: number;
  title: string;
  title_ar?: string | null;
  title_en?: string | null;
  body: string;
  body_ar?: string | null;
  body_en?: string | null;
  level: "info" | "warning" | "danger";
  starts_at: string | null;
  ends_at: string | null;
}

/** An item of `POST /search/autocomplete`. */
export interface AutocompleteItemDto {
  type: "content" | "chapter" | "subject";
  name: string;
  name_ar?: string | null;
  name_en?: string | null;
  slug: string;
  subjectSlug: string;
  chapterSlug: string | null;
  /** For contents: the chapter's type, so the client picks the lesson or the recording viewer. */
  chapterType?: ChapterType | null;
  /** For chapters: the slug of the first lesson, where the chapter opens (null: an empty chapter). */
  firstLessonSlug?: string | null;
}

export interface ReportReasonDto {
  id: number;
  name: string;
}

export type VideoReportStatus = "Pending" | "In progress" | "Rejected" | "Resolved";

/** A row of `GET /student/video-reports` (SPEC §3 "Video report"). */
export interface VideoReportDto {
  id: number;
  report_reason: { id: number; reason: string };
  description: string;
  content: { id: number; name: string; slug: string };
  status: VideoReportStatus;
  created_at: string;
  reject_reason: string | null;
  is_confirmed: boolean;
}

/** `POST /user/subjects/{subject}/chapters/{chapter}/contents/{content}/bookmark`. */
export interface BookmarkToggleDto {
  bookmarked: boolean;
}

/** Lower case, accents stripped: how search terms and names are compared (no database extension needed). */
export function normalizeSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}
