/**
 * Kept chapters per class (issue 23, item 6). A teacher marks chapters of the subjects they teach in a class
 * (`teacher_subjects`), the operator marks any chapter of the class's subjects; the class's tablets then download the
 * media of those chapters once (shared by every pupil of the class: files under /media, no pupil data) with their
 * device credential. Each pupil's access still decides what that pupil opens: the lessons' answers (and their signed
 * links) come to each pupil under their own session, as on any device.
 */
import { createReadStream } from "node:fs";
import { join, normalize, sep } from "node:path";
import { Readable } from "node:stream";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { CONTENT_TYPE } from "../../../domain/learning";
import type { ClassTabletChaptersDto, TabletChapterDto } from "../../../domain/tablet";
import { attachments, chapters, contents, divisions, subjects, tabletChapters, teacherSubjects } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { lessonPaths, sizeOf } from "../learning/offline";
import type { TabletPrincipal } from "./devices";

type MarkDeps = Pick<Deps, "db" | "now">;

async function findDivision(deps: MarkDeps, division: string): Promise<number> {
  const [row] = await deps.db
    .select({ id: divisions.id })
    .from(divisions)
    .where(/^\d{1,9}$/.test(division) ? eq(divisions.id, Number(division)) : eq(divisions.name, division))
    .limit(1);
  if (!row) throw notFound();
  return row.id;
}

/** The class's marked chapters, in the subjects' order then the order they were given. */
async function classTabletChapters(deps: MarkDeps, divisionId: number): Promise<ClassTabletChaptersDto> {
  const rows = await deps.db
    .select({ id: chapters.id, subject: subjects.slug, chapter: chapters.slug })
    .from(tabletChapters)
    .innerJoin(chapters, eq(chapters.id, tabletChapters.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(eq(tabletChapters.divisionId, divisionId))
    .orderBy(asc(subjects.position), asc(tabletChapters.position), asc(chapters.id));
  return { division_id: divisionId, chapters: rows };
}

/** The subject of each chapter id given (all must exist in the class's subjects, else 422: nothing changes). */
async function chaptersOfClass(deps: MarkDeps, divisionId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: chapters.id, subjectId: chapters.subjectId })
    .from(chapters)
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(inArray(chapters.id, ids), eq(subjects.divisionId, divisionId)));
  if (rows.length !== ids.length) throw new AppError(422, "validation_failed", { chapters: ["validation_failed"] });
  return new Map(rows.map((r) => [r.id, r.subjectId]));
}

/**
 * `PUT /teacher/classes/{classId}/tablet-chapters`: the chapters of the teacher's own subjects in that class become
 * exactly `ids` (the other teachers' marks stay). 403 when they teach nothing in that class or a chapter is of a
 * subject they do not teach; 404 for a class that does not exist. Replacing is naturally idempotent.
 */
export async function setTeacherTabletChapters(deps: MarkDeps, teacherId: number, classId: number, ids: number[]): Promise<ClassTabletChaptersDto> {
  const divisionId = await findDivision(deps, String(classId));
  const taught = await deps.db
    .select({ subjectId: teacherSubjects.subjectId })
    .from(teacherSubjects)
    .innerJoin(subjects, eq(subjects.id, teacherSubjects.subjectId))
    .where(and(eq(teacherSubjects.teacherId, teacherId), eq(subjects.divisionId, divisionId)));
  const mine = new Set(taught.map((t) => t.subjectId));
  if (mine.size === 0) throw forbidden();
  const subjectOf = await chaptersOfClass(deps, divisionId, ids);
  if ([...subjectOf.values()].some((s) => !mine.has(s))) throw forbidden();
  await deps.db.transaction(async (tx) => {
    const mineChapters = tx.select({ id: chapters.id }).from(chapters).where(inArray(chapters.subjectId, [...mine]));
    await tx.delete(tabletChapters).where(and(eq(tabletChapters.divisionId, divisionId), inArray(tabletChapters.chapterId, mineChapters)));
    if (ids.length > 0) {
      await tx.insert(tabletChapters).values(ids.map((id, i) => ({ divisionId, chapterId: id, position: i, markedBy: teacherId, markedAt: deps.now() })));
    }
  });
  return classTabletChapters(deps, divisionId);
}

