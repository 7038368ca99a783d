import { and, eq, sql } from "drizzle-orm";
import { CONTENT_TYPE, capPercentage, isCompleted, mergeRanges, watchedPercentage, watchedSeconds, type ProgressAnswerDto, type Range } from "../../../domain/learning";
import type { ProgressPost } from "../../../domain/schemas/progress";
import type { Db, Tx } from "../../db/client";
import { progress, users } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError } from "../../lib/errors";
import { findProgressLesson, type ProgressLesson, type StoredProgress } from "./lesson";

/**
 * Optimistic attempts before taking the row lock: posts of one pupil for one lesson rarely race (one every 50 s, an
 * outbox replays in order), so the first attempt nearly always wins; a burst of racing posts then queues on the lock.
 */
const OPTIMISTIC_ATTEMPTS = 2;

/**
 * Writes `next` only if the stored row is still `old` (compare and set): no row yet → insert unless one appeared;
 * a row → update only while its ranges, percentage and completion are those the merge started from (the live
 * position of the websocket may move meanwhile: it is not part of the merge). False when someone wrote first.
 */
async function compareAndSet(db: Db | Tx, userId: number, contentId: number, old: StoredProgress | null, next: StoredProgress, now: Date): Promise<boolean> {
  if (!old) {
    const inserted = await db
      .insert(progress)
      .values({ userId, contentId, ...next, updatedAt: now })
      .onConflictDoNothing()
      .returning({ userId: progress.userId });
    return inserted.length === 1;
  }
  const updated = await db
    .update(progress)
    .set({ ...next, updatedAt: now })
    .where(
      and(
        eq(progress.userId, userId),
        eq(progress.contentId, contentId),
        sql`${progress.ranges} = ${JSON.stringify(old.ranges)}::jsonb`,
        eq(progress.percentage, old.percentage),
        eq(progress.completed, old.completed),
      ),
    )
    .returning({ userId: progress.userId });
  return updated.length === 1;
}

/** The compare-and-set update of `compareAndSet`, prepared once per database (parsed and planned once per connection). */
function prepareUpdate(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .update(progress)
    .set({
      ranges: sql`${p("ranges")}::jsonb`,
      percentage: sql`${p("percentage")}`,
      completed: sql`${p("completed")}`,
      lastWatchedSecond: sql`${p("lastWatchedSecond")}`,
      updatedAt: sql`${p("now")}`,
    })
    .where(
      and(
        eq(progress.userId, p("userId")),
        eq(progress.contentId, p("contentId")),
        sql`${progress.ranges} = ${p("oldRanges")}::jsonb`,
        sql`${progress.percentage} = ${p("oldPercentage")}`,
        sql`${progress.completed} = ${p("oldCompleted")}`,
      ),
    )
    .returning({ userId: progress.userId })
    .prepare("progress_cas_update");
}
const preparedUpdates = new WeakMap<Db, ReturnType<typeof prepareUpdate>>();

/** `compareAndSet` of an existing row outside a transaction, with the prepared statement. */
async function compareAndSetPrepared(db: Db, userId: number, contentId: number, old: StoredProgress, next: StoredProgress, now: Date): Promise<boolean> {
  let update = preparedUpdates.get(db);
  if (!update) {
    update = prepareUpdate(db);
    preparedUpdates.set(db, update);
  }
  const updated = await update.execute({
    userId,
    contentId,
    ranges: JSON.stringify(next.ranges),
    percentage: next.percentage,
    completed: next.completed,
    lastWatchedSecond: next.lastWatchedSecond,
    now,
    oldRanges: JSON.stringify(old.ranges),
    oldPercentage: old.percentage,
    oldCompleted: old.completed,
  });
  return updated.length === 1;
}

async function readStored(db: Db, userId: number, contentId: number): Promise<StoredProgress | null> {
  const [row] = await db
    .select({ ranges: progress.ranges, percentage: progress.percentage, completed: progress.completed, lastWatchedSecond: progress.lastWatchedSecond })
    .from(progress)
    .where(and(eq(progress.userId, userId), eq(progress.contentId, contentId)))
    .limit(1);
  return row ?? null;
}

