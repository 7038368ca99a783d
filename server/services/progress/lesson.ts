import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { selectRows } from "../../db/rows";
import { affiliations, chapters, contents, groupSubjects, idempotencyKeys, progress, subjects, users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { StoredKey } from "../../lib/idempotency";
import { tunisDay } from "../../../domain/days";
import { isFreeView } from "../../../domain/learning";

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
  /** A free view (`isFreeView` of domain/learning.ts): the newly watched seconds count against the free hours. */
  metered: boolean;
  /** The pupil's stored progress in it, if any (read without a lock: writers compare and set). */
  progress: StoredProgress | null;
}

export interface ProgressLessonRequest {
  userId: number;
  contentId: number;
  /** The post's Idempotency-Key, if any: its stored row comes back as `previousKey`. */
  key?: string | undefined;
}

interface Row {
  i: number;
  contentId: number;
  typeId: number;
  durationS: number | null;
  isFree: boolean;
  chapterId: number;
  subjectId: number;
  divisionId: number;
  userDivisionId: number | null;
  unlockedByOffer: boolean;
  hasLiveOffer: boolean;
  freeHoursTotal: number | null;
  ranges: Array<[number, number]> | null;
  percentage: number | null;
  completed: boolean | null;
  lastWatchedSecond: number | null;
  keyHash: string | null;
  keyStatus: number | null;
  keyResponse: unknown;
  keyCreatedAtMs: number | null;
}

/**
 * One statement for many posts (the hot path of progress ingestion, see `ingest.ts`): for each (pupil, lesson, key)
 * the lesson with its chapter and subject, the pupil's class, whether a live offer of the pupil unlocks the subject,
 * the stored progress row and the stored Idempotency-Key row. The requests go as one JSON parameter.
 *
 * The unlock rule is the one of `learning/access.ts` (`isUnlocked`): free, or a live affiliation (end date today or
 * later) that unlocks the subject — listed in its `subject_ids`, or, without subject_ids, through its group
 * (`group_subjects`: that subject, or `all_subjects`) — the subject being of
 * the pupil's class, which the caller checks (another class is a 404).
 */
function lessonsQuery(requests: ProgressLessonRequest[], now: Date) {
  const input = JSON.stringify(requests.map((r, i) => ({ i, user_id: r.userId, content_id: r.contentId, key: r.key ?? null })));
  return sql`
    select v.i, c.id as "contentId", c.type_id as "typeId", c.duration_s as "durationS", c.is_free as "isFree",
      ch.id as "chapterId", s.id as "subjectId", s.division_id as "divisionId", u.division_id as "userDivisionId",
      exists (
        select 1 from ${affiliations} a
        where a.user_id = v.user_id and a.end_date >= ${tunisDay(now)} and (
          s.id = any(a.subject_ids)
          or (a.subject_ids is null and exists (
            select 1 from ${groupSubjects} gs where gs.group_id = a.group_id and (gs.all_subjects or gs.subject_id = s.id))))
      ) as "unlockedByOffer",
      exists (select 1 from ${affiliations} a where a.user_id = v.user_id and a.end_date >= ${tunisDay(now)}) as "hasLiveOffer",
      u.free_hours_total_s as "freeHoursTotal",
      p.ranges, p.percentage, p.completed, p.last_watched_second as "lastWatchedSecond",
      k.request_hash as "keyHash", k.status as "keyStatus", k.response as "keyResponse",
      (extract(epoch from k.created_at) * 1000)::float8 as "keyCreatedAtMs"
    from jsonb_to_recordset(${input}::jsonb) as v(i int, user_id int, content_id int, key text)
    inner join ${contents} c on c.id = v.content_id
    inner join ${chapters} ch on ch.id = c.chapter_id
    inner join ${subjects} s on s.id = ch.subject_id
    inner join ${users} u on u.id = v.user_id
    left join ${progress} p on p.user_id = v.user_id and p.content_id = v.content_id
    left join ${idempotencyKeys} k on k.user_id = v.user_id and k.key = v.key`;
}

export type FoundLesson = ProgressLesson & { previousKey: StoredKey | null };

/**
 * The lessons of `requests`, in order: null where the lesson does not exist or belongs to another class than the
 * pupil's (a 404, never a 403, so a pupil cannot probe other classes); `unlocked` tells whether the pupil may open it;
 * `progress` is what is stored of the pupil's progress in it (read without a lock: writers compare and set).
 */
export async function findProgressLessons(db: Db | Tx, requests: ProgressLessonRequest[], now: Date): Promise<Array<FoundLesson | null>> {
  if (requests.length === 0) return [];
  const rows = await selectRows<Row>(db, lessonsQuery(requests, now));
  const found: Array<FoundLesson | null> = requests.map(() => null);
  for (const row of rows) {
    if (row.userDivisionId === null || row.divisionId !== row.userDivisionId) continue;
    found[row.i] = {
      contentId: row.contentId,
      chapterId: row.chapterId,
      subjectId: row.subjectId,
      typeId: row.typeId,
      durationS: row.durationS,
      isFree: row.isFree,
      unlocked: row.isFree || Boolean(row.unlockedByOffer),
      metered: isFreeView({ totalSeconds: row.freeHoursTotal, usedSeconds: 0 }, Boolean(row.hasLiveOffer)),
      progress:
        row.ranges === null || row.percentage === null || row.completed === null || row.lastWatchedSecond === null
          ? null
          : { ranges: row.ranges, percentage: row.percentage, completed: row.completed, lastWatchedSecond: row.lastWatchedSecond },
      previousKey:
        row.keyHash === null || row.keyCreatedAtMs === null
          ? null
          : { requestHash: row.keyHash, status: row.keyStatus, response: row.keyResponse, createdAtMs: row.keyCreatedAtMs },
    };
  }
  return found;
}

/** The lesson `contentId` for the pupil `userId` (see `findProgressLessons`); 404 when not found or of another class. */
export async function findProgressLesson(db: Db | Tx, userId: number, contentId: number, now: Date): Promise<ProgressLesson> {
  const [lesson] = await findProgressLessons(db, [{ userId, contentId }], now);
  if (!lesson) throw notFound();
  return lesson;
}
