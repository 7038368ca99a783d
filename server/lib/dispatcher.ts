/**
 * The one dispatcher loop of the queues the server sends after commit: pushes (`push_deliveries`,
 * services/notifications/dispatch.ts) and e-mails / SMS (`outbox_messages`, services/messages/dispatch.ts).
 *
 * - `deliverDue(deps, queue)` claims the due rows with `FOR UPDATE SKIP LOCKED` and a one-minute lease (two processes
 *   never send the same row at once; a crash mid-send sends it again once the lease has run out), counts the try, sends
 *   each row outside any transaction and records its outcome: sent; failed when the provider refused it for good or
 *   after the last of `MAX_ATTEMPTS` tries; else pending again after `retryDelayS` (30 s, 2 min, 8 min, 32 min,
 *   2 h 8 min — longer when the provider said how long to wait).
 * - `createDispatcher(name, deliver, channel)` runs one queue in a server process: every few seconds (the sweep), when
 *   kicked in this process (a row was just queued), and when a `NOTIFY` on `channel` arrives (lib/events.ts: a row was
 *   queued and committed by this process or another over the same database), one pass at a time; while the database is away it says so once and tries again at the next tick;
 *   once the process closed its database (tests, shutdown) it stops.
 */
import { sql, type SQL } from "drizzle-orm";
import { selectRows } from "../db/rows";
import type { Deps } from "./deps";
import { causeText, isDatabaseUnavailable } from "./errors";
import type { Channel } from "./events";

/** Tries of one row before it is failed. */
export const MAX_ATTEMPTS = 6;
const POLL_MS = 5000;

/** A provider's answer to one send: delivered, or not — `permanent` when trying again cannot help. */
export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; error: string; retryAfterS?: number };

/** What became of a row after a send. */
export type Verdict = "sent" | "retry" | "failed";

/** The wait before try `attempts + 1`, in seconds: 30 s × 4^(attempts − 1), at least what the provider asked. */
export function retryDelayS(attempts: number, retryAfterS = 0): number {
  return Math.max(30 * 4 ** (attempts - 1), retryAfterS);
}

/** The verdict on a try: sent, failed (refused for good, or the last try), else tried again later. */
export function verdictOf(outcome: SendOutcome, attempts: number): Verdict {
  if (outcome.ok) return "sent";
  return outcome.permanent || attempts >= MAX_ATTEMPTS ? "failed" : "retry";
}

/** A claimed row: its id and the tries counted so far, this one included. */
export interface ClaimedRow {
  id: number;
  attempts: number;
}

/** One queue table (`status`, `attempts`, `next_attempt_at`, `last_error`) and how its rows are sent. */
export interface OutboxQueue<R extends ClaimedRow, O extends SendOutcome = SendOutcome> {
  /** For the log ("push", "message"). */
  name: string;
  table: "push_deliveries" | "outbox_messages";
  /** The lease column: `next_attempt_at` (moved a minute on) or `leased_until` (its own column). */
  lease: "next_attempt_at" | "leased_until";
  batch: number;
  /** Extra conditions on the due rows, as `and …` on the table's own columns. */
  where?: SQL;
  /** Tables joined to the claimed rows (`, notifications n …`) and their conditions (`and n.id = q.notification_id`); the queue is `q`. */
  join?: { from: SQL; where: SQL };
  /** What a claimed row carries (`q.id, q.attempts, …`). */
  returning: SQL;
  send(row: R): Promise<O>;
  /**
   * An outcome the queue records itself instead (push: a dead token is deleted, and its deliveries with it); true when
   * it did.
   */
  handled?(row: R, outcome: O): Promise<boolean>;
  /** Columns set with the verdict besides status, error and next try (`, provider = …`). */
  also?(row: R, verdict: Verdict, outcome: O): SQL;
  /** What the log says of a row that was not sent (never a body or a code). */
  describe?(row: R): Record<string, unknown>;
}

