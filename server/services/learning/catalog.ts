/** Subjects and chapters of the pupil's class, with progress aggregated from `progress` (read only here). */
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import {
  aggregateProgress,
  isCompleted,
  type ChapterEntryDto,
  type ChapterType,
  type InstructorDto,
  type PromoCardDto,
  type SectionDto,
  type SubjectChaptersDto,
  type SubjectDto,
} from "../../../domain/learning";
import { CONTENT_TYPE } from "../../../domain/learning";
import type { Db, Tx } from "../../db/client";
import { chapterSections, chapterTabs, chapters, contents, instructors, progress, promoCards, subjects } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { loadViewer, type Viewer } from "./access";

const VIDEO_TYPES: readonly number[] = [CONTENT_TYPE.youtube.id, CONTENT_TYPE.protectedVideo.id, CONTENT_TYPE.recording.id];

type SubjectRow = typeof subjects.$inferSelect;

export function instructorDto(i: typeof instructors.$inferSelect): InstructorDto {
  return { name: i.name, last_name: i.lastName, description: i.description, description_ar: i.descriptionAr, description_en: i.descriptionEn };
}

/** Visible, active subjects of the viewer's class, by position. */
async function divisionSubjects(db: Db, viewer: Viewer): Promise<SubjectRow[]> {
  if (viewer.divisionId === null) return [];
  return db
    .select()
    .from(subjects)
    .where(and(eq(subjects.divisionId, viewer.divisionId), eq(subjects.visible, true), eq(subjects.active, true)))
    .orderBy(asc(subjects.position), asc(subjects.id));
}

/** The subject `slug` of the viewer's class, or 404 (another class's subject is not found either). */
export async function findSubject(db: Db | Tx, viewer: Viewer, slug: string): Promise<SubjectRow> {
  if (viewer.divisionId === null) throw notFound();
  const [row] = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.divisionId, viewer.divisionId), eq(subjects.slug, slug), eq(subjects.visible, true), eq(subjects.active, true)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

interface LessonStat {
  id: number;
  subjectId: number;
  chapterId: number;
  typeId: number;
}

/** Every lesson of the given subjects and the viewer's percentage on each. */
async function lessonStats(db: Db, userId: number, subjectIds: number[]) {
  if (!subjectIds.length) return { lessons: [] as LessonStat[], pct: new Map<number, number>() };
  const lessons = await db
    .select({ id: contents.id, subjectId: chapters.subjectId, chapterId: contents.chapterId, typeId: contents.typeId })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .where(inArray(chapters.subjectId, subjectIds));
  const rows = await db
    .select({ contentId: progress.contentId, percentage: progress.percentage })
    .from(progress)
    .innerJoin(contents, eq(contents.id, progress.contentId))
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .where(and(eq(progress.userId, userId), inArray(chapters.subjectId, subjectIds)));
  return { lessons, pct: new Map(rows.map((r) => [r.contentId, r.percentage])) };
}

function subjectDto(s: SubjectRow, lessons: LessonStat[], pct: Map<number, number>): SubjectDto {
  const own = lessons.filter((l) => l.subjectId === s.id);
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    name_ar: s.nameAr,
    name_en: s.nameEn,
    thumbnail: s.thumbnail,
    progress: aggregateProgress(own.map((l) => pct.get(l.id) ?? 0)),
    color: s.color,
    visible: s.visible,
    active: s.active,
    position: s.position,
    subjectVideos: own.filter((l) => VIDEO_TYPES.includes(l.typeId)).length,
  };
}

/** `GET /student/subjects`. */
export async function listSubjects(deps: Pick<Deps, "db" | "now">, userId: number): Promise<SubjectDto[]> {
  const viewer = await loadViewer(deps.db, userId, deps.now());
  const list = await divisionSubjects(deps.db, viewer);
  const { lessons, pct } = await lessonStats(deps.db, userId, list.map((s) => s.id));
  return list.map((s) => subjectDto(s, lessons, pct));
}

