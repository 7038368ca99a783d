/** Subjects and chapters of the pupil's class, with progress aggregated from `progress` (read only here). */
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { COMPLETION_THRESHOLD } from "../../../domain/constants";
import {
  capPercentage,
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
import { preparedFor } from "../../db/prepared";
import { chapterSections, chapterTabs, chapters, contents, instructors, progress, promoCards, subjects, users } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { loadViewer, type Viewer } from "./access";

const VIDEO_TYPES: readonly number[] = [CONTENT_TYPE.youtube.id, CONTENT_TYPE.protectedVideo.id, CONTENT_TYPE.recording.id];

type SubjectRow = typeof subjects.$inferSelect;

export function instructorDto(i: typeof instructors.$inferSelect): InstructorDto {
  return { name: i.name, last_name: i.lastName, description: i.description, description_ar: i.descriptionAr, description_en: i.descriptionEn };
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

/** The pupil's class, as a subquery of the statement that needs it. */
const userDivision = () => sql`(select u.division_id from ${users} u where u.id = ${sql.placeholder("userId")})`;

/**
 * The pupil's percentage of lesson `c` (progress row `p`) as the progress rules count it (domain `capPercentage`), as
 * float8 (sums of reals lose digits). The subqueries below name their tables with aliases: Drizzle writes the columns of
 * a one-table select without their table, which a correlated subquery over two tables would find ambiguous.
 */
const cappedPct = sql`greatest(0, least(100, coalesce(p.percentage, 0)))::float8`;

interface LessonTotals {
  /** Lessons. */
  n: number;
  /** Sum of the pupil's capped percentages. */
  sum: number;
}

/** The mean of the lesson percentages (domain `aggregateProgress`), from the totals SQL computed. */
const meanProgress = ({ n, sum }: LessonTotals) => (n ? capPercentage(Math.round((sum / n) * 10) / 10) : 0);

/**
 * The visible, active subjects of the pupil's class by position, each with its lessons counted and the pupil's progress
 * summed by the database (one prepared statement: not every lesson row brought back to be summed here).
 */
const subjectsStatement = preparedFor((db) =>
  db
    .select({
      s: subjects,
      totals: sql<LessonTotals & { videos: number }>`(
        select json_build_object('n', count(*), 'sum', coalesce(sum(${cappedPct}), 0),
          'videos', count(*) filter (where c.type_id in (${sql.join(VIDEO_TYPES.map((t) => sql.raw(String(t))), sql`, `)})))
        from ${contents} c inner join ${chapters} ch on ch.id = c.chapter_id
        left join ${progress} p on p.content_id = c.id and p.user_id = ${sql.placeholder("userId")}
        where ch.subject_id = ${subjects}.id)`,
    })
    .from(subjects)
    .where(and(eq(subjects.divisionId, userDivision()), eq(subjects.visible, true), eq(subjects.active, true)))
    .orderBy(asc(subjects.position), asc(subjects.id))
    .prepare("learning_subjects"),
);

type SubjectWithTotals = { s: SubjectRow; totals: LessonTotals & { videos: number } };

function subjectDto({ s, totals }: SubjectWithTotals): SubjectDto {
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    name_ar: s.nameAr,
    name_en: s.nameEn,
    thumbnail: s.thumbnail,
    progress: meanProgress(totals),
    color: s.color,
    visible: s.visible,
    active: s.active,
    position: s.position,
    subjectVideos: totals.videos,
  };
}

/** `GET /student/subjects`: one statement. */
export async function listSubjects(deps: Pick<Deps, "db" | "now">, userId: number): Promise<SubjectDto[]> {
  const rows = await subjectsStatement(deps.db).execute({ userId });
  return rows.map(subjectDto);
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

/** The chapters of a subject with their instructor, first lesson, sections and the pupil's totals (one statement). */
const chaptersStatement = preparedFor((db) =>
  db
    .select({
      c: chapters,
      i: instructors,
      totals: sql<LessonTotals & { done: number }>`(
        select json_build_object('n', count(*), 'sum', coalesce(sum(${cappedPct}), 0),
          'done', count(*) filter (where ${cappedPct} > ${sql.raw(String(COMPLETION_THRESHOLD))}))
        from ${contents} c
        left join ${progress} p on p.content_id = c.id and p.user_id = ${sql.placeholder("userId")}
        where c.chapter_id = ${chapters}.id)`,
      firstLessonSlug: sql<string | null>`(
        select c1.slug from ${contents} c1 where c1.chapter_id = ${chapters}.id order by c1.position, c1.id limit 1)`,
      sections: sql<SectionDto[]>`(
        select coalesce(json_agg(json_build_object('id', cs.id, 'name', cs.name, 'name_ar', cs.name_ar, 'name_en', cs.name_en,
          'position', cs.position, 'tabId', cs.tab_id) order by cs.position, cs.id), '[]'::json)
        from ${chapterSections} cs where cs.chapter_id = ${chapters}.id)`,
    })
    .from(chapters)
    .leftJoin(instructors, eq(instructors.id, chapters.instructorId))
    .where(eq(chapters.subjectId, sql.placeholder("subjectId")))
    .orderBy(asc(chapters.position), asc(chapters.id))
    .prepare("learning_subject_chapters"),
);

const tabsStatement = preparedFor((db) => db.select().from(chapterTabs).orderBy(asc(chapterTabs.position)).prepare("learning_chapter_tabs"));

/** The subject's own cards and the class's general ones. */
const subjectCardsStatement = preparedFor((db) =>
  db
    .select()
    .from(promoCards)
    .where(
      and(
        eq(promoCards.visible, true),
        or(
          eq(promoCards.subjectId, sql.placeholder("subjectId")),
          and(isNull(promoCards.subjectId), eq(promoCards.divisionId, sql.placeholder("divisionId"))),
        ),
      ),
    )
    .orderBy(asc(promoCards.position), asc(promoCards.id))
    .prepare("learning_subject_cards"),
);

/**
 * `GET /student/subjects/{slug}/chapters`: four prepared statements in two rounds (the viewer, the class's subjects
 * with their totals and the tabs at once; then the subject's chapters and cards at once), every sum made by the database.
 */
export async function subjectChapters(deps: Pick<Deps, "db" | "now">, userId: number, slug: string): Promise<SubjectChaptersDto> {
  const db = deps.db;
  const [viewer, all, tabs] = await Promise.all([
    loadViewer(db, userId, deps.now()),
    subjectsStatement(db).execute({ userId }),
    tabsStatement(db).execute(),
  ]);
  // The class's visible, active subjects: another class's subject (or a hidden one) is not found.
  const subject = all.find((r) => r.s.slug === slug);
  if (!subject || viewer.divisionId === null) throw notFound();
  const [chapterRows, cards] = await Promise.all([
    chaptersStatement(db).execute({ userId, subjectId: subject.s.id }),
    subjectCardsStatement(db).execute({ subjectId: subject.s.id, divisionId: viewer.divisionId }),
  ]);

  const entries: ChapterEntryDto[] = chapterRows.map(({ c, i, totals, firstLessonSlug, sections }) => ({
    chapter: { id: c.id, slug: c.slug, name: c.name, name_ar: c.nameAr, name_en: c.nameEn, type: c.type as ChapterType, chapter_sections: sections },
    firstLessonSlug,
    instructor: i ? instructorDto(i) : null,
    nbContent: totals.n,
    progress: meanProgress(totals),
    nbCompleted: totals.done,
  }));
  return {
    subject: {
      ...subjectDto(subject),
      nbChapters: entries.length,
      nbContents: entries.reduce((n, e) => n + e.nbContent, 0),
    },
    chapters: entries,
    tabs: tabs.map((t) => ({ id: t.id, name: t.name, position: t.position })),
    otherSubjects: all.filter((r) => r.s.id !== subject.s.id).map(subjectDto),
    promoCards: promoCardsFor(viewer, cards),
  };
}
