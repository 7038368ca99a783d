/**
 * What the home screen shows: free and new lesson cards, promo cards, alerts, the latest recorded sessions and the
 * forum's latest posts (SPEC §2 "/").
 */
import { and, asc, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { ForumPostDto, LatestRecordingDto } from "../../../domain/home";
import { capPercentage, type AlertDto, type ChapterType, type ContentCardDto, type PromoCardDto } from "../../../domain/learning";
import { forumFeed } from "../../adapters/forum";
import { alerts, chapters, contents, divisions, instructors, progress, promoCards, subjects, users } from "../../db/schema";
import type { Db } from "../../db/client";
import { preparedFor } from "../../db/prepared";
import { batchedById, batchedEach, batcherPer } from "../../lib/batcher";
import type { Deps } from "../../lib/deps";
import { isUnlocked, loadViewer } from "./access";
import { instructorDto, promoCardsFor } from "./catalog";
import { contentType } from "./lessons";

/** Cards per list; the home shows the first two. */
const CONTENT_CARDS_LIMIT = 10;
/** "New" means created within this many days. */
const NEW_CONTENT_DAYS = 30;

/**
 * The pupil's class, as a subquery of the statement that needs it (one statement per read instead of looking the
 * viewer up first). The reads below are prepared statements (server/db/prepared.ts).
 */
const userDivision = () => sql`(select u.division_id from ${users} u where u.id = ${sql.placeholder("userId")})`;

/**
 * The columns a lesson card shows (not the lesson's media, pages or quiz: less for the database to read and send and
 * for the server to parse).
 */
const cardColumns = {
  c: { id: contents.id, slug: contents.slug, name: contents.name, nameAr: contents.nameAr, nameEn: contents.nameEn, typeId: contents.typeId, isFree: contents.isFree, createdAt: contents.createdAt, durationS: contents.durationS },
  ch: { id: chapters.id, slug: chapters.slug, name: chapters.name, nameAr: chapters.nameAr, nameEn: chapters.nameEn, type: chapters.type },
  s: { id: subjects.id, slug: subjects.slug, name: subjects.name, nameAr: subjects.nameAr, nameEn: subjects.nameEn, color: subjects.color },
  i: { name: instructors.name, lastName: instructors.lastName, description: instructors.description, descriptionAr: instructors.descriptionAr, descriptionEn: instructors.descriptionEn },
};

/**
 * The newest lessons of a class (free ones, or those of the last 30 days): the ten are picked first from the lessons
 * alone (narrow rows to sort), then joined to their chapter, subject, class and instructor (ten rows, not all).
 */
function contentCardsStatement(db: Db, kind: "free" | "new") {
  const newest = db
    .select({ id: contents.id, createdAt: contents.createdAt })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(
      and(
        eq(subjects.divisionId, sql.placeholder("divisionId")),
        eq(subjects.visible, true),
        eq(subjects.active, true),
        kind === "free" ? eq(contents.isFree, true) : gte(contents.createdAt, sql.placeholder("since")),
        lte(contents.createdAt, sql.placeholder("now")),
      ),
    )
    .orderBy(desc(contents.createdAt), desc(contents.id))
    .limit(CONTENT_CARDS_LIMIT)
    .as("newest");
  return db
    .select({ ...cardColumns, d: { id: divisions.id, name: divisions.name } })
    .from(newest)
    .innerJoin(contents, eq(contents.id, newest.id))
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .innerJoin(divisions, eq(divisions.id, subjects.divisionId))
    .leftJoin(instructors, eq(instructors.id, chapters.instructorId))
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .prepare(`home_${kind}_contents`);
}
const freeCardsStatement = preparedFor((db) => contentCardsStatement(db, "free"));
const newCardsStatement = preparedFor((db) => contentCardsStatement(db, "new"));

type CardRow = Awaited<ReturnType<ReturnType<typeof freeCardsStatement>["execute"]>>[number];

/**
 * The cards are the same for every pupil of a class: those asked for at the same moment are read once per class and
 * list (`batchedById` by class), at the moment the batch runs.
 */
const cardsLoader = batcherPer((deps: Pick<Deps, "db" | "now">) =>
  batchedEach((divisionId: number, kind): Promise<CardRow[]> => {
    const now = deps.now();
    const since = new Date(now.getTime() - NEW_CONTENT_DAYS * 24 * 60 * 60 * 1000);
    return (kind === "free" ? freeCardsStatement : newCardsStatement)(deps.db).execute({ divisionId, now: now.toISOString(), since: since.toISOString() });
  }),
);

/** The class's cards of a list: the pupil's class from the viewer (itself read in a batch). */
async function contentCards(deps: Pick<Deps, "db" | "now">, userId: number, kind: "free" | "new"): Promise<ContentCardDto[]> {
  const viewer = await loadViewer(deps.db, userId, deps.now());
  if (viewer.divisionId === null) return [];
  const rows = (await cardsLoader(deps)({ id: viewer.divisionId, shared: kind })) ?? [];
  return rows.map(({ c, ch, s, i, d }) => ({
    subject: { id: s.id, slug: s.slug, name: s.name, name_ar: s.nameAr, name_en: s.nameEn, color: s.color },
    chapter: { id: ch.id, slug: ch.slug, name: ch.name, name_ar: ch.nameAr, name_en: ch.nameEn },
    content: { id: c.id, slug: c.slug, name: c.name, name_ar: c.nameAr, name_en: c.nameEn, type: contentType(c.typeId), is_free: c.isFree },
    instructor: i ? instructorDto(i) : null,
    division: d,
    createdAt: c.createdAt.toISOString(),
    chapter_type: ch.type as ChapterType,
  }));
}

/** `GET /student/chapters/free-contents`: free lessons of the pupil's class, newest first. */
export const freeContents = (deps: Pick<Deps, "db" | "now">, userId: number) => contentCards(deps, userId, "free");
/** `GET /student/chapters/new-contents`: lessons added in the last 30 days, newest first. */
export const newContents = (deps: Pick<Deps, "db" | "now">, userId: number) => contentCards(deps, userId, "new");

/** `GET /student/pubs-cards`: the class's visible cards (not those of one subject page), by position. */
const promoCardsStatement = preparedFor((db) =>
  db
    .select()
    .from(promoCards)
    .where(and(eq(promoCards.divisionId, userDivision()), isNull(promoCards.subjectId), eq(promoCards.visible, true)))
    .orderBy(asc(promoCards.position), asc(promoCards.id))
    .prepare("home_promo_cards"),
);

export async function divisionPromoCards(deps: Pick<Deps, "db" | "now">, userId: number): Promise<PromoCardDto[]> {
  // The viewer (which cards its offers make pointless) and the cards at once.
  const [viewer, rows] = await Promise.all([loadViewer(deps.db, userId, deps.now()), promoCardsStatement(deps.db).execute({ userId })]);
  return promoCardsFor(viewer, rows);
}

/** `GET /alerts`: active alerts of the pupil's class or of everyone, within their dates. */
const alertsStatement = preparedFor((db) => {
  const now = sql.placeholder("now");
  return db
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.active, true),
        // Everyone's alerts and those of the pupil's class (a user without a class: everyone's only).
        or(isNull(alerts.divisionId), eq(alerts.divisionId, userDivision())),
        or(isNull(alerts.startsAt), lte(alerts.startsAt, now)),
        or(isNull(alerts.endsAt), gte(alerts.endsAt, now)),
      ),
    )
    .orderBy(desc(alerts.startsAt), desc(alerts.id))
    .prepare("home_alerts");
});

