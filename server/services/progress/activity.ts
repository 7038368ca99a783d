/**
 * The activity charts' read (issue 22 item 4): `GET /student/progress/activity` for the pupil, and the same answer for
 * a parent about one of their children (`GET /parent/children/{id}/progress/activity`). Made from the progress rows
 * (`domain/activity.ts` says how); the rows of the pupils asking at the same moment are read in one statement
 * (`batchedById`), like the other hot reads, and the class's subjects with their lessons counted once per class.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { buildActivity, type ActivityDto, type ActivityRow, type ActivitySubject } from "../../../domain/activity";
import type { Db } from "../../db/client";
import { chapters, contents, parentRequests, progress, subjects, users } from "../../db/schema";
import { batchedById, batchedEach, batcherPer } from "../../lib/batcher";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { requireParent } from "../account/parents";

interface PupilRows {
  divisionId: number | null;
  rows: ActivityRow[];
}

/** The progress rows (with their subject) and the class of the pupils asked for at the same moment, in two statements. */
const pupilRowsLoader = batcherPer((db: Db) =>
  batchedById(async (ids: number[]): Promise<Map<number, PupilRows>> => {
    const [pupils, rows] = await Promise.all([
      db.select({ id: users.id, divisionId: users.divisionId }).from(users).where(inArray(users.id, ids)),
      db
        .select({
          userId: progress.userId,
          subjectId: chapters.subjectId,
          ranges: progress.ranges,
          percentage: progress.percentage,
          completed: progress.completed,
          durationS: contents.durationS,
          updatedAt: progress.updatedAt,
        })
        .from(progress)
        .innerJoin(contents, eq(contents.id, progress.contentId))
        .innerJoin(chapters, eq(chapters.id, contents.chapterId))
        .where(inArray(progress.userId, ids)),
    ]);
    const out = new Map<number, PupilRows>(pupils.map((p) => [p.id, { divisionId: p.divisionId, rows: [] }]));
    for (const { userId, ...row } of rows) out.get(userId)?.rows.push(row);
    return out;
  }),
);

/** A class's visible subjects in their order, each with its number of lessons; read once per class of the moment. */
const classSubjectsLoader = batcherPer((db: Db) =>
  batchedEach(async (divisionId: number): Promise<ActivitySubject[]> => {
    const rows = await db
      .select({
        id: subjects.id,
        slug: subjects.slug,
        name: subjects.name,
        name_ar: subjects.nameAr,
        name_en: subjects.nameEn,
        color: subjects.color,
        lessons: count(contents.id),
      })
      .from(subjects)
      .leftJoin(chapters, eq(chapters.subjectId, subjects.id))
      .leftJoin(contents, eq(contents.chapterId, chapters.id))
      .where(and(eq(subjects.divisionId, divisionId), eq(subjects.visible, true), eq(subjects.active, true)))
      .groupBy(subjects.id)
      .orderBy(asc(subjects.position), asc(subjects.id));
    return rows;
  }),
);

/**
 * The activity of `pupilId` over the last four weeks and their subjects' progress; with `subject` (a slug of the
 * pupil's class), that subject's only — a slug outside the class is not found.
 */
export async function readActivity(deps: Pick<Deps, "db" | "now">, pupilId: number, subject?: string): Promise<ActivityDto> {
  const pupil = await pupilRowsLoader(deps.db)({ id: pupilId, shared: "" });
  if (!pupil || pupil.divisionId === null) return buildActivity([], [], deps.now());
  const all = (await classSubjectsLoader(deps.db)({ id: pupil.divisionId, shared: "" })) ?? [];
  if (subject === undefined) return buildActivity(pupil.rows, all, deps.now());
  const one = all.find((s) => s.slug === subject);
  if (!one) throw notFound();
  return buildActivity(
    pupil.rows.filter((r) => r.subjectId === one.id),
    [one],
    deps.now(),
  );
}

/** A parent's read of a child's activity: only a child linked by an approved request (else not found). */
export async function readChildActivity(deps: Pick<Deps, "db" | "now">, parentId: number, childId: number, subject?: string): Promise<ActivityDto> {
  await requireParent(deps.db, parentId);
  const [link] = await deps.db
    .select({ one: sql<number>`1` })
    .from(parentRequests)
    .where(and(eq(parentRequests.parentUserId, parentId), eq(parentRequests.childUserId, childId), eq(parentRequests.approved, true)))
    .limit(1);
  if (!link) throw notFound();
  return readActivity(deps, childId, subject);
}
