/**
 * Scheduled jobs once across every process (issue 24, item 3; server/lib/jobs.ts).
 *
 * Two app instances over one database tick together: on PostgreSQL (TEST_DATABASE=postgres) two sets of deps, each
 * with its own pool, over one throw-away database; on PGlite (one process by nature) two ticks of the one database at
 * once. A due job runs exactly once; a job that throws is recorded and run again at its next period, not sooner; the
 * lease of a runner that died runs out and another instance runs the job (and the late runner cannot overwrite its
 * successor's record). Then the server's own jobs (services/housekeeping/jobs.ts) run once each — the instalment
 * reminders at 08:00 in Tunis — and sweep what is past its retention, and nothing that is not.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeps } from "../../server/boot";
import { authCodes, idempotencyKeys, rateLimits, scheduledJobs, sessions, users } from "../../server/db/schema";
import { loadEnv } from "../../server/env";
import type { Deps } from "../../server/lib/deps";
import { dailyAt, every, runDueJobs, type Job } from "../../server/lib/jobs";
import { JOBS } from "../../server/services/housekeeping/jobs";
import { createClock, startTestServer, type TestServer } from "./harness";

const ON_POSTGRES = process.env.TEST_DATABASE === "postgres";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const clock = createClock(new Date("2026-11-24T10:00:00Z"));
let h: TestServer;
/** The second instance: its own deps (own pool) on PostgreSQL; the same database's deps on PGlite. */
let other: Deps;
let dropOther: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  h = await startTestServer({ now: clock.now });
  if (!ON_POSTGRES) {
    other = { ...h.deps };
    return;
  }
  // The harness made a database for `h`; the second instance opens the same one (its URL is the pool's).
  const url = h.deps.env.DATABASE_URL ?? "";
  expect(url).toMatch(/^postgres/);
  other = await createDeps(loadEnv({ NODE_ENV: "test", DATA_DIR: "memory://", LOG_LEVEL: "silent", BOT_CHECK: "off", SEED_DEMO: "true", DATABASE_URL: url }), { now: clock.now });
  dropOther = () => other.database.close();
}, 120_000);
afterAll(async () => {
  await dropOther();
  await h?.close();
});

let jobCounter = 0;
/** A job of this test alone (its own row), counting its runs. */
function countingJob(opts: { everyMs?: number; leaseMs?: number; run?: (n: number) => Promise<unknown> } = {}) {
  jobCounter += 1;
  const runs: number[] = [];
  const job: Job = {
    name: `test-job-${jobCounter}-${randomUUID().slice(0, 8)}`,
    schedule: every(opts.everyMs ?? HOUR),
    leaseMs: opts.leaseMs ?? 10 * MINUTE,
    run: async () => {
      runs.push(clock.now().getTime());
      // A little work, so that both ticks are inside the job's window at once.
      await new Promise((r) => setTimeout(r, 20));
      return opts.run?.(runs.length);
    },
  };
  return { job, runs };
}
const rowOf = async (name: string) => (await h.deps.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0]!;