export async function activeAlerts(deps: Pick<Deps, "db" | "now">, userId: number): Promise<AlertDto[]> {
  const rows = await alertsStatement(deps.db).execute({ userId, now: deps.now().toISOString() });
  return rows.map((a) => ({
    id: a.id,
    title: a.title,
    title_ar: a.titleAr,
    title_en: a.titleEn,
    body: a.body,
    body_ar: a.bodyAr,
    body_en: a.bodyEn,
    level: a.level as AlertDto["level"],
    starts_at: a.startsAt?.toISOString() ?? null,
    ends_at: a.endsAt?.toISOString() ?? null,
  }));
}

/**
 * `GET /student/latest-recordings`: the latest lessons of the recording chapters of the pupil's class (sessions already
 * held, newest first), with the slugs of the recording viewer, the lock state and the pupil's progress — never media.
 * The list is the class's (`classRecordingsStatement`, read once per class and length for the requests of a moment);
 * the pupil's percentages of those lessons are theirs (`pupilPercentages`, read in batches of pupils).
 */
const classRecordingsStatement = preparedFor((db) => {
  const recordedAt = sql<Date>`coalesce(${contents.eventStart}, ${contents.createdAt})`;
  return db
    .select({ ...cardColumns, recordedAt: recordedAt.mapWith(contents.createdAt) })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .leftJoin(instructors, eq(instructors.id, chapters.instructorId))
    .where(
      and(
        eq(subjects.divisionId, sql.placeholder("divisionId")),
        eq(subjects.visible, true),
        eq(subjects.active, true),
        eq(chapters.type, "recording"),
        lte(recordedAt, sql.placeholder("now")),
      ),
    )
    .orderBy(desc(recordedAt), desc(contents.id))
    .limit(sql.placeholder("limit"))
    .prepare("home_class_recordings");
});

