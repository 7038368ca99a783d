import { sql } from "drizzle-orm";
import type { ProgressPost } from "../../../domain/schemas/progress";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/rows";
import { idempotencyKeys, progress } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import { batcherPer, createBatcher } from "../../lib/batcher";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { IDEMPOTENCY_TTL_MS, replayOf, withNaturalIdempotency, type IdempotentResult } from "../../lib/idempotency";
import { findProgressLessons, type StoredProgress } from "./lesson";
import type { ProgressAnswerDto } from "../../../domain/learning";
import { answer, checkPost, merge, recordProgress } from "./record";

/** A progress post as the route hands it over: who, what, and its Idempotency-Key with the request's hash. */
export interface IngestPost {
  auth: AuthInfo;
  input: ProgressPost;
  key: string | undefined;
  hash: string;
}

interface Write {
  i: number;
  post: IngestPost;
  old: StoredProgress | null;
  next: StoredProgress;
}

/**
 * Writes the merged rows of a batch in one statement, compare-and-set per row as `recordProgress` does (an existing row
 * only while it still holds what the merge started from; a new row only if none appeared), and stores the answer
 * under each winner's Idempotency-Key in the same statement. Answers the indexes that won.
 */
async function writeBatch(db: Db, writes: Write[], now: Date): Promise<Set<number>> {
  if (writes.length === 0) return new Set();
  const input = JSON.stringify(
    writes.map(({ i, post, old, next }) => ({
      i,
      user_id: post.auth.userId,
      content_id: post.input.contentId,
      has_old: old !== null,
      old_ranges: old?.ranges ?? null,
      old_percentage: old?.percentage ?? null,
      old_completed: old?.completed ?? null,
      ranges: next.ranges,
      percentage: next.percentage,
      completed: next.completed,
      last_watched_second: next.lastWatchedSecond,
      key: post.key ?? null,
      hash: post.hash,
      answer: answer(next, false),
    })),
  );
  const at = now.toISOString();
  const forgottenBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  const rows = await selectRows<{ i: number }>(
    db,
    sql`
    with v as (
      select * from jsonb_to_recordset(${input}::jsonb) as v(
        i int, user_id int, content_id int, has_old boolean, old_ranges jsonb, old_percentage real, old_completed boolean,
        ranges jsonb, percentage real, completed boolean, last_watched_second int, key text, hash text, answer jsonb)
    ),
    upd as (
      update ${progress} p
      set ranges = v.ranges, percentage = v.percentage, completed = v.completed,
        last_watched_second = v.last_watched_second, updated_at = ${at}::timestamptz
      from v
      where v.has_old and p.user_id = v.user_id and p.content_id = v.content_id
        and p.ranges = v.old_ranges and p.percentage = v.old_percentage and p.completed = v.old_completed
      returning v.i
    ),
    ins as (
      insert into ${progress} (user_id, content_id, ranges, percentage, completed, last_watched_second, updated_at)
      select v.user_id, v.content_id, v.ranges, v.percentage, v.completed, v.last_watched_second, ${at}::timestamptz
      from v where not v.has_old
      on conflict do nothing
      returning user_id, content_id
    ),
    won as (
      select upd.i from upd
      union all
      select v.i from v inner join ins on ins.user_id = v.user_id and ins.content_id = v.content_id where not v.has_old
    ),
    stored_keys as (
      insert into ${idempotencyKeys} (user_id, key, request_hash, created_at, status, response)
      select v.user_id, v.key, v.hash, ${at}::timestamptz, 200, v.answer from v inner join won on won.i = v.i
      where v.key is not null
      on conflict (user_id, key) do update
        set request_hash = excluded.request_hash, created_at = excluded.created_at, status = excluded.status, response = excluded.response
        where ${idempotencyKeys}.status is null or ${idempotencyKeys}.created_at < ${forgottenBefore}::timestamptz
    )
    select i from won`,
  );
  return new Set(rows.map((r) => r.i));
}

/**
 * A batch of posts (`createBatcher`): one statement reads every post's lesson, access, stored row and stored key; the
 * merges (domain rules, `merge`) are written by one statement. What cannot go with the batch goes one by one through
 * `recordProgress`, as a lone post would: a post of free viewing time (the pupil's counter, in a transaction), a second
 * post of the same pupil and lesson (or with the same key) in the batch, a post whose row another writer changed meanwhile.
 */
async function ingestBatch(deps: Deps, posts: IngestPost[]): Promise<Array<IdempotentResult<ProgressAnswerDto> | Error>> {
  const now = deps.now();
  const lessons = await findProgressLessons(
    deps.db,
    posts.map((p) => ({ userId: p.auth.userId, contentId: p.input.contentId, key: p.key })),
    now,
  );
  const results: Array<IdempotentResult<ProgressAnswerDto> | Error | undefined> = posts.map(() => undefined);
  const writes: Write[] = [];
  const alone: number[] = [];
  const pairs = new Set<string>();
  const keys = new Set<string>();
  posts.forEach((post, i) => {
    try {
      const lesson = lessons[i];
      if (!lesson) throw notFound();
      const replay = post.key !== undefined && lesson.previousKey ? replayOf<ProgressAnswerDto>(lesson.previousKey, post.hash, now) : null;
      if (replay) {
        results[i] = replay;
        return;
      }
      const rules = checkPost(lesson, post.input);
      const pair = `${post.auth.userId}:${post.input.contentId}`;
      const userKey = post.key === undefined ? null : `${post.auth.userId}:${post.key}`;
      if (lesson.metered || pairs.has(pair) || (userKey !== null && keys.has(userKey))) {
        alone.push(i);
        return;
      }
      pairs.add(pair);
      if (userKey !== null) keys.add(userKey);
      writes.push({ i, post, old: lesson.progress, next: merge(post.input, rules, lesson.progress).next });
    } catch (error) {
      results[i] = error instanceof Error ? error : new Error(String(error));
    }
  });

  const won = await writeBatch(deps.db, writes, now);
  for (const w of writes) {
    if (won.has(w.i)) results[w.i] = { result: answer(w.next, false), replayed: false };
    else alone.push(w.i);
  }

  // One by one, in arrival order within a pupil's lesson; different lessons side by side.
  const queues = new Map<string, number[]>();
  for (const i of alone.sort((a, b) => a - b)) {
    const pair = `${posts[i]!.auth.userId}:${posts[i]!.input.contentId}`;
    const queue = queues.get(pair);
    if (queue) queue.push(i);
    else queues.set(pair, [i]);
  }
  await Promise.all(
    [...queues.values()].map(async (queue) => {
      for (const i of queue) {
        const { auth, input, key, hash } = posts[i]!;
        results[i] = await withNaturalIdempotency(deps, auth, key, hash, () => recordProgress(deps, auth, input)).catch((error: unknown) =>
          error instanceof Error ? error : new Error(String(error)),
        );
      }
    }),
  );
  return results.map((r) => r ?? new Error("progress post left without an answer"));
}

const ingester = batcherPer((deps: Deps) => createBatcher((posts: IngestPost[]) => ingestBatch(deps, posts), { maxSize: 200, maxInFlight: 4 }));

/**
 * Records a progress post (`POST /svc/progress/progress`) with its Idempotency-Key: the same rules as `recordProgress`
 * and `withNaturalIdempotency` — a known key replays its answer, the same key with another body is a 409, the
 * percentage never goes down — but posts arriving together share their statements (see `ingestBatch`).
 */
export function ingestProgress(deps: Deps, post: IngestPost): Promise<IdempotentResult<ProgressAnswerDto>> {
  return ingester(deps)(post);
}
