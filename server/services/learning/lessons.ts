/** Lessons of a chapter and one lesson for the viewer, with the access rule applied (SPEC §4, §6). */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { and, asc, eq } from "drizzle-orm";
import {
  CONTENT_TYPE,
  capPercentage,
  freeHoursExhausted,
  isCompleted,
  type ChapterType,
  type ContentTypeId,
  type LessonDto,
  type LessonListItemDto,
} from "../../../domain/learning";
import type { Db, Tx } from "../../db/client";
import { attachments, bookmarks, chapters, contents, instructors, progress, subjects } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { isUnlocked, loadViewer, type Viewer } from "./access";
import { signMedia } from "../media/signing";
import { findSubject, instructorDto } from "./catalog";

const TYPE_NAMES = new Map<number, string>(Object.values(CONTENT_TYPE).map((t) => [t.id, t.name]));
export const contentType = (id: number) => ({ id: id as ContentTypeId, name: TYPE_NAMES.get(id) ?? "UNKNOWN" });

type ChapterRow = typeof chapters.$inferSelect;
type ContentRow = typeof contents.$inferSelect;

export async function findChapter(db: Db | Tx, subjectId: number, slug: string): Promise<ChapterRow> {
  const [row] = await db.select().from(chapters).where(and(eq(chapters.subjectId, subjectId), eq(chapters.slug, slug))).limit(1);
  if (!row) throw notFound();
  return row;
}

async function chapterLessons(db: Db, viewer: Viewer, subjectId: number, chapter: ChapterRow): Promise<LessonListItemDto[]> {
  const rows = await db
    .select({ c: contents, pct: progress.percentage })
    .from(contents)
    .leftJoin(progress, and(eq(progress.contentId, contents.id), eq(progress.userId, viewer.userId)))
    .where(eq(contents.chapterId, chapter.id))
    .orderBy(asc(contents.position), asc(contents.id));
  return rows.map(({ c, pct }) => {
    const percentage = capPercentage(pct ?? 0);
    return {
      id: c.id,
      slug: c.slug,
      name: c.name,
      name_ar: c.nameAr,
      name_en: c.nameEn,
      type: contentType(c.typeId),
      duration: c.durationS,
      locked: !isUnlocked(viewer, subjectId, c.isFree),
      completed: isCompleted(percentage),
      percentage,
      sectionId: c.sectionId,
      is_free: c.isFree,
    };
  });
}

/** `GET /student/subjects/{subject}/chapters/{chapter}/contents`. */
export async function listChapterLessons(deps: Pick<Deps, "db" | "now">, userId: number, subjectSlug: string, chapterSlug: string): Promise<LessonListItemDto[]> {
  const viewer = await loadViewer(deps.db, userId, deps.now());
  const subject = await findSubject(deps.db, viewer, subjectSlug);
  const chapter = await findChapter(deps.db, subject.id, chapterSlug);
  return chapterLessons(deps.db, viewer, subject.id, chapter);
}

/**
 * `GET /chapters-recording/{chapter}/contents`: the lessons of a recording chapter of the viewer's class. Recording
 * chapter slugs are unique within a class; `subject` (a slug) narrows the search when given.
 */
export async function listRecordingLessons(
  deps: Pick<Deps, "db" | "now">,
  userId: number,
  chapterSlug: string,
  subjectSlug?: string,
): Promise<LessonListItemDto[]> {
  const viewer = await loadViewer(deps.db, userId, deps.now());
  if (viewer.divisionId === null) throw notFound();
  const [row] = await deps.db
    .select({ chapter: chapters, subjectId: subjects.id })
    .from(chapters)
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(
      and(
        eq(subjects.divisionId, viewer.divisionId),
        eq(subjects.visible, true),
        eq(subjects.active, true),
        eq(chapters.slug, chapterSlug),
        eq(chapters.type, "recording"),
        ...(subjectSlug ? [eq(subjects.slug, subjectSlug)] : []),
      ),
    )
    .orderBy(asc(subjects.position))
    .limit(1);
  if (!row) throw notFound();
  return chapterLessons(deps.db, viewer, row.subjectId, row.chapter);
}

/** The lesson `subject/chapter/lesson` of the viewer's class, or 404. */
export async function findLesson(db: Db | Tx, viewer: Viewer, subjectSlug: string, chapterSlug: string, lessonSlug: string) {
  const subject = await findSubject(db, viewer, subjectSlug);
  const chapter = await findChapter(db, subject.id, chapterSlug);
  const [content] = await db.select().from(contents).where(and(eq(contents.chapterId, chapter.id), eq(contents.slug, lessonSlug))).limit(1);
  if (!content) throw notFound();
  return { subject, chapter, content };
}

type Signer = (path: string) => { url: string; otp: string | null; playbackInfo: string | null };

/** `/media/videos/x.mp4` → `/media/videos/x.lite.mp4`: the lowest-quality rendition of a video, for lite mode. */
function liteRenditionPath(path: string): string | null {
  return /^\/media\/.+\.mp4$/.test(path) ? path.replace(/\.mp4$/, ".lite.mp4") : null;
}