async function claimDue<R extends ClaimedRow, O extends SendOutcome>(deps: Deps, q: OutboxQueue<R, O>): Promise<R[]> {
  const table = sql.identifier(q.table);
  const leased = q.lease === "leased_until";
  const rows = await selectRows<R>(deps.db, sql`
    with due as (
      select id from ${table}
       where status = 'pending' and next_attempt_at <= now()
             ${leased ? sql`and (leased_until is null or leased_until <= now())` : sql``} ${q.where ?? sql``}
       order by id
       limit ${q.batch}
       for update skip locked
    )
    update ${table} q
       set attempts = q.attempts + 1,
           ${leased ? sql`leased_until` : sql`next_attempt_at`} = now() + interval '1 minute'
      from due ${q.join?.from ?? sql``}
     where q.id = due.id ${q.join?.where ?? sql``}
    returning ${q.returning}`);
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

async function settle<R extends ClaimedRow, O extends SendOutcome>(deps: Deps, q: OutboxQueue<R, O>, row: R, outcome: O): Promise<Verdict> {
  const verdict = verdictOf(outcome, row.attempts);
  const leased = q.lease === "leased_until" ? sql`, leased_until = null` : sql``;
  const also = q.also?.(row, verdict, outcome) ?? sql``;
  const set = outcome.ok
    ? sql`status = 'sent', last_error = null`
    : sql`status = ${verdict === "failed" ? "failed" : "pending"}, last_error = ${outcome.error},
          next_attempt_at = now() + make_interval(secs => ${retryDelayS(row.attempts, outcome.retryAfterS)})`;
  await deps.db.execute(sql`update ${sql.identifier(q.table)} set ${set}${leased}${also} where id = ${row.id}`);
  if (!outcome.ok) {
    deps.log.warn(verdict === "failed" ? `${q.name} failed` : `${q.name} will be retried`, {
      id: row.id,
      attempts: row.attempts,
      error: outcome.error,
      ...q.describe?.(row),
    });
  }
  return verdict;
}

/** Sends the queue's due rows once; returns how many were sent. */
export async function deliverDue<R extends ClaimedRow, O extends SendOutcome>(deps: Deps, q: OutboxQueue<R, O>): Promise<number> {
  const rows = await claimDue(deps, q);
  let sent = 0;
  for (const row of rows) {
    const outcome = await q.send(row);
    if (!outcome.ok && (await q.handled?.(row, outcome))) continue;
    if ((await settle(deps, q, row, outcome)) === "sent") sent += 1;
  }
  return sent;
}

export interface Dispatcher {
  /** Starts the dispatcher of a server process; returns its stop function. */
  start(deps: Deps): () => void;
  /** Asks every started dispatcher of this process to look at the queue now, and again once the caller has most likely committed. */
  kick(): void;
}

/**
 * A queue's dispatcher: `deliver` (one pass over the due rows) every few seconds, when kicked, and on every `NOTIFY` on
 * `channel` from any process, one pass at a time.
 */
export function createDispatcher(name: string, deliver: (deps: Deps) => Promise<unknown>, channel?: Channel): Dispatcher {
  const running = new Set<() => void>();
  return {
    kick: () => {
      for (const kick of running) kick();
    },
    start(deps) {
      const loop = dispatchLoop(name, deps, deliver, () => running.delete(kick));
      const kick = loop.kick;
      running.add(kick);
      if (!channel) return loop.stop;
      // The row is committed when the message arrives: one look is enough.
      let unlisten: (() => Promise<void>) | undefined;
      let stopped = false;
      deps.database
        .listen(channel, () => loop.now())
        .then((off) => {
          if (stopped) void off().catch(() => undefined);
          else unlisten = off;
        })
        .catch((err: unknown) => deps.log.warn(`${name} dispatch: not listening (the sweep still runs)`, { error: causeText(err).slice(0, 200) }));
      return () => {
        stopped = true;
        loop.stop();
        void unlisten?.().catch(() => undefined);
      };
    },
  };
}

function dispatchLoop(name: string, deps: Deps, deliver: (deps: Deps) => Promise<unknown>, onStop: () => void) {
  let busy = false;
  let again = false;
  let stopped = false;
  let databaseDown = false;
  const tick = async () => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        await deliver(deps);
      } while (again && !stopped);
      if (databaseDown) deps.log.info(`${name} dispatch: database back`);
      databaseDown = false;
    } catch (err) {
      const msg = causeText(err);
      if (isDatabaseUnavailable(err)) {
        // Terminated, restarting, refusing connections: the next tick tries again (said once per outage).
        if (!databaseDown) deps.log.warn(`${name} dispatch: database unavailable, retrying`, { error: msg.slice(0, 200) });
        databaseDown = true;
      } else if (/closed|after calling end|not open/i.test(msg)) {
        // The database was closed by this process (tests, shutdown): this dispatcher is done.
        stop();
      } else deps.log.warn(`${name} dispatch failed`, { error: msg.slice(0, 200) });
    } finally {
      busy = false;
    }
  };
  // One wake-up of each delay at a time: a burst (a class notified, a flood of resends) is one claim, not one per row.
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const kick = () => {
    // A row may be queued inside the caller's transaction: look now and again once it has most likely committed.
    for (const ms of [0, 300]) {
      if (timers.has(ms)) continue;
      const t = setTimeout(() => {
        timers.delete(ms);
        void tick();
      }, ms);
      t.unref?.();
      timers.set(ms, t);
    }
  };
  const interval = setInterval(() => void tick(), POLL_MS);
  interval.unref?.();
  const stop = () => {
    stopped = true;
    clearInterval(interval);
    for (const t of timers.values()) clearTimeout(t);
    onStop();
  };
  const now = () => {
    if (!timers.has(0)) {
      const t = setTimeout(() => {
        timers.delete(0);
        void tick();
      }, 0);
      t.unref?.();
      timers.set(0, t);
    }
  };
  return { kick, now, stop };
}
