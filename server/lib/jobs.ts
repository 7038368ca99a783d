/**
 * Scheduled jobs (issue 24): work that runs inside the server on a period, each job ONCE across every process however
 * many tick (server/services/housekeeping/jobs.ts lists them; the admin commands still run each by hand).
 *
 * - One row per job in `scheduled_jobs` (migration 0017), created the first time a process registers it: due at once
 *   (`every`), or at its first time of day (`dailyAt`).
 * - A tick looks for due jobs and claims each with a conditional UPDATE: due (`next_run_at <= now`) and no live lease
 *   (`leased_until` empty or past) → `leased_until = now + lease`. On PostgreSQL two processes claiming together
 *   serialise on the row and the second finds the lease set: one of them runs the job.
 * - The runner then records the outcome and moves `next_run_at` on (one period after the run's start, or the next
 *   time of day): `last_ok_at`, or `last_error` (logged)
 *   — a job that throws is tried again at its next period, not sooner. Only the lease's holder records it (the lease
 *   it set is part of the WHERE), so a runner that outlived its lease cannot overwrite its successor's.
 * - A runner that died mid-job leaves its lease: once `leased_until` has passed, another process claims the job.
 * Time is `deps.now()` (the app's clock, which the tests move).
 */
import { and, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { addDays, tunisDay, tunisMidnight } from "../../domain/days";
import { scheduledJobs } from "../db/schema";
import { createDispatcher } from "./dispatcher";
import type { Deps } from "./deps";
import { causeText } from "./errors";

/** When a job runs: its first run (at once, or at `next` of the moment it is registered) and the next after a run's start. */
interface Schedule {
  atOnce: boolean;
  next(from: Date): Date;
}

/** Every `ms`, from one run's start to the next; first due as soon as the job is registered. */
export const every = (ms: number): Schedule => ({ atOnce: true, next: (from) => new Date(from.getTime() + ms) });

/** Once a day at `hour`:00 in Tunis (pupils are not told anything at night); first at the next such hour. */
export const dailyAt = (hour: number): Schedule => ({
  atOnce: false,
  next(from) {
    const today = tunisDay(from);
    const at = (day: string) => new Date(tunisMidnight(day).getTime() + hour * 3_600_000);
    return at(today) > from ? at(today) : at(addDays(today, 1));
  },
});

export interface Job {
  /** Its row in `scheduled_jobs`, and its name in the log. */
  name: string;
  schedule: Schedule;
  /** How long a run may take before another process may take the job over (its runner is presumed dead). */
  leaseMs: number;
  run(deps: Deps): Promise<unknown>;
}

/** What became of a job this tick. */
interface JobRun {
  name: string;
  ok: boolean;
}

/** Creates the jobs' rows that do not exist yet (due at once, or at their first time of day). */
async function registerJobs(deps: Pick<Deps, "db" | "now">, jobs: readonly Job[]): Promise<void> {
  if (!jobs.length) return;
  const now = deps.now();
  await deps.db
    .insert(scheduledJobs)
    .values(jobs.map((j) => ({ name: j.name, nextRunAt: j.schedule.atOnce ? now : j.schedule.next(now) })))
    .onConflictDoNothing();
}

/** Takes the job's lease if it is due and nobody holds it; returns the lease's end, or null. */
async function claim(deps: Pick<Deps, "db">, job: Job, now: Date): Promise<Date | null> {
  const leasedUntil = new Date(now.getTime() + job.leaseMs);
  const [row] = await deps.db
    .update(scheduledJobs)
    .set({ leasedUntil })
    .where(
      and(
        eq(scheduledJobs.name, job.name),
        lte(scheduledJobs.nextRunAt, now),
        or(isNull(scheduledJobs.leasedUntil), lt(scheduledJobs.leasedUntil, now)),
      ),
    )
    .returning({ leasedUntil: scheduledJobs.leasedUntil });
  return row?.leasedUntil ?? null;
}

async function settle(deps: Pick<Deps, "db">, job: Job, lease: Date, startedAt: Date, error: string | null, endedAt: Date): Promise<void> {
  await deps.db
    .update(scheduledJobs)
    .set({
      leasedUntil: null,
      nextRunAt: job.schedule.next(startedAt),
      lastError: error,
      ...(error === null ? { lastOkAt: endedAt } : {}),
    })
    .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.leasedUntil, lease)));
}

/** The jobs' rows (name, due time, lease). */
const rowsOf = (deps: Pick<Deps, "db">, jobs: readonly Job[]) =>
  deps.db
    .select({ name: scheduledJobs.name, nextRunAt: scheduledJobs.nextRunAt, leasedUntil: scheduledJobs.leasedUntil })
    .from(scheduledJobs)
    .where(inArray(scheduledJobs.name, jobs.map((j) => j.name)));

/**
 * One tick: reads the jobs' rows (one statement when nothing is due; a job without one is registered first), then
 * claims and runs each due one, one after the other; returns those this process ran. A job's failure is logged and
 * recorded; the database's own failure (reading, claiming, recording) is thrown to the loop.
 */
export async function runDueJobs(deps: Deps, jobs: readonly Job[]): Promise<JobRun[]> {
  let rows = await rowsOf(deps, jobs);
  if (rows.length < jobs.length) {
    await registerJobs(deps, jobs);
    rows = await rowsOf(deps, jobs);
  }
  const now = deps.now();
  const due = rows.filter((r) => r.nextRunAt <= now && (r.leasedUntil === null || r.leasedUntil < now));
  const runs: JobRun[] = [];
  for (const job of jobs.filter((j) => due.some((d) => d.name === j.name))) {
    const startedAt = deps.now();
    const lease = await claim(deps, job, startedAt);
    if (!lease) continue;
    let error: string | null = null;
    try {
      const result = await job.run(deps);
      deps.log.info("job done", { job: job.name, result: result ?? null, ms: deps.now().getTime() - startedAt.getTime(), pid: process.pid });
    } catch (err) {
      error = causeText(err).slice(0, 500);
      deps.log.error("job failed", { job: job.name, error, pid: process.pid });
    }
    await settle(deps, job, lease, startedAt, error, deps.now());
    runs.push({ name: job.name, ok: error === null });
  }
  return runs;
}

/**
 * The scheduler of a server process: `runDueJobs` every few seconds through the dispatcher loop (one tick at a time;
 * a database that is away is said once and tried again; a closed database stops it). Returns its stop function.
 */
export function startScheduler(deps: Deps, jobs: readonly Job[]): () => void {
  return createDispatcher("jobs", (d) => runDueJobs(d, jobs)).start(deps);
}