/** Whether MEDIA_DIR holds a lite rendition of a video (files shipped with the app: looked up once per path). */
const liteRenditions = new Map<string, string | null>();
function liteRendition(mediaDir: string, path: string): string | null {
  const key = `${mediaDir}|${path}`;
  let found = liteRenditions.get(key);
  if (found === undefined) {
    const lite = liteRenditionPath(path);
    found = lite && existsSync(join(mediaDir, lite.replace(/^\/media\//, ""))) ? lite : null;
    liteRenditions.set(key, found);
  }
  return found;
}

/**
 * Media of an unlocked lesson. Files under /media (protected videos, recordings, magazine pages, attachments) are
 * served only with a per-user, expiring signature (services/media/signing.ts): the lesson answer carries the signed
 * URLs, and for protected videos and recordings the `otp`/`playbackInfo` pair. YouTube lessons are external embeds.
 */
function media(c: ContentRow, sign: Signer, lite: (path: string) => string | null) {
  switch (c.typeId) {
    case CONTENT_TYPE.youtube.id:
      return { content_videos: c.videoUrl ? { url: c.videoUrl, duration: c.durationS ?? 0 } : null, otp: null, playbackInfo: null, pages: null, qcm: null };
    case CONTENT_TYPE.protectedVideo.id:
    case CONTENT_TYPE.recording.id: {
      if (!c.videoUrl) return { content_videos: null, otp: null, playbackInfo: null, pages: null, qcm: null };
      const signed = sign(c.videoUrl);
      // Lite mode plays the lowest-quality rendition when there is one (signed like the video itself).
      const litePath = lite(c.videoUrl);
      const liteUrl = litePath ? { lite_url: sign(litePath).url } : {};
      return { content_videos: { url: signed.url, duration: c.durationS ?? 0, ...liteUrl }, otp: signed.otp, playbackInfo: signed.playbackInfo, pages: null, qcm: null };
    }
    case CONTENT_TYPE.magazine.id:
      return { content_videos: null, otp: null, playbackInfo: null, pages: (c.pages ?? []).map((p) => ({ url: sign(p.url).url })), qcm: null };
    case CONTENT_TYPE.quiz.id:
      return { content_videos: null, otp: null, playbackInfo: null, pages: null, qcm: c.qcmId };
    default:
      return { content_videos: null, otp: null, playbackInfo: null, pages: null, qcm: null };
  }
}

/**
 * `GET /student/subjects/{subject}/chapters/{chapter}/contents/{lessonSlug}`. A locked lesson carries no media. Media
 * links are signed for the asking session: they stop working when it ends (logout, password change).
 */
export async function getLesson(
  deps: Pick<Deps, "db" | "now" | "secret" | "env">,
  { userId, sessionId }: { userId: number; sessionId: string },
  subjectSlug: string,
  chapterSlug: string,
  lessonSlug: string,
): Promise<LessonDto> {
  const db = deps.db;
  const viewer = await loadViewer(db, userId, deps.now());
  const { subject, chapter, content } = await findLesson(db, viewer, subjectSlug, chapterSlug, lessonSlug);
  const locked = !isUnlocked(viewer, subject.id, content.isFree);
  const [instructor] = chapter.instructorId
    ? await db.select().from(instructors).where(eq(instructors.id, chapter.instructorId)).limit(1)
    : [];
  const [mark] = await db
    .select({ id: bookmarks.id })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.contentId, content.id)))
    .limit(1);
  const [p] = await db
    .select()
    .from(progress)
    .where(and(eq(progress.userId, userId), eq(progress.contentId, content.id)))
    .limit(1);
  // A free viewer whose free hours are used up gets the lesson described, without its media (SPEC §4 "Free hours").
  const mediaRefused = !locked && viewer.freeView && freeHoursExhausted(viewer.freeHours) ? "free_hours_exhausted" : null;
  const attachmentsHidden = locked || mediaRefused !== null || viewer.attachmentsRestricted;
  const files =
    attachmentsHidden
      ? []
      : await db.select({ name: attachments.name, name_ar: attachments.nameAr, name_en: attachments.nameEn, url: attachments.url }).from(attachments).where(eq(attachments.contentId, content.id)).orderBy(asc(attachments.id));
  const now = deps.now();
  const sign: Signer = (path) => (path.startsWith("/media/") ? signMedia(deps.secret, path, { userId, sessionId, metered: viewer.freeView }, now) : { url: path, otp: null, playbackInfo: null });
  const m = locked || mediaRefused ? { content_videos: null, otp: null, playbackInfo: null, pages: null, qcm: null } : media(content, sign, (path) => liteRendition(deps.env.MEDIA_DIR, path));
  return {
    id: content.id,
    slug: content.slug,
    name: content.name,
    name_ar: content.nameAr,
    name_en: content.nameEn,
    type: contentType(content.typeId),
    content_videos: m.content_videos,
    event: content.eventStart ? { start_date: content.eventStart.toISOString() } : null,
    content_qcm_id: m.qcm,
    instructor: instructor ? instructorDto(instructor) : null,
    attachments_hidden: attachmentsHidden,
    media_refused: mediaRefused,
    attachments: files.map((f) => ({ name: f.name, name_ar: f.name_ar, name_en: f.name_en, url: sign(f.url).url })),
    locked,
    lockedVideo: locked,
    bookmarked: Boolean(mark),
    otp: m.otp,
    playbackInfo: m.playbackInfo,
    pages: m.pages,
    rtl: content.rtl,
    progress: p
      ? { content_id: content.id, completed: p.completed || isCompleted(p.percentage), percentage: capPercentage(p.percentage), lastWatchedSecond: p.lastWatchedSecond }
      : null,
    chapter: { id: chapter.id, slug: chapter.slug, name: chapter.name, name_ar: chapter.nameAr, name_en: chapter.nameEn, type: chapter.type as ChapterType },
    subject: { id: subject.id, slug: subject.slug, name: subject.name, name_ar: subject.nameAr, name_en: subject.nameEn },
    is_free: content.isFree,
  };
}
