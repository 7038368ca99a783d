/** Views (SPEC §7 "analytics service"): one row per magazine open, counted per lesson. */
import { eq, sql } from "drizzle-orm";
import type { ViewDto } from "../../../domain/schemas/analytics";
import { contentViews } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { withIdempotency, type IdempotentResult } from "../../lib/idempotency";
import { requireOpenableContent } from "./content";

/** `POST /svc/analytics/views`: records a view of a lesson the pupil may open; a replayed Idempotency-Key counts once. */
export async function recordView(
  deps: Pick<Deps, "db" | "now">,
  auth: Pick<AuthInfo, "userId">,
  input: {
    contentId: number;
    idempotencyKey?: string | undefined;
    requestHash: string;
  },
): Promise<IdempotentResult<ViewDto>> {
  return withIdempotency(deps, auth, input.idempotencyKey, input.requestHash, async (tx) => {
    const now = deps.now();
    const { contentId } = await requireOpenableContent(tx, auth.userId, input.contentId, now);
    await tx.insert(contentViews).values({ userId: auth.userId, contentId, createdAt: now });
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contentViews)
      .where(eq(contentViews.contentId, contentId));
    return { content_id: contentId, views: Number(row?.n ?? 0) };
  });
}