describe("a scheduled job runs once across every process", () => {
  it("two instances ticking together: the due job runs exactly once, then not again before its period", async () => {
    const { job, runs } = countingJob();
    const ticks = await Promise.all([runDueJobs(h.deps, [job]), runDueJobs(other, [job]), runDueJobs(h.deps, [job]), runDueJobs(other, [job])]);
    expect(runs).toHaveLength(1);
    expect(ticks.flat()).toEqual([{ name: job.name, ok: true }]);
    const row = await rowOf(job.name);
    expect(row.leasedUntil).toBeNull();
    expect(row.lastOkAt).toEqual(clock.now());
    expect(row.nextRunAt).toEqual(new Date(clock.now().getTime() + HOUR));

    // Before its period: nothing; at its period: once more, still once across both.
    clock.advance(HOUR - 1000);
    expect((await Promise.all([runDueJobs(h.deps, [job]), runDueJobs(other, [job])])).flat()).toEqual([]);
    clock.advance(1000);
    expect((await Promise.all([runDueJobs(h.deps, [job]), runDueJobs(other, [job])])).flat()).toEqual([{ name: job.name, ok: true }]);
    expect(runs).toHaveLength(2);
  });

  it("many jobs due at once over two instances: each runs once", async () => {
    const jobs = Array.from({ length: 5 }, () => countingJob());
    const list = jobs.map((j) => j.job);
    await Promise.all([runDueJobs(h.deps, list), runDueJobs(other, [...list].reverse()), runDueJobs(h.deps, list)]);
    expect(jobs.map((j) => j.runs.length)).toEqual([1, 1, 1, 1, 1]);
  });

  it("a job that throws is logged and recorded, and run again at its next period (not sooner)", async () => {
    const { job, runs } = countingJob({
      everyMs: 15 * MINUTE,
      run: async (n) => {
        if (n === 1) throw new Error("the operator did not answer");
        return { done: n };
      },
    });
    expect(await runDueJobs(h.deps, [job])).toEqual([{ name: job.name, ok: false }]);
    const failed = await rowOf(job.name);
    expect(failed.lastError).toContain("the operator did not answer");
    expect(failed.lastOkAt).toBeNull();
    expect(failed.leasedUntil).toBeNull();
    expect(failed.nextRunAt).toEqual(new Date(clock.now().getTime() + 15 * MINUTE));

    clock.advance(5 * MINUTE);
    expect(await runDueJobs(other, [job])).toEqual([]);
    clock.advance(10 * MINUTE);
    expect(await runDueJobs(other, [job])).toEqual([{ name: job.name, ok: true }]);
    expect(runs).toHaveLength(2);
    const ok = await rowOf(job.name);
    expect(ok.lastError).toBeNull();
    expect(ok.lastOkAt).toEqual(clock.now());
  });

  it("the lease of a runner that died runs out: another instance runs the job, and the late runner cannot overwrite it", async () => {
    let release!: () => void;
    const stuck = new Promise<void>((r) => (release = r));
    const { job, runs } = countingJob({ leaseMs: 10 * MINUTE, run: async (n) => (n === 1 ? stuck : undefined) });
    // Instance A claims the job and hangs inside it (as a process that died mid-job would leave its lease).
    const hanging = runDueJobs(h.deps, [job]);
    for (let i = 0; i < 200 && runs.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(runs).toHaveLength(1);
    const leased = await rowOf(job.name);
    expect(leased.leasedUntil).toEqual(new Date(clock.now().getTime() + 10 * MINUTE));

    // While the lease runs, B does not run it.
    clock.advance(9 * MINUTE);
    expect(await runDueJobs(other, [job])).toEqual([]);
    // Past it, B does.
    clock.advance(2 * MINUTE);
    const takenAt = clock.now().getTime();
    expect(await runDueJobs(other, [job])).toEqual([{ name: job.name, ok: true }]);
    expect(runs).toHaveLength(2);
    const byB = await rowOf(job.name);
    expect(byB.nextRunAt).toEqual(new Date(takenAt + HOUR));

    // A wakes up late: its record would be of an older lease, so B's stays.
    clock.advance(MINUTE);
    release();
    expect(await hanging).toEqual([{ name: job.name, ok: true }]);
    const after = await rowOf(job.name);
    expect(after.nextRunAt).toEqual(byB.nextRunAt);
    expect(after.lastOkAt).toEqual(byB.lastOkAt);
  });
});

describe("schedules", () => {
  it("every(ms): due at once, then one period after each run's start", () => {
    const from = new Date("2026-11-24T10:00:00Z");
    expect(every(15 * MINUTE)).toMatchObject({ atOnce: true });
    expect(every(15 * MINUTE).next(from)).toEqual(new Date("2026-11-24T10:15:00Z"));
  });

  it("dailyAt(8): the next 08:00 in Tunis (UTC+1), never the same instant twice", () => {
    const daily = dailyAt(8);
    expect(daily.atOnce).toBe(false);
    expect(daily.next(new Date("2026-11-24T06:59:59Z"))).toEqual(new Date("2026-11-24T07:00:00Z"));
    expect(daily.next(new Date("2026-11-24T07:00:00Z"))).toEqual(new Date("2026-11-25T07:00:00Z"));
    expect(daily.next(new Date("2026-11-24T23:30:00Z"))).toEqual(new Date("2026-11-25T07:00:00Z"));
    expect(daily.next(new Date("2026-12-31T22:00:00Z"))).toEqual(new Date("2027-01-01T07:00:00Z"));
  });
});

describe("the server's jobs", () => {
  it("housekeeping, operator renewals and instalment reminders each run once across two instances and are recorded", async () => {
    clock.advance(7 * DAY);
    const now = clock.now();
    const [user] = await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "eleve@darsi.tn"));
    const userId = user!.id;
    const tag = randomUUID().slice(0, 8);
    // Past their retention, and just within it.
    const oldSession = randomUUID();
    const keptSession = randomUUID();
    await h.deps.db.insert(sessions).values([
      { id: oldSession, userId, createdAt: new Date(now.getTime() - 70 * DAY), expiresAt: new Date(now.getTime() - 31 * DAY) },
      { id: keptSession, userId, createdAt: new Date(now.getTime() - 40 * DAY), expiresAt: new Date(now.getTime() - 29 * DAY) },
    ]);
    const codes = await h.deps.db
      .insert(authCodes)
      .values([
        { userId, purpose: `test-${tag}`, codeHash: "x", expiresAt: new Date(now.getTime() - 2 * DAY) },
        { userId, purpose: `test-${tag}`, codeHash: "y", expiresAt: new Date(now.getTime() - HOUR) },
      ])
      .returning({ id: authCodes.id });
    await h.deps.db.insert(rateLimits).values([
      { key: `old:${tag}`, windowStart: new Date(now.getTime() - 2 * DAY), count: 3 },
      { key: `new:${tag}`, windowStart: new Date(now.getTime() - HOUR), count: 3 },
    ]);
    await h.deps.db.insert(idempotencyKeys).values([
      { userId, key: `old-${tag}`, requestHash: "h", status: 200, response: {}, createdAt: new Date(now.getTime() - 25 * HOUR) },
      { userId, key: `new-${tag}`, requestHash: "h", status: 200, response: {}, createdAt: new Date(now.getTime() - 23 * HOUR) },
    ]);

    // Every job is due at once but the instalment reminders, registered for the next 08:00 in Tunis.
    const ticks = await Promise.all([runDueJobs(h.deps, JOBS), runDueJobs(other, JOBS)]);
    const ran = ticks.flat();
    const periodic = JOBS.filter((j) => j.schedule.atOnce).map((j) => j.name);
    expect(periodic).not.toContain("remind-instalments");
    expect(ran.map((r) => r.name).sort()).toEqual([...periodic].sort());
    expect(ran.every((r) => r.ok)).toBe(true);
    const left = async <T>(rows: Promise<T[]>) => (await rows).length;
    expect(await left(h.deps.db.select().from(sessions).where(eq(sessions.id, oldSession)))).toBe(0);
    expect(await left(h.deps.db.select().from(sessions).where(eq(sessions.id, keptSession)))).toBe(1);
    const codesLeft = await h.deps.db.select({ id: authCodes.id }).from(authCodes).where(inArray(authCodes.id, codes.map((c) => c.id)));
    expect(codesLeft.map((c) => c.id)).toEqual([codes[1]!.id]);
    const counters = await h.deps.db.select({ key: rateLimits.key }).from(rateLimits).where(sql`${rateLimits.key} like ${`%:${tag}`}`);
    expect(counters.map((c) => c.key)).toEqual([`new:${tag}`]);
    const keys = await h.deps.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(sql`${idempotencyKeys.key} like ${`%-${tag}`}`);
    expect(keys.map((k) => k.key)).toEqual([`new-${tag}`]);

    // The next morning, the reminders run, once across both.
    const reminders = await rowOf("remind-instalments");
    expect(reminders.nextRunAt).toEqual(dailyAt(8).next(now));
    clock.set(reminders.nextRunAt);
    const morning = (await Promise.all([runDueJobs(h.deps, JOBS), runDueJobs(other, JOBS)])).flat();
    expect(morning.filter((r) => r.name === "remind-instalments")).toEqual([{ name: "remind-instalments", ok: true }]);
    // The periodic ones were due again by then: each ran once more, once.
    expect(morning.map((r) => r.name).sort()).toEqual([...JOBS.map((j) => j.name)].sort());
    const states = await h.deps.db.select().from(scheduledJobs).where(inArray(scheduledJobs.name, JOBS.map((j) => j.name)));
    for (const job of JOBS) {
      const state = states.find((s) => s.name === job.name)!;
      expect(state.lastError, job.name).toBeNull();
      expect(state.lastOkAt, job.name).not.toBeNull();
      expect(state.nextRunAt.getTime(), job.name).toBeGreaterThan(clock.now().getTime());
    }
    // Nothing is due again at once.
    expect((await Promise.all([runDueJobs(h.deps, JOBS), runDueJobs(other, JOBS)])).flat()).toEqual([]);
  });
});
