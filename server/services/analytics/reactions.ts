/**
 * Reactions (SPEC §3 "Reaction", §4): one per (pupil, lesson) — love or sad, or none (cleared). Counts are public
 * aggregates; a pupil only ever reads and writes their own reaction.
 */
import { and, eq, sql } from "drizzle-orm";
import { REACTION_TYPES, type ReactionInput, type ReactionType, type ReactionsDto } from "../../../domain/schemas/analytics";
import type { Db, Tx } from "../../db/client";
import { reactions } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { requireOpenableContent } from "./content";

async function summary(db: Db | Tx, userId: number, contentId: number): Promise<ReactionsDto> {
  const rows = await db
    .select({ type: reactions.reactionType, n: sql<number>`count(*)::int` })
    .from(reactions)
    .where(eq(reactions.contentId, contentId))
    .groupBy(reactions.reactionType);
  const counts = Object.fromEntries(REACTION_TYPES.map((r) => [r, 0])) as Record<ReactionType, number>;
  for (const r of rows) if (r.type in counts) counts[r.type] = Number(r.n);
  const [mine] = await db
    .select({ type: reactions.reactionType })
    .from(reactions)
    .where(and(eq(reactions.userId, userId), eq(reactions.contentId, contentId)))
    .limit(1);
  return { content_id: contentId, counts, reaction_type: mine?.type ?? "none" };
}

/** `GET /svc/analytics/reactions?content_id=`. */
export async function getReactions(deps: Pick<Deps, "db" | "now">, auth: Pick<AuthInfo, "userId">, contentId: number): Promise<ReactionsDto> {
  await requireOpenableContent(deps.db, auth.userId, contentId, deps.now());
  return summary(deps.db, auth.userId, contentId);
}

/**
 * `POST /svc/analytics/reactions`: sets (upsert on the (user, content) key, so two concurrent posts leave one row)
 * or clears the caller's reaction. Idempotent by nature: the same body twice gives the same state.
 */
export async function setReaction(deps: Pick<Deps, "db" | "now">, auth: Pick<AuthInfo, "userId">, input: ReactionInput): Promise<ReactionsDto> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { contentId } = await requireOpenableContent(tx, auth.userId, input.content_id, now);
    if (input.reaction_type === "none") {
      await tx.delete(reactions).where(and(eq(reactions.userId, auth.userId), eq(reactions.contentId, contentId)));
    } else {
      await tx
        .insert(reactions)
        .values({
          userId: auth.userId,
          contentId,
          reactionType: input.reaction_type,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [reactions.userId, reactions.contentId],
          set: { reactionType: input.reaction_type, updatedAt: now },
        });
    }
    return summary(tx, auth.userId, contentId);
  });
}
