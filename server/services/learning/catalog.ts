/** Subjects and chapters of the pupil's class, with progress aggregated from `progress` (read only here). */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { COMPLETION_THRESHOLD } from "../../../domain/constants";
import {
  capPercentage,
  type ChapterEntryDto,
  type ChapterType,
  type InstructorDto,
  type OtherSubjectDto,
  type PromoCardDto,
  type SectionDto,
  type SubjectChaptersDto,
  type SubjectDto,
} from "../../../domain/learning";
import { CONTENT_TYPE } from "../../../domain/learning";
import type { Db, Tx } from "../../db/client";
import { executeByIds, preparedFor } from "../../db/prepared";
import { batchedById, batchedEach, batcherPer } from "../../lib/batcher";
import { chapterSections, chapterTabs, chapters, contents, instructors, progress, promoCards, subjects, users } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { loadViewer, type Viewer } from "./access";

const VIDEO_TYPES: readonly number[] = [CONTENT_TYPE.youtube.id, CONTENT_TYPE.protectedVideo.id, CONTENT_TYPE.recording.id];

type SubjectRow = typeof subjects.$inferSelect;

/** What an instructor's card shows. */
type InstructorFields = Pick<typeof instructors.$inferSelect, "name" | "lastName" | "description" | "descriptionAr" | "descriptionEn">;

