import { sql } from "drizzle-orm";
import { progress } from "../../db/schema";
import { authenticate, enforceGates, type AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { findProgressLesson, type ProgressLesson } from "./lesson";
import { capPosition } from "./record";

/** Who listens on a progress socket, and to which lesson. */
export interface SocketGrant {
  auth: AuthInfo;
  lesson: ProgressLesson;
}

/**
 * Authorizes a progress websocket: the token is checked exactly like a bearer token (signature, expiry, live
 * session row) and so are the account gates of SPEC §2 (403 `not_verified`, …), and the lesson must be one the
 * pupil may open. Throws 401, 404 (missing or another class) or 403 (a gate, or `content_locked`).
 */
export async function authorizeProgressSocket(deps: Deps, token: string, contentId: number): Promise<SocketGrant> {
  const auth = await authenticate(deps, `Bearer ${token}`);
  if (!auth) throw new AppError(401, "unauthorized");
  enforceGates(auth);
  const lesson = await findProgressLesson(deps.db, auth.userId, contentId, deps.now());
  if (!lesson.unlocked) throw new AppError(403, "content_locked");
  return { auth, lesson };
}

/**
 * Keeps the live resume position of a pupil in a lesson (the player's position, told every 5 s). Only
 * `last_watched_second` moves: watched ranges, percentage and completion belong to the progress posts. A
 * position past the end of the media is cut at its duration (a lesson without one keeps 0). One statement (upsert): a pupil who never
 * posted yet gets a row with nothing watched, so resuming works even if the tab dies before the first post.
 */
export async function recordPosition(deps: Pick<Deps, "db" | "now">, userId: number, lesson: ProgressLesson, seconds: number): Promise<number> {
  const position = capPosition(seconds, lesson.durationS ?? 0);
  const now = deps.now();
  await deps.db
    .insert(progress)
    .values({ userId, contentId: lesson.contentId, lastWatchedSecond: position, updatedAt: now })
    .onConflictDoUpdate({
      target: [progress.userId, progress.contentId],
      set: { lastWatchedSecond: sql`excluded.last_watched_second`, updatedAt: sql`excluded.updated_at` },
    });
  return position;
}
