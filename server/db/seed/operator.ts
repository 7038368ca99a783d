/**
 * Demo data of the operator subscription and the influencer's revenue (issue 9), seeded once with the demo accounts:
 * - `abonne@darsi.tn` / `22000030` (password of the demo): a pupil subscribed through the mobile operator (Digital
 *   Virgo, weekly, Silver of group 33, renewing), whose user menu offers "Se désabonner";
 * - the revenue history of `influenceur@darsi.tn`: four pupils who bought an offer with SAMI10 (their top-up, their
 *   purchase, the code's use with the influencer's share and its `influencer_revenue` movement), and two benefit
 *   payments paid out to the influencer (`payout` movements to the platform's cash wallet).
 * Every point moves through `postMovement`; `ledger-check` stays green.
 */
import { eq, sql } from "drizzle-orm";
import { tunisDay } from "../../../domain/days";
import { percentOfDown } from "../../../domain/money";
import { OPERATOR_OFFER_ID, operatorPeriod, operatorPrice } from "../../../domain/operator";
import { hashPassword } from "../../lib/crypto";
import { PLATFORM_WALLETS, postMovement } from "../../services/wallet/ledger";
import type { Db } from "../client";
import { affiliations, benefitPayments, discountCodeUses, discountCodes, operatorSubscriptions, users, wallets } from "../schema";
import { DEMO_PASSWORD } from "./demo";

const DAY = 24 * 60 * 60 * 1000;

/** Buyers of SAMI10: name, class, offer (group), price before the code in millimes, days ago. */
const BUYERS = [
  { name: "Ines", lastName: "Mansouri", phone: "22000031", division: 18, groupId: 35, period: "year", price: 690_000, daysAgo: 64 },
  { name: "Youssef", lastName: "Hammami", phone: "22000032", division: 19, groupId: 34, period: "month", price: 85_000, daysAgo: 41 },
  { name: "Meriem", lastName: "Chaabane", phone: "22000033", division: 12, groupId: 37, period: "month", price: 59_000, daysAgo: 23 },
  { name: "Aziz", lastName: "Ferchichi", phone: "22000034", division: 6, groupId: 34, period: "week", price: 25_000, daysAgo: 6 },
] as const;

/** Seeds the operator subscriber and the influencer's revenue; false when already there (or no demo influencer). */
export async function seedOperator(db: Db, today: Date): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(operatorSubscriptions);
  if ((existing?.n ?? 0) > 0) return false;
  const [influencer] = await db.select({ id: users.id }).from(users).where(eq(users.email, "influenceur@darsi.tn")).limit(1);
  const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, "SAMI10")).limit(1);
  if (!influencer || !code) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const base = { userType: "student" as const, passwordHash, verified: true, completed: true, countryId: 1, stateId: 1, birthDate: "2008-05-02" };

  await db.transaction(async (tx) => {
    // The operator subscriber: a week of Silver paid through the operator, renewing.
    const start = new Date(today.getTime() - 2 * DAY);
    const [subscriber] = await tx
      .insert(users)
      .values({ ...base, name: "Rania", lastName: "Jaziri", email: "abonne@darsi.tn", phone: "22000030", divisionId: 18, gender: "female", createdAt: start })
      .returning({ id: users.id });
    await tx.insert(wallets).values({ ownerId: subscriber!.id, balance: 0, kind: "user" });
    const price = operatorPrice("baccalaureate", 7);
    const period = operatorPeriod(start, 7);
    const [sub] = await tx
      .insert(operatorSubscriptions)
      .values({ userId: subscriber!.id, phone: "22000030", divisionId: 18, recurrence: 7, price, status: "active", orderId: "dv_demo_abonne_22000030", createdAt: start, activatedAt: start, renewsAt: period.renewsAt })
      .returning({ id: operatorSubscriptions.id });
    const paid = await postMovement(tx, {
      kind: "operator",
      from: PLATFORM_WALLETS.cashIn,
      to: PLATFORM_WALLETS.revenue,
      amount: price,
      description: "Abonnement opérateur Silver (7 jours), période 1",
      ref: { type: "operator_subscription", id: `${sub!.id}:1` },
    });
    await tx.insert(affiliations).values({ userId: subscriber!.id, offerId: OPERATOR_OFFER_ID, groupId: OPERATOR_OFFER_ID, period: "week", startDate: period.startDate, endDate: period.endDate, amountPaid: price, movementId: paid, createdAt: start });

    // The influencer's revenue: pupils who bought with SAMI10.
    const share = code.ownerSharePercent > 0 ? code.ownerSharePercent : 10;
    for (const b of BUYERS) {
      const at = new Date(today.getTime() - b.daysAgo * DAY);
      const [buyer] = await tx
        .insert(users)
        .values({ ...base, name: b.name, lastName: b.lastName, phone: b.phone, email: `${b.name.toLowerCase()}.${b.lastName.toLowerCase()}@darsi.tn`, divisionId: b.division, createdAt: at })
        .returning({ id: users.id });
      await tx.insert(wallets).values({ ownerId: buyer!.id, balance: 0, kind: "user" });
      const discount = percentOfDown(b.price, code.amount);
      const paidPrice = b.price - discount;
      await postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: buyer!.id, amount: paidPrice, description: "Recharge D17" });
      const purchase = await postMovement(tx, { kind: "purchase", from: buyer!.id, to: PLATFORM_WALLETS.revenue, amount: paidPrice, description: "Achat d'une offre avec le code SAMI10" });
      const end = new Date(at.getTime() + (b.period === "year" ? 290 : b.period === "month" ? 30 : 7) * DAY);
      const [aff] = await tx
        .insert(affiliations)
        .values({ userId: buyer!.id, offerId: b.groupId, groupId: b.groupId, period: b.period, startDate: tunisDay(at), endDate: tunisDay(end), amountPaid: paidPrice, movementId: purchase, createdAt: at })
        .returning({ id: affiliations.id });
      const profit = percentOfDown(paidPrice, share);
      const [use] = await tx
        .insert(discountCodeUses)
        .values({ codeId: code.id, userId: buyer!.id, affiliationId: aff!.id, discount, ownerProfit: profit, createdAt: at })
        .returning({ id: discountCodeUses.id });
      await postMovement(tx, {
        kind: "influencer_revenue",
        from: PLATFORM_WALLETS.revenue,
        to: influencer.id,
        amount: profit,
        description: "Revenu du code SAMI10",
        ref: { type: "discount_use", id: use!.id },
      });
    }

    // Two payouts of the revenue to the influencer's bank account.
    for (const [amount, daysAgo] of [[40_000, 30], [30_000, 5]] as const) {
      const [payment] = await tx
        .insert(benefitPayments)
        .values({ userId: influencer.id, amount, payedAt: new Date(today.getTime() - daysAgo * DAY) })
        .returning({ id: benefitPayments.id });
      await postMovement(tx, {
        kind: "payout",
        from: influencer.id,
        to: PLATFORM_WALLETS.cashIn,
        amount,
        description: "Versement des revenus du code SAMI10",
        ref: { type: "benefit_payment", id: payment!.id },
      });
    }
  });
  return true;
}
