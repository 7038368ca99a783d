/**
 * What a pupil can keep of a chapter for offline study (SPEC §4 access rule applied): per lesson, whether it can
 * live on the device and its files under /media with their sizes, read from the media store — so that the app shows
 * the size before downloading anything, in one request. Locked, YouTube and quiz lessons are named as needing a
 * connection and carry no files. Paths are given without signatures: the app downloads each file with the signed
 * URL of its lesson's answer.
 */
import { stat } from "node:fs/promises";
import { join, normalize, sep } from "node:path";
import { asc, eq, inArray } from "drizzle-orm";
import { CONTENT_TYPE } from "../../../domain/learning";
import type { OfflineAvailability, OfflineFileDto, OfflineManifestDto } from "../../../domain/offline";
import { attachments, contents } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { isUnlocked, loadViewer } from "./access";
import { findSubject } from "./catalog";
import { contentType, findChapter } from "./lessons";

type ContentRow = typeof contents.$inferSelect;

function availability(c: ContentRow, unlocked: boolean): OfflineAvailability {
  if (!unlocked) return "locked";
  if (c.typeId === CONTENT_TYPE.youtube.id) return "youtube";
  if (c.typeId === CONTENT_TYPE.quiz.id) return "quiz";
  return "keepable";
}

/** The lesson's own /media paths, as its answer signs them (services/learning/lessons.ts `media`). */
export function lessonPaths(c: ContentRow, files: readonly string[]): string[] {
  const own: string[] = [];
  if ((c.typeId === CONTENT_TYPE.protectedVideo.id || c.typeId === CONTENT_TYPE.recording.id) && c.videoUrl) own.push(c.videoUrl);
  if (c.typeId === CONTENT_TYPE.magazine.id) own.push(...(c.pages ?? []).map((p) => p.url));
  own.push(...files);
  return own.filter((p) => p.startsWith("/media/") && !p.startsWith("/media/public/"));
}

/** Size of a /media file, null when it is missing (or the path leaves the media directory). */
export async function sizeOf(mediaDir: string, path: string): Promise<number | null> {
  const root = normalize(mediaDir);
  const file = normalize(join(root, path.replace(/^\/media\//, "")));
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    const s = await stat(file);
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
}

/** `GET /student/subjects/{subject}/chapters/{chapter}/offline-manifest`. */
export async function chapterOfflineManifest(
  deps: Pick<Deps, "db" | "now" | "env">,
  userId: number,
  subjectSlug: string,
  chapterSlug: string,
): Promise<OfflineManifestDto> {
  const viewer = await loadViewer(deps.db, userId, deps.now());
  const subject = await findSubject(deps.db, viewer, subjectSlug);
  const chapter = await findChapter(deps.db, subject.id, chapterSlug);
  const rows = await deps.db.select().from(contents).where(eq(contents.chapterId, chapter.id)).orderBy(asc(contents.position), asc(contents.id));
  const keepable = rows.filter((c) => availability(c, isUnlocked(viewer, subject.id, c.isFree)) === "keepable");
  const files =
    keepable.length === 0 || viewer.attachmentsRestricted
      ? []
      : await deps.db
          .select({ contentId: attachments.contentId, url: attachments.url })
          .from(attachments)
          .where(inArray(attachments.contentId, keepable.map((c) => c.id)))
          .orderBy(asc(attachments.id));
  const filesOf = new Map<number, string[]>();
  for (const f of files) filesOf.set(f.contentId, [...(filesOf.get(f.contentId) ?? []), f.url]);

  const paths = new Map<string, number | null>();
  for (const c of keepable) for (const p of lessonPaths(c, filesOf.get(c.id) ?? [])) paths.set(p, null);
  await Promise.all([...paths.keys()].map(async (p) => paths.set(p, await sizeOf(deps.env.MEDIA_DIR, p))));
  const fileDto = (p: string): OfflineFileDto | null => {
    const bytes = paths.get(p);
    return bytes === null || bytes === undefined ? null : { path: p, bytes };
  };

  const lessons = rows.map((c) => {
    const a = availability(c, isUnlocked(viewer, subject.id, c.isFree));
    return {
      id: c.id,
      slug: c.slug,
      name: c.name,
      name_ar: c.nameAr,
      name_en: c.nameEn,
      type: contentType(c.typeId),
      availability: a,
      files: a === "keepable" ? lessonPaths(c, filesOf.get(c.id) ?? []).map(fileDto).filter((f): f is OfflineFileDto => f !== null) : [],
    };
  });
  const unique = [...paths.keys()].map(fileDto).filter((f): f is OfflineFileDto => f !== null);
  return { subject: subject.slug, chapter: chapter.slug, files: unique, bytes: unique.reduce((n, f) => n + f.bytes, 0), lessons };
}