/** How a post is merged into a lesson's row (`checkPost`). */
export interface MergeRules {
  /** Seconds the watched ranges are measured against; 0 when progress comes as a percentage. */
  duration: number;
  /** The media's length in seconds: positions and ranges are cut there (0 when the lesson has no media length). */
  maxPosition: number;
  /** A quiz: its percentage and completion come only from passing it (the quiz service), never from a post. */
  quiz: boolean;
}

/** The resume position of a lesson, cut at the media's length (a lesson without one has no position). */
export function capPosition(seconds: number, maxPosition: number): number {
  return Math.max(0, Math.floor(Math.min(seconds, maxPosition)));
}

/** The merge of a post into what is stored (domain rules of learning.ts): never lower, never undone. */
export function merge(input: ProgressPost, rules: MergeRules, old: StoredProgress | null): { next: StoredProgress; added: number } {
  const oldRanges: Range[] = old?.ranges ?? [];
  const lastWatchedSecond = capPosition(input.position ?? input.watchedTime ?? old?.lastWatchedSecond ?? 0, rules.maxPosition);
  if (rules.quiz) {
    // Nothing of a quiz's progress moves with a post: only the resume position, which a quiz does not have.
    const kept = old ?? { ranges: [], percentage: 0, completed: false, lastWatchedSecond: 0 };
    return { next: { ...kept, lastWatchedSecond }, added: 0 };
  }
  const { duration } = rules;
  const posted = (input.ranges as Range[]).map(([a, b]) => (duration > 0 ? ([Math.min(a, duration), Math.min(b, duration)] as const) : ([a, b] as const)));
  const merged = mergeRanges([...oldRanges, ...posted]).map(([a, b]) => [a, b] as [number, number]);
  const fromRanges = duration > 0 ? watchedPercentage(merged, duration) : 0;
  const percentage = capPercentage(Math.max(old?.percentage ?? 0, fromRanges, duration > 0 ? 0 : (input.percentage ?? 0)));
  const completed = Boolean(old?.completed) || isCompleted(percentage);
  const fromNewRanges = Math.max(0, watchedSeconds(merged) - watchedSeconds(oldRanges));
  // A lesson measured in percent (a YouTube embed, whose player the app cannot read) costs a free viewer its length's
  // share of what the percentage rose by: "seen" costs the whole lesson, once.
  const fromPercentage = duration > 0 ? 0 : Math.max(0, Math.round((rules.maxPosition * (percentage - (old?.percentage ?? 0))) / 100));
  return { next: { ranges: merged, percentage, completed, lastWatchedSecond }, added: Math.max(fromNewRanges, fromPercentage) };
}

/**
 * A passed quiz completes its lesson (100 %, never undone): called by the quiz service inside its attempt's transaction.
 * The only way a quiz lesson's percentage or completion moves (a progress post cannot, see `merge`). Writers of
 * progress posts compare and set on the percentage and completion, so one racing with this merges again.
 */
export async function recordQuizPassed(db: Db | Tx, userId: number, contentId: number, now: Date): Promise<{ percentage: number; completed: boolean }> {
  await db
    .insert(progress)
    .values({ userId, contentId, percentage: 100, completed: true, updatedAt: now })
    .onConflictDoUpdate({ target: [progress.userId, progress.contentId], set: { percentage: 100, completed: true, updatedAt: now } });
  return { percentage: 100, completed: true };
}

/** Adds newly watched free seconds to the pupil's counter; true when the free hours are used up. */
async function countFreeSeconds(tx: Tx, userId: number, added: number): Promise<boolean> {
  const [u] = await tx
    .update(users)
    .set({ freeHoursUsed: sql`${users.freeHoursUsed} + ${added}` })
    .where(eq(users.id, userId))
    .returning({ total: users.freeHoursTotal, used: users.freeHoursUsed });
  return u?.total !== null && u?.total !== undefined && u.used >= u.total;
}

