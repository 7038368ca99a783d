/**
 * `POST /student/checkout/buy`: a purchase with points (SPEC §4 "Checkout", issue 9 §2). One transaction does it all
 * or nothing: the checks, the price (`priceOffer` of domain/offers.ts, the screen's own function), the debit through
 * the ledger, the subscription, the code's use and its owner's share, the code cleared.
 *
 * Exactly once: the Idempotency-Key row is written in the same transaction (a retry replays the first answer), and
 * purchases of one pupil are serialised by a transaction-scoped advisory lock taken first, so two tabs buying the same
 * offer with different keys get one subscription and one `409 offer_owned`. The lock is not a wallet row lock: the
 * wallets are locked together, once the code (and so its owner) is known and before the first movement, in id order
 * (`lockWallets`): the buyer's debit and the owner's share are two movements, and locking each pair in turn would let
 * A's purchase with B's code and B's purchase with A's code wait for each other.
 */
import { and, eq, sql } from "drizzle-orm";
import { appliedCodeEffect, ownerShare, payInstalments, priceOffer, subscriptionEnd, toPricedOffer, type PurchaseDto } from "../../../domain/offers";
import type { BuyInput } from "../../../domain/schemas/offers";
import { affiliations, appliedDiscountCodes, chapters, discountCodes, discountCodeUses, subjects, users } from "../../db/schema";
import type { AuthInfo, RequestOrigin } from "../../lib/auth";
import type { Tx } from "../../db/client";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError } from "../../lib/errors";
import { withIdempotency, type IdempotentResult } from "../../lib/idempotency";
import { balanceOf, lockWallets, PLATFORM_WALLETS, postMovement } from "../wallet/ledger";
import { freeOffersTaken, instalmentPlans, liveSubscriptions, loadClassOffers, markOwned, offerSlices, ownedSubjects } from "./catalogue";
import { tunisDay } from "../../../domain/days";
import { codeStanding, toAppliedDto } from "./discount-codes";
import { notify } from "../notifications/notify";
import { giftCodeUsed } from "../notifications/texts";
import { flagReferralUse } from "../referral/abuse";
import { rewardReferrer } from "../referral/reward";

type ClassOffer = ReturnType<typeof markOwned>;
type Live = Awaited<ReturnType<typeof liveSubscriptions>>;
type Plan = NonNullable<ReturnType<Awaited<ReturnType<typeof instalmentPlans>>["get"]>>;
type AppliedCode = { applied: typeof appliedDiscountCodes.$inferSelect; code: typeof discountCodes.$inferSelect };
type Affiliation = typeof affiliations.$inferSelect;

