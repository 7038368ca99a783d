import type { ProgressPostInput } from "@domain/schemas/progress";
import { api } from "@/lib/api";
import { env } from "@/lib/env";

/** The progress service's answer (SPEC §7 "External services"). */
export interface ProgressAnswer {
  /** The pupil's free hours are used up: stop the player, send to /offres. */
  expired: boolean;
  percentage: number;
  completed: boolean;
  lastWatchedSecond: number;
}

/**
 * `POST {progressBase}/progress` with the pupil's bearer token and the web client's `X-Api-Key`.
 *
 * The seam for the offline outbox (DESIGN §4): every progress post of the viewer goes through this one
 * function. Today a failure (network or server) rejects and the caller keeps the ranges for its next flush;
 * later, a network failure will store `post` in the Dexie outbox (with an Idempotency-Key) and resolve.
 */
export async function sendProgress(post: ProgressPostInput): Promise<ProgressAnswer> {
  return (
    await api<ProgressAnswer>("/progress", {
      base: env.progressBase,
      method: "POST",
      body: post,
      headers: { "X-Api-Key": env.progressApiKey },
    })
  ).payload;
}