export function instructorDto(i: InstructorFields): InstructorDto {
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

/**
 * The pupil's percentage of lesson `c` (progress row `p`) as the progress rules count it (domain `capPercentage`), as
 * float8 (sums of reals lose digits). The subqueries below name their tables with aliases: Drizzle writes the columns of
 * a one-table select without their table, which a correlated subquery over two tables would find ambiguous.
 */
const cappedPct = sql`greatest(0, least(100, coalesce(p.percentage, 0)))::float8`;

/** The video lesson types, as an SQL list. */
const videoTypeList = sql.join(VIDEO_TYPES.map((t) => sql.raw(String(t))), sql`, `);

interface LessonTotals {
  /** Lessons. */
  n: number;
  /** Sum of the pupil's capped percentages. */
  sum: number;
}

/** The mean of the lesson percentages (domain `aggregateProgress`), from the totals SQL computed. */
const meanProgress = ({ n, sum }: LessonTotals) => (n ? capPercentage(Math.round((sum / n) * 10) / 10) : 0);

/** Which pupils a statement is for: one or several (`executeByIds`). */
const onePupil = () => eq(users.id, sql.placeholder("id"));
const somePupils = () => sql`${users.id} = any(${sql.placeholder("ids")}::int[])`;

/**
 * The visible, active subjects of a class by position, each with its lessons and video lessons counted — what every
 * pupil of the class sees alike, read once per class for the requests of a moment.
 */
const classSubjectsStatement = preparedFor((db) =>
  db
    .select({
      s: subjects,
      lessons: sql<{ n: number; videos: number }>`(
        select json_build_object('n', count(*), 'videos', count(*) filter (where c.type_id in (${videoTypeList})))
        from ${contents} c inner join ${chapters} ch on ch.id = c.chapter_id
        where ch.subject_id = ${subjects}.id)`,
    })
    .from(subjects)
    .where(and(eq(subjects.divisionId, sql.placeholder("divisionId")), eq(subjects.visible, true), eq(subjects.active, true)))
    .orderBy(asc(subjects.position), asc(subjects.id))
    .prepare("learning_class_subjects"),
);

type ClassSubject = Awaited<ReturnType<ReturnType<typeof classSubjectsStatement>["execute"]>>[number];

const classSubjectsLoader = batcherPer((db: Db) => batchedEach((divisionId: number): Promise<ClassSubject[]> => classSubjectsStatement(db).execute({ divisionId })));

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
/**
 * `GET /student/subjects`: the viewer and the pupil's sums per subject at once, then the class's subjects — each read
 * with those of the other requests of the moment.
 */
export async function listSubjects(deps: Pick<Deps, "db" | "now">, userId: number): Promise<SubjectDto[]> {
  const [viewer, sums] = await Promise.all([loadViewer(deps.db, userId, deps.now()), subjectSumsLoader(deps.db)({ id: userId, shared: "" })]);
  if (viewer.divisionId === null) return [];
  const rows = (await classSubjectsLoader(deps.db)({ id: viewer.divisionId, shared: "" })) ?? [];
  return rows.map(({ s, lessons }) => subjectDto({ s, totals: { n: lessons.n, videos: lessons.videos, sum: sums?.get(s.id)?.sum ?? 0 } }));
}

function promoCardDto(p: typeof promoCards.$inferSelect): PromoCardDto {
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
 * Whether a viewer sees a promo card: an "offer" card sells a bigger offer, so a pupil whose offers already open every
 * subject (Gold, Optimum, Excellent…) does not get it.
 */
const promoCardShown = (viewer: Viewer, card: { type: string }) => !(card.type === "offer" && viewer.allSubjects);

/** The promo cards a viewer sees (`promoCardShown`). */
export const promoCardsFor = (viewer: Viewer, rows: ReadonlyArray<typeof promoCards.$inferSelect>) => rows.filter((p) => promoCardShown(viewer, p)).map(promoCardDto);

type ChapterRow = {
  c: Pick<typeof chapters.$inferSelect, "id" | "slug" | "name" | "nameAr" | "nameEn" | "type">;
  i: InstructorFields | null;
  /** The chapter's lessons, its video lessons and the slug of its first lesson (null without lessons). */
  lessons: { n: number; videos: number; first: string | null };
  sections: SectionDto[];
};

/**
 * The subject page of a class in one prepared statement — what every pupil of the class sees alike: the subject `slug`
 * (visible, active), its chapters (instructor, sections, lessons counted and the first one in one pass over them), the
 * class's other subjects (links only), the tabs and the subject's and the class's promo cards.
 */
const classPageStatement = preparedFor((db) =>
  db
    .select({
      s: subjects,
      chapters: sql<ChapterRow[]>`(
        select coalesce(json_agg(json_build_object(
          'c', json_build_object('id', ch.id, 'slug', ch.slug, 'name', ch.name, 'nameAr', ch.name_ar, 'nameEn', ch.name_en, 'type', ch.type),
          'i', case when i.id is null then null else json_build_object('id', i.id, 'name', i.name, 'lastName', i.last_name,
            'description', i.description, 'descriptionAr', i.description_ar, 'descriptionEn', i.description_en) end,
          'lessons', (select json_build_object('n', count(*), 'videos', count(*) filter (where c.type_id in (${videoTypeList})),
              'first', (array_agg(c.slug order by c.position, c.id))[1])
            from ${contents} c where c.chapter_id = ch.id),
          'sections', (select coalesce(json_agg(json_build_object('id', cs.id, 'name', cs.name, 'name_ar', cs.name_ar, 'name_en', cs.name_en,
              'position', cs.position, 'tabId', cs.tab_id) order by cs.position, cs.id), '[]'::json)
            from ${chapterSections} cs where cs.chapter_id = ch.id)
        ) order by ch.position, ch.id), '[]'::json)
        from ${chapters} ch left join ${instructors} i on i.id = ch.instructor_id
        where ch.subject_id = ${subjects}.id)`,
      others: sql<OtherSubjectDto[]>`(
        select coalesce(json_agg(json_build_object('id', o.id, 'slug', o.slug, 'name', o.name, 'name_ar', o.name_ar, 'name_en', o.name_en,
          'thumbnail', o.thumbnail, 'color', o.color, 'position', o.position) order by o.position, o.id), '[]'::json)
        from ${subjects} o
        where o.division_id = ${subjects}.division_id and o.visible and o.active and o.id <> ${subjects}.id)`,
      tabs: sql<SubjectChaptersDto["tabs"]>`(
        select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'position', t.position) order by t.position), '[]'::json)
        from ${chapterTabs} t)`,
      cards: sql<PromoCardDto[]>`(
        select coalesce(json_agg(json_build_object('id', pc.id, 'type', pc.type, 'icon_url', pc.icon_url, 'text', pc.text,
          'text_ar', pc.text_ar, 'text_en', pc.text_en, 'text_image_url', pc.text_image_url, 'video_link', pc.video_link,
          'url_link', pc.url_link, 'background_url', pc.background_url, 'visible', pc.visible, 'icon_position', pc.icon_position,
          'color', pc.color, 'position', pc.position) order by pc.position, pc.id), '[]'::json)
        from ${promoCards} pc
        where pc.visible and (pc.subject_id = ${subjects}.id or (pc.subject_id is null and pc.division_id = ${subjects}.division_id)))`,
    })
    .from(subjects)
    .where(and(eq(subjects.divisionId, sql.placeholder("divisionId")), eq(subjects.slug, sql.placeholder("slug")), eq(subjects.visible, true), eq(subjects.active, true)))
    .prepare("learning_class_page"),
);

type ClassPage = Awaited<ReturnType<ReturnType<typeof classPageStatement>["execute"]>>[number];

/** The class pages of one slug asked for at the same moment: once per class, whatever the number of its pupils asking. */
const classPageLoader = batcherPer((db: Db) =>
  batchedEach(async (divisionId: number, slug): Promise<ClassPage | undefined> => (await classPageStatement(db).execute({ divisionId, slug }))[0]),
);

/**
 * A pupil's own sums, per subject of their class or per chapter of the subject `slug`: the sum of their capped
 * percentages and their completed lessons — from their progress rows only (a lesson never opened adds nothing), for
 * one pupil or several.
 */
const selectPupilSums = (db: Db, who: SQL, per: "subject" | "chapter") =>
  db
    .select({
      userId: users.id,
      key: per === "subject" ? subjects.id : chapters.id,
      sum: sql<number>`coalesce(sum(${cappedPct}), 0)`.mapWith(Number),
      done: sql<number>`count(*) filter (where ${cappedPct} > ${sql.raw(String(COMPLETION_THRESHOLD))})`.mapWith(Number),
    })
    .from(users)
    .innerJoin(
      subjects,
      per === "subject"
        ? and(eq(subjects.divisionId, users.divisionId), eq(subjects.visible, true), eq(subjects.active, true))
        : and(eq(subjects.divisionId, users.divisionId), eq(subjects.slug, sql.placeholder("slug"))),
    )
    .innerJoin(chapters, eq(chapters.subjectId, subjects.id))
    .innerJoin(contents, eq(contents.chapterId, chapters.id))
    .innerJoin(sql`${progress} p`, sql`p.content_id = ${contents.id} and p.user_id = ${users.id}`)
    .where(who)
    .groupBy(users.id, per === "subject" ? subjects.id : chapters.id);
const pupilSubjectSums = preparedFor((db) => selectPupilSums(db, onePupil(), "subject").prepare("learning_pupil_subject_sums"));
const pupilsSubjectSums = preparedFor((db) => selectPupilSums(db, somePupils(), "subject").prepare("learning_pupils_subject_sums"));
const pupilChapterSums = preparedFor((db) => selectPupilSums(db, onePupil(), "chapter").prepare("learning_pupil_chapter_sums"));
const pupilsChapterSums = preparedFor((db) => selectPupilSums(db, somePupils(), "chapter").prepare("learning_pupils_chapter_sums"));

/** A pupil's sums by subject or chapter id. */
type PupilSums = Map<number, { sum: number; done: number }>;

function sumsByPupil(rows: Array<{ userId: number; key: number; sum: number; done: number }>): Map<number, PupilSums> {
  const out = new Map<number, PupilSums>();
  for (const r of rows) {
    let sums = out.get(r.userId);
    if (!sums) out.set(r.userId, (sums = new Map()));
    sums.set(r.key, { sum: r.sum, done: r.done });
  }
  return out;
}

/** The pupils' sums per subject asked for at the same moment, in one statement. */
const subjectSumsLoader = batcherPer((db: Db) =>
  batchedById(async (ids: number[]) =>
    sumsByPupil(await executeByIds(pupilSubjectSums(db), pupilsSubjectSums(db), ids)),
  ),
);

/** The pupils' sums per chapter of one slug asked for at the same moment, in one statement. */
const chapterSumsLoader = batcherPer((db: Db) =>
  batchedById(async (ids: number[], slug) =>
    sumsByPupil(await executeByIds(pupilChapterSums(db), pupilsChapterSums(db), ids, { slug })),
  ),
);

/**
 * `GET /student/subjects/{slug}/chapters`: the viewer and the pupil's sums at once, then the class's page — each read
 * with those of the other requests of the moment. Another class's subject, or a hidden one, is not found.
 */
export async function subjectChapters(deps: Pick<Deps, "db" | "now">, userId: number, slug: string): Promise<SubjectChaptersDto> {
  const [viewer, sums] = await Promise.all([loadViewer(deps.db, userId, deps.now()), chapterSumsLoader(deps.db)({ id: userId, shared: slug })]);
  if (viewer.divisionId === null) throw notFound();
  const page = await classPageLoader(deps.db)({ id: viewer.divisionId, shared: slug });
  if (!page) throw notFound();
  // The subject's totals are its chapters' (every lesson belongs to one chapter).
  const totals = { n: 0, sum: 0, videos: 0 };
  const entries: ChapterEntryDto[] = page.chapters.map(({ c, i, lessons, sections }) => {
    const own = sums?.get(c.id) ?? { sum: 0, done: 0 };
    totals.n += lessons.n;
    totals.sum += own.sum;
    totals.videos += lessons.videos;
    return {
      chapter: { id: c.id, slug: c.slug, name: c.name, name_ar: c.nameAr, name_en: c.nameEn, type: c.type as ChapterType, chapter_sections: sections },
      firstLessonSlug: lessons.first,
      instructor: i ? instructorDto(i) : null,
      nbContent: lessons.n,
      progress: meanProgress({ n: lessons.n, sum: own.sum }),
      nbCompleted: own.done,
    };
  });
  return {
    subject: {
      ...subjectDto({ s: page.s, totals }),
      nbChapters: entries.length,
      nbContents: entries.reduce((n, e) => n + e.nbContent, 0),
    },
    chapters: entries,
    tabs: page.tabs,
    otherSubjects: page.others,
    promoCards: page.cards.filter((p) => promoCardShown(viewer, p)),
  };
}
