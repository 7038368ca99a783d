/**
 * Free hours at the media door: a link signed for a free view (`MediaGrant.metered`) is refused once the pupil's free
 * hours are used up, even if it has not expired — the counter moves while a pupil watches, a link lasts two hours.
 * The pupil is read again (they may have bought an offer since: then nothing is metered any more).
 */
import { freeHoursExhausted } from "../../../domain/learning";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { loadViewer } from "../learning/access";
import type { MediaGrant } from "./signing";

/** Throws 403 `free_hours_exhausted` when `grant` is a free view whose pupil has no free time left. */
export async function checkMeteredMedia(deps: Pick<Deps, "db" | "now">, grant: MediaGrant): Promise<void> {
  if (!grant.metered) return;
  const viewer = await loadViewer(deps.db, grant.userId, deps.now());
  if (viewer.freeView && freeHoursExhausted(viewer.freeHours)) throw new AppError(403, "free_hours_exhausted");
}
