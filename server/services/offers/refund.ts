/**
 * An operator's refund of a purchase (`npm run admin -- refund-purchase <affiliation id>`): in one transaction, the
 * price the pupil paid goes back to their wallet through the ledger (revenue → pupil, kind `refund`), the share a
 * discount code's owner earned on that purchase (influencer revenue, referral reward) is taken back (owner → revenue,
 * kind `refund`), and the subscription ends (its end date becomes yesterday, so no access check counts it any more).
 *
 * - Once only: the subscription's row is locked and `refunded_at` set; a second refund is refused (409), whoever asks
 *   and however often — and the ledger's unique reference (migration 0013) refuses a second `refund` entry anyway.
 * - Two movements, so every wallet they touch (the pupil's, the owner's) is locked first, together, in id order
 *   (`lockWallets`), before either moves: a refund never deadlocks with a purchase or a transfer of the same pupils.
 * - The owner's balance never goes below zero: what they already spent of the share is not taken back (the platform
 *   bears it); `discount_code_uses.reclaimed` records what was, and the influencer's revenue counts the rest.
 */
import { eq } from "drizzle-orm";
import { affiliations, discountCodes, discountCodeUses } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError, notFound } from "../../lib/errors";
import { addDays, tunisDay } from "../../../domain/days";
import { balanceOf, lockWallets, PLATFORM_WALLETS, postMovement } from "../wallet/ledger";
import type { RefundDto } from "../../../domain/admin";
import { takeBackReferralTokens } from "../referral/reward";

export async function refundPurchase(deps: Pick<Deps, "db" | "now">, affiliationId: number): Promise<RefundDto> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [aff] = await tx.select().from(affiliations).where(eq(affiliations.id, affiliationId)).limit(1).for("update");
    if (!aff) throw notFound();
    if (aff.refundedAt) throw new AppError(409, "conflict", undefined, `Subscription ${aff.id} was already refunded`);
    // The code used for this purchase, if its owner earned a share of it.
    const [use] = await tx
      .select({ id: discountCodeUses.id, ownerProfit: discountCodeUses.ownerProfit, reclaimed: discountCodeUses.reclaimed, ownerId: discountCodes.userId, code: discountCodes.code })
      .from(discountCodeUses)
      .innerJoin(discountCodes, eq(discountCodes.id, discountCodeUses.codeId))
      .where(eq(discountCodeUses.affiliationId, aff.id))
      .limit(1);
    const owner = use && use.ownerId !== null && use.ownerProfit > use.reclaimed ? { ...use, ownerId: use.ownerId } : null;
    await lockWallets(tx, owner ? [aff.userId, owner.ownerId] : [aff.userId]);
    // A referrer's tokens for this purchase leave their balance once (after the wallets: the lock order of the ledgers).
    if (use && use.ownerId !== null) await takeBackReferralTokens(tx, { referrerId: use.ownerId, useId: use.id, code: use.code });

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
    let reclaimed = 0;
    if (owner) {
      // Read under the owner's wallet lock: what the balance holds now is what can be taken back.
      reclaimed = Math.min(owner.ownerProfit - owner.reclaimed, await balanceOf(tx, owner.ownerId));
      if (reclaimed > 0) {
        await postMovement(tx, {
          kind: "refund",
          from: owner.ownerId,
          to: PLATFORM_WALLETS.revenue,
          amount: reclaimed,
          description: `Remboursement d'un achat avec le code ${owner.code} : part reprise`,
          ref: { type: "discount_use", id: owner.id },
        });
        await tx.update(discountCodeUses).set({ reclaimed: owner.reclaimed + reclaimed }).where(eq(discountCodeUses.id, owner.id));
      }
    }
    // Yesterday in Tunis (the one calendar every access check uses): the subscription is over from now on.
    const endDate = addDays(tunisDay(now), -1);
    await tx.update(affiliations).set({ refundedAt: now, endDate }).where(eq(affiliations.id, aff.id));
    return { affiliationId: aff.id, userId: aff.userId, refunded: aff.amountPaid, reclaimed, end_date: endDate, refunded_at: now.toISOString() };
  });
}
