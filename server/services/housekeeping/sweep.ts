/**
 * Housekeeping (issue 24): rows that no request will read again go. Each verb deletes what is past its retention and
 * returns how many rows went; the scheduler runs them (./jobs.ts), once across every process.
 *
 * - Sessions expired for more than 30 days (kept that long for the impersonation audit: `sessions.admin_id`); their
 *   push tokens go with them (foreign key, cascade).
 * - Verification, reset and transfer codes, impersonation links and used bot-check challenges a day after they expired
 *   (past their expiry nothing accepts them).
 * - Rate-limit counters whose window began more than a day ago (no rule's window is longer than an hour).
 * - Idempotency keys older than their time to live (`IDEMPOTENCY_TTL_MS`: an older key is forgotten anyway).
 */
import { lt } from "drizzle-orm";
import { authCodes, idempotencyKeys, impersonationTokens, rateLimits, sessions, usedBotChallenges } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { IDEMPOTENCY_TTL_MS } from "../../lib/idempotency";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an expired session is kept (the impersonation audit). */
const SESSION_RETENTION_MS = 30 * DAY_MS;
/** How long an expired code, link or challenge is kept. */
const EXPIRED_TOKEN_RETENTION_MS = DAY_MS;
/** How long a rate-limit counter is kept after its window began. */
const RATE_LIMIT_RETENTION_MS = DAY_MS;

type SweepDeps = Pick<Deps, "db" | "now">;
const before = (deps: SweepDeps, ms: number) => new Date(deps.now().getTime() - ms);

/** Expired sessions, codes, impersonation links and bot-check challenges. */
export async function sweepExpiredTokens(deps: SweepDeps): Promise<{ sessions: number; codes: number; links: number; challenges: number }> {
  const tokensBefore = before(deps, EXPIRED_TOKEN_RETENTION_MS);
  const gone = await Promise.all([
    deps.db.delete(sessions).where(lt(sessions.expiresAt, before(deps, SESSION_RETENTION_MS))).returning({ id: sessions.id }),
    deps.db.delete(authCodes).where(lt(authCodes.expiresAt, tokensBefore)).returning({ id: authCodes.id }),
    deps.db.delete(impersonationTokens).where(lt(impersonationTokens.expiresAt, tokensBefore)).returning({ id: impersonationTokens.tokenHash }),
    deps.db.delete(usedBotChallenges).where(lt(usedBotChallenges.expiresAt, tokensBefore)).returning({ id: usedBotChallenges.signature }),
  ]);
  const [s, c, l, b] = gone.map((rows) => rows.length) as [number, number, number, number];
  return { sessions: s, codes: c, links: l, challenges: b };
}

/** Rate-limit counters of windows long gone. */
export async function sweepRateLimits(deps: SweepDeps): Promise<{ counters: number }> {
  const rows = await deps.db.delete(rateLimits).where(lt(rateLimits.windowStart, before(deps, RATE_LIMIT_RETENTION_MS))).returning({ key: rateLimits.key });
  return { counters: rows.length };
}

/** Idempotency keys past their time to live. */
export async function sweepIdempotencyKeys(deps: SweepDeps): Promise<{ keys: number }> {
  const rows = await deps.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before(deps, IDEMPOTENCY_TTL_MS))).returning({ key: idempotencyKeys.key });
  return { keys: rows.length };
}