/** `npm run admin -- tablet-chapters <class id|name> <chapter ids…>`: the class's whole list becomes `ids`. */
export async function setClassTabletChapters(deps: MarkDeps, division: string, ids: number[]): Promise<ClassTabletChaptersDto> {
  const divisionId = await findDivision(deps, division);
  await chaptersOfClass(deps, divisionId, ids);
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(tabletChapters)
      .where(ids.length > 0 ? and(eq(tabletChapters.divisionId, divisionId), notInArray(tabletChapters.chapterId, ids)) : eq(tabletChapters.divisionId, divisionId));
    for (const [i, id] of ids.entries()) {
      await tx
        .insert(tabletChapters)
        .values({ divisionId, chapterId: id, position: i, markedBy: null, markedAt: deps.now() })
        .onConflictDoUpdate({ target: [tabletChapters.divisionId, tabletChapters.chapterId], set: { position: i } });
    }
  });
  return classTabletChapters(deps, divisionId);
}

/** The media a lesson may keep on a device: not YouTube, not a quiz (services/learning/offline.ts). */
const keepableType = (typeId: number) => typeId !== CONTENT_TYPE.youtube.id && typeId !== CONTENT_TYPE.quiz.id;

/** `GET /tablet/chapters`: the tablet's class's kept chapters, each with its files (shared media) and their sizes. */
export async function tabletChapterList(deps: Pick<Deps, "db" | "now" | "env">, tablet: TabletPrincipal): Promise<TabletChapterDto[]> {
  const marked = await deps.db
    .select({ chapter: chapters, subject: subjects })
    .from(tabletChapters)
    .innerJoin(chapters, eq(chapters.id, tabletChapters.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(tabletChapters.divisionId, tablet.divisionId), eq(subjects.divisionId, tablet.divisionId)))
    .orderBy(asc(subjects.position), asc(tabletChapters.position), asc(chapters.id));
  if (marked.length === 0) return [];
  const rows = (
    await deps.db
      .select()
      .from(contents)
      .where(inArray(contents.chapterId, marked.map((m) => m.chapter.id)))
      .orderBy(asc(contents.position), asc(contents.id))
  ).filter((c) => keepableType(c.typeId));
  const files =
    rows.length === 0
      ? []
      : await deps.db.select({ contentId: attachments.contentId, url: attachments.url }).from(attachments).where(inArray(attachments.contentId, rows.map((c) => c.id))).orderBy(asc(attachments.id));
  const filesOf = new Map<number, string[]>();
  for (const f of files) filesOf.set(f.contentId, [...(filesOf.get(f.contentId) ?? []), f.url]);
  const sizes = new Map<string, number | null>();
  for (const c of rows) for (const p of lessonPaths(c, filesOf.get(c.id) ?? [])) sizes.set(p, null);
  await Promise.all([...sizes.keys()].map(async (p) => sizes.set(p, await sizeOf(deps.env.MEDIA_DIR, p))));

  return marked.map(({ chapter, subject }) => {
    const paths = new Set<string>();
    for (const c of rows) if (c.chapterId === chapter.id) for (const p of lessonPaths(c, filesOf.get(c.id) ?? [])) paths.add(p);
    const own = [...paths].flatMap((path) => {
      const bytes = sizes.get(path);
      return bytes === null || bytes === undefined ? [] : [{ path, bytes }];
    });
    return {
      id: chapter.id,
      subject: subject.slug,
      subject_name: subject.name,
      subject_name_ar: subject.nameAr,
      subject_name_en: subject.nameEn,
      chapter: chapter.slug,
      type: chapter.type,
      name: chapter.name,
      name_ar: chapter.nameAr,
      name_en: chapter.nameEn,
      files: own,
      bytes: own.reduce((n, f) => n + f.bytes, 0),
    };
  });
}

const MIME: Record<string, string> = {
  mp4: "video/mp4",
  webm: "video/webm",
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  svg: "image/svg+xml",
};

/**
 * `GET /tablet/chapter-file?path=/media/…`: a file of a chapter kept for the tablet's class, streamed (a video is not
 * read into memory). 404 for any other path: the device credential opens the class's kept chapters' media only.
 */
export async function tabletChapterFile(deps: Pick<Deps, "db" | "now" | "env">, tablet: TabletPrincipal, path: string): Promise<Response> {
  const list = await tabletChapterList(deps, tablet);
  const file = list.flatMap((c) => c.files).find((f) => f.path === path);
  if (!file) throw notFound();
  const root = normalize(deps.env.MEDIA_DIR);
  const full = normalize(join(root, path.replace(/^\/media\//, "")));
  if (!full.startsWith(root.endsWith(sep) ? root : root + sep)) throw notFound();
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  const body = Readable.toWeb(createReadStream(full)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": MIME[ext] ?? "application/octet-stream",
      "Content-Length": String(file.bytes),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
