import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { affiliations, chapters, contents, groupSubjects, progress, subjects, users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { isoDay } from "../learning/access";

/** What is stored of a pupil's progress in a lesson (the row the progress service merges into). */
export interface StoredProgress {
  ranges: Array<[number, number]>;
  percentage: number;
  completed: boolean;
  lastWatchedSecond: number;
}

/** A lesson as the progress service sees it, for one pupil. */
export interface ProgressLesson {
  contentId: number;
  chapterId: number;
  subjectId: number;
  typeId: number;
  durationS: number | null;
  isFree: boolean;
  /** Whether the pupil may open it (free, or unlocked by a live offer). */
  unlocked: boolean;
  /** The pupil's stored progress in it, if any (read without a lock: writers compare and set). */
  progress: StoredProgress | null;
}

/**
 * One statement, prepared once per database (the hot path of progress ingestion): the lesson with its chapter and
 * subject, the pupil's class, whether a live offer of the pupil unlocks the subject, and the stored progress row.
 *
 * The unlock rule is the one of `learning/access.ts` (`isUnlocked`): free, or a live affiliation (end date today or
 * later) whose group unlocks the subject (`group_subjects`: that subject, or `all_subjects`) — the subject being of
 * the pupil's class, which the caller checks (another class is a 404).
 */
function prepare(db: Db) {
  const userId = sql.placeholder("userId");
  return db
    .select({
      contentId: contents.id,
      typeId: contents.typeId,
      durationS: contents.durationS,
      isFree: contents.isFree,
      chapterId: chapters.id,
      subjectId: subjects.id,
      divisionId: subjects.divisionId,
      userDivisionId: users.divisionId,
      unlockedByOffer: sql<boolean>`exists (
        select 1 from ${affiliations} inner join ${groupSubjects} on ${groupSubjects.groupId} = ${affiliations.groupId}
        where ${affiliations.userId} = ${userId} and ${affiliations.endDate} >= ${sql.placeholder("today")}
          and (${groupSubjects.allSubjects} or ${groupSubjects.subjectId} = ${subjects.id}))`,
      ranges: progress.ranges,
      percentage: progress.percentage,
      completed: progress.completed,
      lastWatchedSecond: progress.lastWatchedSecond,
    })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .innerJoin(users, eq(users.id, userId))
    .leftJoin(progress, and(eq(progress.userId, userId), eq(progress.contentId, contents.id)))
    .where(eq(contents.id, sql.placeholder("contentId")))
    .limit(1)
    .prepare("progress_lesson");
}

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

/**
 * The lesson `contentId` for the pupil `userId`: 404 when it does not exist or belongs to another class (never
 * a 403, so a pupil cannot probe other classes); `unlocked` tells whether the pupil may open it; `progress` is
 * what is stored of the pupil's progress in it.
 */
export async function findProgressLesson(db: Db, userId: number, contentId: number, now: Date): Promise<ProgressLesson> {
  let query = prepared.get(db);
  if (!query) {
    query = prepare(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ userId, contentId, today: isoDay(now) });
  if (!row || row.userDivisionId === null || row.divisionId !== row.userDivisionId) throw notFound();
  return {
    contentId: row.contentId,
    chapterId: row.chapterId,
    subjectId: row.subjectId,
    typeId: row.typeId,
    durationS: row.durationS,
    isFree: row.isFree,
    unlocked: row.isFree || Boolean(row.unlockedByOffer),
    progress:
      row.ranges === null || row.percentage === null || row.completed === null || row.lastWatchedSecond === null
        ? null
        : { ranges: row.ranges, percentage: row.percentage, completed: row.completed, lastWatchedSecond: row.lastWatchedSecond },
  };
}
