import { and, eq, sql } from "drizzle-orm";
import { CONTENT_TYPE, capPercentage, isCompleted, mergeRanges, watchedPercentage, watchedSeconds, type Range } from "../../../domain/learning";
import type { ProgressPost } from "../../../domain/schemas/progress";
import { chapters, contents, progress, subjects, users } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError, notFound } from "../../lib/errors";
import { isUnlocked, loadViewer } from "../learning/access";

export interface ProgressAnswer {
  /** The pupil's free viewing hours are used up: the player stops and sends them to /offres. */
  expired: boolean;
  percentage: number;
  completed: boolean;
  lastWatchedSecond: number;
}

/**
 * Records a progress post. In one transaction (the row locked on PostgreSQL): the lesson must be open to the
 * pupil; the new ranges merge with the stored ones, so the percentage never goes down and a replayed or late
 * post changes nothing; completion (> 80 %) is never undone; free hours count only newly watched seconds.
 */
export async function recordProgress(deps: Deps, auth: AuthInfo, input: ProgressPost): Promise<ProgressAnswer> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ content: contents, chapterId: chapters.id, subjectId: subjects.id, divisionId: subjects.divisionId })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(eq(contents.id, input.contentId))
      .limit(1);
    const viewer = await loadViewer(tx, auth.userId, now);
    if (!row || row.divisionId !== viewer.divisionId) throw notFound();
    if (row.chapterId !== input.chapterId) throw fieldError(422, "chapterId", "validation_failed");
    if (row.subjectId !== input.subjectId) throw fieldError(422, "subjectId", "validation_failed");
    if (!isUnlocked(viewer, row.subjectId, row.content.isFree)) throw new AppError(403, "forbidden");

    const [old] = await tx
      .select()
      .from(progress)
      .where(and(eq(progress.userId, auth.userId), eq(progress.contentId, input.contentId)))
      .for("update")
      .limit(1);
    const oldRanges: Range[] = old?.ranges ?? [];
    // YouTube plays in a third-party frame whose position the app cannot read (no player script under the CSP):
    // its progress comes as a percentage, like magazine pages and quizzes. Our own videos report ranges.
    const duration = row.content.typeId === CONTENT_TYPE.youtube.id ? 0 : (row.content.durationS ?? 0);
    const merged = mergeRanges([...oldRanges, ...(input.ranges as Range[])]).map(([a, b]) => [a, duration > 0 ? Math.min(b, duration) : b] as [number, number]);
    const fromRanges = duration > 0 ? watchedPercentage(merged, duration) : 0;
    const percentage = capPercentage(Math.max(old?.percentage ?? 0, fromRanges, duration > 0 ? 0 : (input.percentage ?? 0)));
    const completed = Boolean(old?.completed) || isCompleted(percentage);
    const lastWatchedSecond = Math.floor(input.position ?? input.watchedTime ?? old?.lastWatchedSecond ?? 0);

    await tx
      .insert(progress)
      .values({ userId: auth.userId, contentId: input.contentId, ranges: merged, percentage, lastWatchedSecond, completed, updatedAt: now })
      .onConflictDoUpdate({
        target: [progress.userId, progress.contentId],
        set: { ranges: merged, percentage, lastWatchedSecond, completed, updatedAt: now },
      });

    let expired = false;
    if (input.isFree) {
      const added = Math.max(0, watchedSeconds(merged) - watchedSeconds(oldRanges));
      const [u] = await tx
        .update(users)
        .set({ freeHoursUsed: sql`${users.freeHoursUsed} + ${added}` })
        .where(eq(users.id, auth.userId))
        .returning({ total: users.freeHoursTotal, used: users.freeHoursUsed });
      expired = u?.total !== null && u?.total !== undefined && u.used >= u.total;
    }
    return { expired, percentage, completed, lastWatchedSecond };
  });
}