/**
 * Whether the post fits the lesson (its chapter and subject, open to the pupil): the duration its ranges are measured
 * against, else the error. YouTube plays in a third-party frame whose position the app cannot read (no player script
 * under the CSP): its progress comes as a percentage (duration 0), like magazine pages and quizzes; our own videos
 * report ranges.
 */
export function checkPost(lesson: ProgressLesson, input: ProgressPost): MergeRules {
  if (lesson.chapterId !== input.chapterId) throw fieldError(422, "chapterId", "validation_failed");
  if (lesson.subjectId !== input.subjectId) throw fieldError(422, "subjectId", "validation_failed");
  if (!lesson.unlocked) throw new AppError(403, "content_locked");
  return {
    duration: lesson.typeId === CONTENT_TYPE.youtube.id ? 0 : (lesson.durationS ?? 0),
    maxPosition: lesson.durationS ?? 0,
    quiz: lesson.typeId === CONTENT_TYPE.quiz.id,
  };
}

/** The answer of a recorded post. */
export const answer = (next: StoredProgress, expired: boolean): ProgressAnswerDto => ({
  expired,
  percentage: next.percentage,
  completed: next.completed,
  lastWatchedSecond: next.lastWatchedSecond,
});

/**
 * Records a progress post: the lesson must be open to the pupil; the new ranges merge with the stored ones, so
 * the percentage never goes down and a replayed or late post changes nothing; completion (> 80 %) is never undone;
 * free hours count only newly watched seconds, and only of a free view (decided here, not by the post's `isFree`).
 *
 * One statement reads the lesson, the access and the stored row; the merge is written by one compare-and-set statement (no transaction, no lock held
 * across round trips). When another post of the same pupil and lesson wins the race, it merges again from a fresh
 * read; after `OPTIMISTIC_ATTEMPTS` it takes the row lock (SELECT … FOR UPDATE), which always settles. A post of
 * free viewing time writes the row and the pupil's counter in one transaction, so they never disagree.
 */
export async function recordProgress(deps: Deps, auth: AuthInfo, input: ProgressPost): Promise<ProgressAnswerDto> {
  const now = deps.now();
  const { userId } = auth;
  const { contentId } = input;
  const lesson = await findProgressLesson(deps.db, userId, contentId, now);
  const rules = checkPost(lesson, input);

  let old = lesson.progress;
  for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
    if (attempt > 1) old = await readStored(deps.db, userId, contentId);
    const { next, added } = merge(input, rules, old);
    const base = old;
    // The server decides what is metered (`lesson.metered`); the post's `isFree` is only the app's hint.
    if (!lesson.metered) {
      const won = base ? await compareAndSetPrepared(deps.db, userId, contentId, base, next, now) : await compareAndSet(deps.db, userId, contentId, null, next, now);
      if (won) return answer(next, false);
      continue;
    }
    const expired = await deps.db.transaction(async (tx) => {
      if (!(await compareAndSet(tx, userId, contentId, base, next, now))) return null;
      return countFreeSeconds(tx, userId, added);
    });
    if (expired !== null) return answer(next, expired);
  }

  // Racing posts: merge under the row lock (created first if missing), one at a time.
  return deps.db.transaction(async (tx) => {
    await tx.insert(progress).values({ userId, contentId, updatedAt: now }).onConflictDoNothing();
    const [locked] = await tx
      .select({ ranges: progress.ranges, percentage: progress.percentage, completed: progress.completed, lastWatchedSecond: progress.lastWatchedSecond })
      .from(progress)
      .where(and(eq(progress.userId, userId), eq(progress.contentId, contentId)))
      .for("update")
      .limit(1);
    const { next, added } = merge(input, rules, locked ?? null);
    await tx
      .update(progress)
      .set({ ...next, updatedAt: now })
      .where(and(eq(progress.userId, userId), eq(progress.contentId, contentId)));
    return answer(next, lesson.metered ? await countFreeSeconds(tx, userId, added) : false);
  });
}