export function promoCardDto(p: typeof promoCards.$inferSelect): PromoCardDto {
  return {
    id: p.id,
    type: p.type,
    icon_url: p.iconUrl,
    text: p.text,
    text_ar: p.textAr,
    text_en: p.textEn,
    text_image_url: p.textImageUrl,
    video_link: p.videoLink,
    url_link: p.urlLink,
    background_url: p.backgroundUrl,
    visible: p.visible,
    icon_position: p.iconPosition ?? null,
    color: p.color,
    position: p.position,
  };
}

/**
 * The promo cards a viewer sees: an "offer" card sells a bigger offer, so a pupil whose offers already open every
 * subject (Gold, Optimum, Excellent…) does not get it.
 */
export const promoCardsFor = (viewer: Viewer, rows: ReadonlyArray<typeof promoCards.$inferSelect>) =>
  rows.filter((p) => !(p.type === "offer" && viewer.allSubjects)).map(promoCardDto);

/** `GET /student/subjects/{slug}/chapters`. */
export async function subjectChapters(deps: Pick<Deps, "db" | "now">, userId: number, slug: string): Promise<SubjectChaptersDto> {
  const db = deps.db;
  const viewer = await loadViewer(db, userId, deps.now());
  const subject = await findSubject(db, viewer, slug);
  const all = await divisionSubjects(db, viewer);
  const { lessons, pct } = await lessonStats(db, userId, all.map((s) => s.id));

  const chapterRows = await db
    .select({ c: chapters, i: instructors })
    .from(chapters)
    .leftJoin(instructors, eq(instructors.id, chapters.instructorId))
    .where(eq(chapters.subjectId, subject.id))
    .orderBy(asc(chapters.position), asc(chapters.id));
  const chapterIds = chapterRows.map((r) => r.c.id);
  const sections = chapterIds.length
    ? await db.select().from(chapterSections).where(inArray(chapterSections.chapterId, chapterIds)).orderBy(asc(chapterSections.position), asc(chapterSections.id))
    : [];
  const firstLessons = chapterIds.length
    ? await db
        .select({ chapterId: contents.chapterId, slug: contents.slug, position: contents.position, id: contents.id })
        .from(contents)
        .where(inArray(contents.chapterId, chapterIds))
        .orderBy(asc(contents.position), asc(contents.id))
    : [];
  const tabs = await db.select().from(chapterTabs).orderBy(asc(chapterTabs.position));
  const cards = await db
    .select()
    .from(promoCards)
    .where(
      and(
        eq(promoCards.visible, true),
        or(eq(promoCards.subjectId, subject.id), and(isNull(promoCards.subjectId), eq(promoCards.divisionId, viewer.divisionId!))),
      ),
    )
    .orderBy(asc(promoCards.position), asc(promoCards.id));

  const entries: ChapterEntryDto[] = chapterRows.map(({ c, i }) => {
    const own = lessons.filter((l) => l.chapterId === c.id).map((l) => pct.get(l.id) ?? 0);
    const chapterSectionsDto: SectionDto[] = sections
      .filter((s) => s.chapterId === c.id)
      .map((s) => ({ id: s.id, name: s.name, name_ar: s.nameAr, name_en: s.nameEn, position: s.position, tabId: s.tabId }));
    return {
      chapter: { id: c.id, slug: c.slug, name: c.name, name_ar: c.nameAr, name_en: c.nameEn, type: c.type as ChapterType, chapter_sections: chapterSectionsDto },
      firstLessonSlug: firstLessons.find((l) => l.chapterId === c.id)?.slug ?? null,
      instructor: i ? instructorDto(i) : null,
      nbContent: own.length,
      progress: aggregateProgress(own),
      nbCompleted: own.filter(isCompleted).length,
    };
  });
  return {
    subject: {
      ...subjectDto(subject, lessons, pct),
      nbChapters: entries.length,
      nbContents: entries.reduce((n, e) => n + e.nbContent, 0),
    },
    chapters: entries,
    tabs: tabs.map((t) => ({ id: t.id, name: t.name, position: t.position })),
    otherSubjects: all.filter((s) => s.id !== subject.id).map((s) => subjectDto(s, lessons, pct)),
    promoCards: promoCardsFor(viewer, cards),
  };
}
