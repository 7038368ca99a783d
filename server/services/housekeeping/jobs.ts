/**
 * The server's scheduled jobs (server/lib/jobs.ts runs each once across every process). Periods are short enough that
 * nothing waits for long, long enough that a quiet server does almost nothing; each job is safe to run again (what it
 * did is recorded in the same transactions as its effects) and each has its admin command for a run by hand.
 */
import { dailyAt, every, type Job } from "../../lib/jobs";
import { dropAbandonedUploads } from "../exams/uploads";
import { remindInstalments } from "../offers/instalments";
import { renewDue } from "../operator/subscriptions";
import { sweepExpiredTokens, sweepIdempotencyKeys, sweepRateLimits } from "./sweep";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const JOBS: readonly Job[] = [
  { name: "sweep-expired-tokens", schedule: every(HOUR), leaseMs: 10 * MINUTE, run: sweepExpiredTokens },
  { name: "sweep-rate-limits", schedule: every(15 * MINUTE), leaseMs: 10 * MINUTE, run: sweepRateLimits },
  { name: "sweep-idempotency-keys", schedule: every(HOUR), leaseMs: 10 * MINUTE, run: sweepIdempotencyKeys },
  { name: "drop-abandoned-uploads", schedule: every(15 * MINUTE), leaseMs: 10 * MINUTE, run: async (deps) => ({ uploads: await dropAbandonedUploads(deps) }) },
  // `npm run admin -- operator-renew`: charges the due renewals (each once per period) and settles what was left pending.
  { name: "operator-renew", schedule: every(15 * MINUTE), leaseMs: 30 * MINUTE, run: renewDue },
  // `npm run admin -- remind-instalments`: tells each pupil once per payment, in the morning (08:00 in Tunis).
  { name: "remind-instalments", schedule: dailyAt(8), leaseMs: 30 * MINUTE, run: remindInstalments },
];
