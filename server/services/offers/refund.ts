/**
 * An operator's refund of a purchase (`npm run admin -- refund-purchase <affiliation id>`): in one transaction, the
 * price the pupil paid goes back to their wallet through the ledger (revenue → pupil, kind `refund`), and the
 * subscription ends (its end date becomes yesterday, so no access check counts it any more). Once only: the
 * subscription's row is locked and `refunded_at` set; a second refund is refused (409), whoever asks and however often.
 * A code owner's share (influencer revenue, referral reward) paid on that purchase stays theirs: it was earned when the
 * pupil bought, and taking it back could leave their balance below zero.
 */
import { eq } from "drizzle-orm";
import { affiliations } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError, notFound } from "../../lib/errors";
import { addDays, tunisDay } from "../../../domain/days";
import { PLATFORM_WALLETS, postMovement } from "../wallet/ledger";

export interface RefundDto {
  affiliationId: number;
  userId: number;
  refunded: number;
  end_date: string;
  refunded_at: string;
}

export async function refundPurchase(deps: Pick<Deps, "db" | "now">, affiliationId: number): Promise<RefundDto> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [aff] = await tx.select().from(affiliations).where(eq(affiliations.id, affiliationId)).limit(1).for("update");
    if (!aff) throw notFound();
    if (aff.refundedAt) throw new AppError(409, "conflict", undefined, `Subscription ${aff.id} was already refunded`);
    if (aff.amountPaid > 0) {
      await postMovement(tx, {
        kind: "refund",
        from: PLATFORM_WALLETS.revenue,
        to: aff.userId,
        amount: aff.amountPaid,
        description: "Remboursement d'un abonnement",
        ref: { type: "affiliation", id: aff.id },
      });
    }
    // Yesterday in Tunis (the one calendar every access check uses): the subscription is over from now on.
    const endDate = addDays(tunisDay(now), -1);
    await tx.update(affiliations).set({ refundedAt: now, endDate }).where(eq(affiliations.id, aff.id));
    return { affiliationId: aff.id, userId: aff.userId, refunded: aff.amountPaid, end_date: endDate, refunded_at: now.toISOString() };
  });
}