type RecordingRow = Awaited<ReturnType<ReturnType<typeof classRecordingsStatement>["execute"]>>[number];

const recordingsLoader = batcherPer((deps: Pick<Deps, "db" | "now">) =>
  batchedEach(
    (divisionId: number, limit): Promise<RecordingRow[]> =>
      classRecordingsStatement(deps.db).execute({ divisionId, now: deps.now().toISOString(), limit: Number(limit) }),
  ),
);

/** The percentages of some lessons for one pupil or several (their progress rows only). */
const pupilPercentagesStatement = preparedFor((db) =>
  db
    .select({ userId: progress.userId, contentId: progress.contentId, pct: progress.percentage })
    .from(progress)
    .where(and(sql`${progress.userId} = any(${sql.placeholder("ids")}::int[])`, sql`${progress.contentId} = any(${sql.placeholder("contents")}::int[])`))
    .prepare("home_pupil_percentages"),
);

/** The pupils' percentages of the same lessons (a class's list) asked for at the same moment, in one statement. */
const percentagesLoader = batcherPer((db: Db) =>
  batchedById(async (ids: number[], lessons): Promise<Map<number, Map<number, number>>> => {
    const rows = await pupilPercentagesStatement(db).execute({ ids, contents: lessons ? lessons.split(",").map(Number) : [] });
    const out = new Map<number, Map<number, number>>(ids.map((id) => [id, new Map()]));
    for (const r of rows) out.get(r.userId)?.set(r.contentId, r.pct ?? 0);
    return out;
  }),
);

export async function latestRecordings(deps: Pick<Deps, "db" | "now">, userId: number, limit: number): Promise<LatestRecordingDto[]> {
  const viewer = await loadViewer(deps.db, userId, deps.now());
  if (viewer.divisionId === null) return [];
  const rows = (await recordingsLoader(deps)({ id: viewer.divisionId, shared: String(limit) })) ?? [];
  if (!rows.length) return [];
  const pct = (await percentagesLoader(deps.db)({ id: userId, shared: rows.map((r) => r.c.id).join(",") })) ?? new Map<number, number>();
  return rows.map(({ c, ch, s, i, recordedAt: at }) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    name_ar: c.nameAr,
    name_en: c.nameEn,
    subject: { id: s.id, slug: s.slug, name: s.name, name_ar: s.nameAr, name_en: s.nameEn, color: s.color },
    chapter: { id: ch.id, slug: ch.slug, name: ch.name, name_ar: ch.nameAr, name_en: ch.nameEn },
    instructor: i ? instructorDto(i) : null,
    recorded_at: at.toISOString(),
    duration: c.durationS,
    locked: !isUnlocked(viewer, s.id, c.isFree),
    percentage: capPercentage(pct.get(c.id) ?? 0),
  }));
}

/** `GET /latest-posts`: the forum's newest posts, through the forum adapter. */
export const latestForumPosts = (deps: Pick<Deps, "db" | "env">, limit: number): Promise<ForumPostDto[]> => forumFeed(deps).latestPosts(limit);