export async function buyOffer(
  deps: Pick<Deps, "db" | "now">,
  auth: Pick<AuthInfo, "userId" | "adminId">,
  input: BuyInput,
  idempotencyKey: string | undefined,
  hash: string,
  origin: RequestOrigin | null = null,
): Promise<IdempotentResult<PurchaseDto>> {
  return withIdempotency(deps, auth, idempotencyKey, hash, async (tx) => {
    const userId = auth.userId;
    const now = deps.now();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`purchase:${userId}`}, 0))`);

    const [me] = await tx.select({ divisionId: users.divisionId }).from(users).where(eq(users.id, userId)).limit(1);
    const divisionId = me?.divisionId ?? null;
    const [found] = divisionId ? await loadClassOffers(tx, divisionId, input.offerDivisionDetail) : [];
    if (!found || divisionId === null) throw fieldError(422, "offerDivisionDetail", "offer_invalid");
    if (found.disabled) throw fieldError(422, "offerDivisionDetail", "offer_disabled");
    // Several instalments at once: only of a year sold in instalments (and not for a chapter).
    const inInstalments = offerSlices(found) > 1 && input.period === "year" && input.chapter === null;
    if (input.quantity > 1 && !inInstalments) throw fieldError(422, "quantity", "coupon_first_slice_only");
    if (!found.per_subject && input.subjects !== null && input.subjects.length > 0) throw fieldError(422, "subjects", "subjects_invalid");

    const live = await liveSubscriptions(tx, userId, now);
    const offer = markOwned(found, live);
    // The pupil's plan of this offer, when its first instalment is paid: the next ones can be bought while it runs.
    const plan = inInstalments ? (await instalmentPlans(tx, userId, now)).get(offer.offer_id) : undefined;
    const chapterId = await whatIsBought(tx, { userId, divisionId, input, offer, live, planOpen: plan !== undefined && plan.paid < plan.slices });
    const code = await appliedCodeFor(tx, userId, offer, now);
    const { pay, slice, subjectIds, effectCode } = priceThePurchase({ input, offer, plan, inInstalments, code, divisionId, today: tunisDay(now) });

    // Every wallet this purchase will move (the buyer's, the code owner's), locked now, together, in id order.
    const carriesCode = code !== undefined && effectCode && !(plan && plan.paid > 0);
    const codeOwner = carriesCode ? (code?.code.userId ?? null) : null;
    await lockWallets(tx, codeOwner === null ? [userId] : [userId, codeOwner]);

    const [aff] = await tx
      .insert(affiliations)
      .values({
        userId,
        offerId: offer.offer_id,
        groupId: offer.group.id,
        period: input.period,
        startDate: pay.start,
        endDate: pay.end,
        amountPaid: pay.final,
        offerDivisionId: offer.id,
        // A chapter (of a live event) opens that chapter's sessions, not the offer's subjects: no subject at all here.
        subjectIds: chapterId !== null ? [] : offer.per_subject ? subjectIds : null,
        chapterId,
        createdAt: now,
        ...slice,
      })
      .returning();
    const affiliation = aff!;
    if (pay.final > 0) {
      const movementId = await postMovement(tx, {
        kind: "purchase",
        from: userId,
        to: PLATFORM_WALLETS.revenue,
        amount: pay.final,
        description: slice ? `Achat ${offer.name} (tranche ${slice.sliceIndex + 1}${slice.sliceCount > 1 ? `–${slice.sliceIndex + slice.sliceCount}` : ""} sur ${offerSlices(offer)})` : `Achat ${offer.name}`,
        ref: { type: "affiliation", id: affiliation.id },
        adminId: auth.adminId,
      });
      await tx.update(affiliations).set({ movementId }).where(eq(affiliations.id, affiliation.id));
    }
    // A code rides only on a first instalment (or a purchase in full).
    if (code && carriesCode) await useTheCode(tx, { code, userId, affiliation, pay, now, origin });
    return purchaseAnswer(affiliation, offer, input, chapterId, await balanceOf(tx, userId));
  });
}

/**
 * What is bought: a chapter (of a live event's course) of the pupil's class and of the offer's subjects, not already
 * owned — its id; or the offer itself (whole, or its chosen subjects), not already owned unless its instalment plan
 * runs, a free trial taken once — null.
 */
async function whatIsBought(
  tx: Tx,
  { userId, divisionId, input, offer, live, planOpen }: { userId: number; divisionId: number; input: BuyInput; offer: ClassOffer; live: Live; planOpen: boolean },
): Promise<number | null> {
  if (input.chapter !== null) {
    const [ch] = await tx
      .select({ id: chapters.id, subjectId: chapters.subjectId })
      .from(chapters)
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(eq(chapters.id, input.chapter), eq(subjects.divisionId, divisionId)))
      .limit(1);
    const inOffer = ch && (!offer.per_subject || offer.offer_subject_details.some((d) => d.subjectId === ch.subjectId));
    if (!ch || !inOffer) throw fieldError(422, "chapter", "subjects_invalid");
    if (live.some((a) => a.chapterId === ch.id)) throw new AppError(409, "chapter_owned");
    return ch.id;
  }
  const owned = ownedSubjects(live, offer.offer_id);
  if ((owned.whole || offer.owned) && !planOpen) throw new AppError(409, "offer_owned");
  // A free trial is taken once, even after it ended.
  if (offer.is_free && (await freeOffersTaken(tx, userId)).has(offer.offer_id)) throw new AppError(409, "offer_owned");
  const chosen = input.subjects ?? offer.offer_subject_details.map((d) => d.subjectId);
  if (offer.per_subject && chosen.some((id) => owned.subjects.has(id))) throw new AppError(409, "subject_owned", { subjects: ["subject_owned"] });
  return null;
}

/** The code the pupil added, if it is for this offer and still good. */
async function appliedCodeFor(tx: Tx, userId: number, offer: ClassOffer, now: Date): Promise<AppliedCode | undefined> {
  const [applied] = await tx
    .select({ applied: appliedDiscountCodes, code: discountCodes })
    .from(appliedDiscountCodes)
    .innerJoin(discountCodes, eq(discountCodes.id, appliedDiscountCodes.codeId))
    .where(eq(appliedDiscountCodes.userId, userId))
    .limit(1);
  if (!applied || applied.applied.offerId !== offer.offer_id) return undefined;
  return (await codeStanding(tx, applied.code, userId, now, true)) ? undefined : applied;
}

/**
 * What this purchase pays and covers, by the screen's own functions: the whole period, or the next `quantity`
 * instalments of the plan (the first instalment agrees the plan's total: the year's price before the code, which only
 * the first instalment carries). A price other than the one the pupil confirmed is refused (409 `price_changed`).
 */
function priceThePurchase(p: { input: BuyInput; offer: ClassOffer; plan: Plan | undefined; inInstalments: boolean; code: AppliedCode | undefined; divisionId: number; today: string }) {
  const { input, offer, plan, today } = p;
  const effect = appliedCodeEffect(p.code ? toAppliedDto(p.code.applied, p.code.code) : null, offer, { divisionId: p.divisionId, period: input.period, quantity: input.quantity });
  const priced = priceOffer(toPricedOffer(offer), { period: input.period, subjectIds: input.subjects, code: effect.code });
  if (!priced.ok) throw fieldError(422, priced.field, priced.code);
  const price = priced.price;
  let pay = { amount: price.price, codeDiscount: price.codeDiscount, final: price.final, start: today, end: subscriptionEnd(today, input.period) };
  let slice: { sliceIndex: number; sliceCount: number; planTotal: number; planStart: string } | null = null;
  if (p.inInstalments) {
    const planned = plan ?? { slices: offerSlices(offer), total: price.price, planStart: today, paid: 0 };
    const r = payInstalments(planned, input.quantity, today, plan && plan.paid > 0 ? null : effect.code);
    if (!r.ok) throw fieldError(422, "quantity", r.code);
    pay = r;
    slice = { sliceIndex: r.index, sliceCount: input.quantity, planTotal: planned.total, planStart: planned.planStart };
  }
  if (pay.final !== input.amount) {
    throw new AppError(409, "price_changed", { amount: ["price_changed"] }, `The price is ${pay.final} millimes, not ${input.amount}`);
  }
  return { pay, slice, subjectIds: price.subjectIds, effectCode: effect.code !== null };
}

/** The code's use: recorded, its owner's share paid (wallets already locked), the code cleared, a referrer told. */
async function useTheCode(
  tx: Tx,
  { code, userId, affiliation, pay, now, origin }: { code: AppliedCode; userId: number; affiliation: Affiliation; pay: { amount: number; final: number; codeDiscount: number }; now: Date; origin: RequestOrigin | null },
): Promise<void> {
  const c = code.code;
  const profit = c.userId === null ? 0 : ownerShare(c.kind, c.ownerSharePercent, { price: pay.amount, final: pay.final });
  const [use] = await tx
    .insert(discountCodeUses)
    .values({ codeId: c.id, userId, affiliationId: affiliation.id, discount: pay.codeDiscount, ownerProfit: profit, createdAt: now })
    .returning({ id: discountCodeUses.id });
  if (profit > 0 && c.userId !== null) {
    await postMovement(tx, {
      kind: c.kind === "referral" ? "referral_reward" : "influencer_revenue",
      from: PLATFORM_WALLETS.revenue,
      to: c.userId,
      amount: profit,
      description: `${c.kind === "referral" ? "Parrainage" : "Revenu du code"} ${c.code}`,
      ref: { type: "discount_use", id: use!.id },
    });
  }
  // The referrer's tokens (issue 20), in this transaction: once per use (the token ledger's unique reference).
  if (c.kind === "referral" && c.userId !== null) {
    await rewardReferrer(tx, { referrerId: c.userId, useId: use!.id, paid: pay.final, code: c.code });
    // Same device or network as the owner, too many rewards a day: flagged for the operator (issue 20 §8).
    await flagReferralUse(tx, { referrerId: c.userId, friendId: userId, useId: use!.id, origin, now });
  }
  await tx.delete(appliedDiscountCodes).where(eq(appliedDiscountCodes.id, code.applied.id));
  // The referrer hears that the gift code was used (SPEC §3 giftCodeUsed).
  if (c.kind === "referral" && c.userId !== null) {
    await notify(tx, { userId: c.userId, category: "giftCodeUsed", type: "gift_code_used", texts: giftCodeUsed({ code: c.code, earned: profit }), link: "/porte-monnaie" });
  }
}

function purchaseAnswer(affiliation: Affiliation, offer: ClassOffer, input: BuyInput, chapterId: number | null, points: number): PurchaseDto {
  return {
    affiliation: {
      id: affiliation.id,
      offer_id: affiliation.offerId,
      group: offer.group,
      period: input.period,
      start_date: affiliation.startDate,
      end_date: affiliation.endDate,
      amount_paid: affiliation.amountPaid,
      subject_ids: affiliation.subjectIds,
      chapter_id: affiliation.chapterId,
    },
    points,
    event_id: chapterId !== null ? input.event : null,
  };
}
