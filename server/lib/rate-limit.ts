import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { AppError } from "./errors";

export interface RateRule {
  /** e.g. "login:ip" */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter kept in the database, so that every API process shares it.
 * Throws 429 with Retry-After once the window's limit is passed.
 */
export async function hitRateLimit(db: Db, rule: RateRule, subject: string, now: Date, factor = 1): Promise<void> {
  const key = `${rule.name}:${subject}`;
  const limit = Math.max(1, Math.round(rule.limit * factor));
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count });
  if ((row?.count ?? 0) > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
    throw new AppError(429, "rate_limited", undefined, undefined, { "Retry-After": String(retryAfter) });
  }
}
