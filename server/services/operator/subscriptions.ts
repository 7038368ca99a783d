/**
 * The mobile-operator subscription (SPEC §2 operator landing, §5 operator checkout, §6 unsubscribe on offer 33).
 *
 * - `startCheckout` (a visitor, `POST /checkout`) and `startUserCheckout` (signed in, `POST /digitalvirgo/checkout`)
 *   record a pending subscription with the level's price, then (after the commit: no lock is held across a network
 *   call) ask the operator for its confirmation page, where the browser goes.
 * - `activateFromReturn` (`GET /digitalvirgo/success`) checks the operator's signed return with the adapter and
 *   activates ONCE under a row lock, however often the return arrives: the pupil's account (created for a new phone:
 *   verified, in the chosen class, with an SMS code to choose a password), an affiliation of group 33 for the paid
 *   period, and the operator's payment in the ledger (cash-in → revenue, kind `operator`; the pupil's points do not
 *   move), all in one transaction.
 * - `failFromReturn` (`POST /digitalvirgo/echec`) records a refused or cancelled confirmation.
 * - `unsubscribe` stops the renewals at the operator, then records it; access lasts until the paid period ends.
 * - `renewDue` charges the next period of every subscription whose renewal is due, once per period, never holding a
 *   lock while the operator is called (intent recorded, call, settlement), and settles what an earlier run left pending.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, exists, isNull, lte, or, sql } from "drizzle-orm";
import { TUNISIA_COUNTRY_ID } from "../../../domain/constants";
import { tunisDay } from "../../../domain/days";
import {
  OPERATOR_OFFER_ID,
  isOperatorLevel,
  operatorPeriod,
  operatorPrice,
  type OperatorActivationDto,
  type OperatorCheckoutDto,
  type OperatorFailureDto,
  type OperatorUnsubscribeDto,
  type Recurrence,
} from "../../../domain/operator";
import type { OperatorCheckoutOutput, OperatorReturn } from "../../../domain/schemas/operator";
import { SUBSCRIBER_PLACEHOLDER_NAME } from "../../../domain/user";
import { operatorAdapter } from "../../adapters/operator";
import { selectRows } from "../../db/rows";
import type { Tx } from "../../db/client";
import { affiliations, divisions, offerGroups, operatorCharges, operatorSubscriptions, users, wallets } from "../../db/schema";
import { issueToken, type AuthInfo } from "../../lib/auth";
import { hashPassword, randomToken } from "../../lib/crypto";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError, forbidden } from "../../lib/errors";
import { withIdempotency, type IdempotentResult } from "../../lib/idempotency";
import { PLATFORM_WALLETS, postMovement } from "../wallet/ledger";
import { createCode } from "../auth/codes";
import { notify } from "../notifications/notify";
import { operatorRenewalRefused, type Names } from "../notifications/texts";
import { sendMessage } from "../messages/send";
import { publicUrl } from "../../lib/public-url";

/** Where the operator sends the browser back (the app's return pages, SPEC §2 guards). */
const RETURN_URLS = { success: "/digitalvirgo/success", fail: "/digitalvirgo/echec" } as const;
/** A visitor who just subscribed gets a session from the return this long after the activation (a reload, a retry). */
const SESSION_WINDOW_MS = 15 * 60 * 1000;
/** The idempotency keys of visitors (no account yet) live under this user id. */
const VISITOR = { userId: 0 };

type Deps_ = Pick<Deps, "db" | "now" | "secret" | "env" | "messaging" | "log">;
type SubRow = typeof operatorSubscriptions.$inferSelect;

const alreadyClient = () => new AppError(409, "operator_already_client", { phone: ["operator_already_client"] });
const newOrderId = () => `dv_${randomBytes(15).toString("base64url")}`;
const lock = (tx: Tx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

async function levelOf(tx: Tx, divisionId: number) {
  const [d] = await tx.select({ id: divisions.id, level: divisions.level }).from(divisions).where(eq(divisions.id, divisionId)).limit(1);
  if (!d || !isOperatorLevel(d.level)) throw fieldError(422, "division", "division_invalid");
  return d.level;
}

/** The live (paying) subscription of a phone, if any. */
async function activeOf(tx: Tx, phone: string): Promise<SubRow | undefined> {
  const [row] = await tx
    .select()
    .from(operatorSubscriptions)
    .where(and(eq(operatorSubscriptions.phone, phone), eq(operatorSubscriptions.status, "active")))
    .limit(1);
  return row;
}

/**
 * Records a pending subscription. A pending one left by an abandoned confirmation of the same phone is closed first
 * (failed): the operator never charged it. The operator's page is asked for after the commit (`confirmationPage`).
 */
async function openOrder(deps: Deps_, tx: Tx, input: { userId: number | null; phone: string; divisionId: number; recurrence: Recurrence }): Promise<{ orderId: string }> {
  const level = await levelOf(tx, input.divisionId);
  const now = deps.now();
  await tx
    .update(operatorSubscriptions)
    .set({ status: "failed" })
    .where(and(eq(operatorSubscriptions.phone, input.phone), eq(operatorSubscriptions.status, "pending")));
  const orderId = newOrderId();
  const price = operatorPrice(level, input.recurrence);
  await tx.insert(operatorSubscriptions).values({
    userId: input.userId,
    phone: input.phone,
    divisionId: input.divisionId,
    recurrence: input.recurrence,
    price,
    status: "pending",
    orderId,
    createdAt: now,
  });
  return { orderId };
}

/**
 * The operator's confirmation page of a pending order, asked outside any transaction (a network call holds no lock)
 * and kept on the order: a retried checkout (its Idempotency-Key replays the same order) answers the same page, and a
 * checkout whose call to the operator failed asks again for the same order.
 */
async function confirmationPage(deps: Deps_, orderId: string): Promise<OperatorCheckoutDto> {
  const [order] = await deps.db.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.orderId, orderId)).limit(1);
  if (!order) throw new AppError(404, "payment_not_found");
  if (order.redirectUrl) return { redirectUrl: order.redirectUrl, orderId };
  const { redirectUrl } = await operatorAdapter(deps).startCheckout({
    orderId,
    phone: order.phone,
    recurrence: order.recurrence as Recurrence,
    price: order.price,
    successUrl: RETURN_URLS.success,
    failUrl: RETURN_URLS.fail,
  });
  // The first page kept wins (two retries at once): both answer it.
  const [kept] = await deps.db
    .update(operatorSubscriptions)
    .set({ redirectUrl })
    .where(and(eq(operatorSubscriptions.id, order.id), isNull(operatorSubscriptions.redirectUrl)))
    .returning({ redirectUrl: operatorSubscriptions.redirectUrl });
  if (kept?.redirectUrl) return { redirectUrl: kept.redirectUrl, orderId };
  const [first] = await deps.db.select({ redirectUrl: operatorSubscriptions.redirectUrl }).from(operatorSubscriptions).where(eq(operatorSubscriptions.id, order.id));
  return { redirectUrl: first?.redirectUrl ?? redirectUrl, orderId };
}

/**
 * `POST /checkout` (a visitor): a phone already on an account is refused — 409 `operator_already_client` ("You are
 * already registered") when that account (or the phone) has a live operator subscription, else 422
 * `operator_phone_exists` on the phone field ("Le numéro existe déjà": sign in instead).
 */
export async function startCheckout(
  deps: Deps_,
  input: OperatorCheckoutOutput & { idempotencyKey: string | undefined; requestHash: string },
): Promise<IdempotentResult<OperatorCheckoutDto>> {
  const key = input.idempotencyKey === undefined ? undefined : `operator-checkout:${input.idempotencyKey}`;
  const opened = await withIdempotency(deps, VISITOR, key, input.requestHash, async (tx) => {
    await lock(tx, `operator-phone:${input.phone}`);
    if (await activeOf(tx, input.phone)) throw alreadyClient();
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
    if (owner) throw fieldError(422, "phone", "operator_phone_exists");
    return openOrder(deps, tx, { userId: null, phone: input.phone, divisionId: input.division, recurrence: input.recurrence });
  });
  return { result: await confirmationPage(deps, opened.result.orderId), replayed: opened.replayed };
}

/** `POST /digitalvirgo/checkout` (signed in): the account's own phone and class. */
export async function startUserCheckout(
  deps: Deps_,
  auth: Pick<AuthInfo, "userId">,
  input: { recurrence: Recurrence; idempotencyKey: string | undefined; requestHash: string },
): Promise<IdempotentResult<OperatorCheckoutDto>> {
  const opened = await withIdempotency(deps, auth, input.idempotencyKey, input.requestHash, async (tx) => {
    const [me] = await tx.select({ phone: users.phone, divisionId: users.divisionId }).from(users).where(eq(users.id, auth.userId)).limit(1);
    if (!me?.phone) throw fieldError(422, "phone", "phone_required");
    if (me.divisionId === null) throw fieldError(422, "division", "division_required");
    await lock(tx, `operator-phone:${me.phone}`);
    if (await activeOf(tx, me.phone)) throw alreadyClient();
    return openOrder(deps, tx, { userId: auth.userId, phone: me.phone, divisionId: me.divisionId, recurrence: input.recurrence });
  });
  return { result: await confirmationPage(deps, opened.result.orderId), replayed: opened.replayed };
}

/** The operator's offer group's names (Silver, فضي), for the pupil's notification in their language. */
async function operatorOfferNames(tx: Tx): Promise<Names> {
  const [group] = await tx.select({ fr: offerGroups.name, en: offerGroups.nameEn, ar: offerGroups.nameAr }).from(offerGroups).where(eq(offerGroups.id, OPERATOR_OFFER_ID)).limit(1);
  return group ?? { fr: "Silver" };
}

async function orderForUpdate(tx: Tx, orderId: string): Promise<SubRow> {
  const [sub] = await tx.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.orderId, orderId)).for("update").limit(1);
  if (!sub) throw new AppError(404, "payment_not_found");
  return sub;
}

/** The account of a subscriber: the one that subscribed, the one of the phone, or a new verified pupil. */
async function subscriberAccount(deps: Deps_, tx: Tx, sub: SubRow): Promise<{ userId: number; created: boolean; code: string | null }> {
  if (sub.userId !== null) return { userId: sub.userId, created: false, code: null };
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, sub.phone)).limit(1);
  if (owner) return { userId: owner.id, created: false, code: null };
  const now = deps.now();
  const [user] = await tx
    .insert(users)
    .values({
      userType: "student",
      // No name from the operator: a placeholder the home prompts the subscriber to replace (domain/user.ts).
      name: SUBSCRIBER_PLACEHOLDER_NAME.name,
      lastName: SUBSCRIBER_PLACEHOLDER_NAME.lastName,
      phone: sub.phone,
      passwordHash: await hashPassword(randomToken(24)),
      divisionId: sub.divisionId,
      countryId: TUNISIA_COUNTRY_ID,
      // The operator confirmed the line: the phone is verified.
      verified: true,
      completed: true,
      passwordChangedAt: now,
      createdAt: now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error("insert returned nothing");
  await tx.insert(wallets).values({ ownerId: user.id, balance: 0, kind: "user" });
  const code = await createCode(deps, tx, user.id, "reset");
  return { userId: user.id, created: true, code };
}

/** One paid period: the affiliation of group 33 and the operator's payment in the ledger, in the caller's transaction. */
async function grantPeriod(tx: Tx, sub: SubRow, userId: number, start: Date, period: number) {
  const recurrence = sub.recurrence as Recurrence;
  const { renewsAt, startDate, endDate } = operatorPeriod(start, recurrence);
  const movementId = await postMovement(tx, {
    kind: "operator",
    from: PLATFORM_WALLETS.cashIn,
    to: PLATFORM_WALLETS.revenue,
    amount: sub.price,
    description: `Abonnement opérateur Silver (${recurrence === 1 ? "1 jour" : "7 jours"}), période ${period}`,
    ref: { type: "operator_subscription", id: `${sub.id}:${period}` },
  });
  await tx.insert(affiliations).values({
    userId,
    offerId: OPERATOR_OFFER_ID,
    groupId: OPERATOR_OFFER_ID,
    period: recurrence === 1 ? "day" : "week",
    startDate,
    endDate,
    amountPaid: sub.price,
    movementId,
    createdAt: start,
  });
  return { renewsAt, endDate };
}

const activationOf = (sub: SubRow, endDate: string, newAccount: boolean): OperatorActivationDto => ({
  orderId: sub.orderId,
  status: sub.status === "cancelled" ? "cancelled" : "active",
  recurrence: sub.recurrence as Recurrence,
  price: sub.price,
  renews_at: (sub.renewsAt ?? new Date(0)).toISOString(),
  end_date: endDate,
  newAccount,
});

/** The paid period's last day of a subscription (its latest affiliation). */
async function endDateOf(tx: Tx, sub: SubRow): Promise<string> {
  const [a] = await tx
    .select({ endDate: affiliations.endDate })
    .from(affiliations)
    .where(and(eq(affiliations.userId, sub.userId ?? 0), eq(affiliations.offerId, OPERATOR_OFFER_ID)))
    .orderBy(desc(affiliations.endDate))
    .limit(1);
  return a?.endDate ?? tunisDay(sub.renewsAt ?? new Date(0));
}

/**
 * The return link signs the new subscriber in once: the first return to set `session_issued_at` (one conditional
 * update, under the order's row lock) gets the session; a second use of the link — a reload, a copy, the browser's
 * history — gets the activation without one, and the return page sends it to /login.
 */
async function claimReturnSession(tx: Tx, subscriptionId: number, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(operatorSubscriptions)
    .set({ sessionIssuedAt: now })
    .where(and(eq(operatorSubscriptions.id, subscriptionId), isNull(operatorSubscriptions.sessionIssuedAt)))
    .returning({ id: operatorSubscriptions.id });
  return claimed.length === 1;
}

/**
 * `GET /digitalvirgo/success?…&checkFromFront`: the operator's return, verified by the adapter, activates the order
 * once. A repeated return answers the same activation (no second affiliation, no second payment). When this
 * subscription created the account (a visitor's new phone), the first return within SESSION_WINDOW_MS of the
 * activation carries a session, and only the first (`claimReturnSession`); a pupil who subscribed from their account
 * keeps their own session.
 */
export async function activateFromReturn(deps: Deps_, ret: OperatorReturn): Promise<OperatorActivationDto> {
  const verdict = await operatorAdapter(deps).verifyReturn(ret);
  if (!verdict.valid) throw forbidden();
  if (!verdict.paid) throw new AppError(422, "payment_failed");
  let sms: { to: string; code: string } | null = null;
  const result = await deps.db.transaction(async (tx) => {
    const sub = await orderForUpdate(tx, verdict.orderId);
    const now = deps.now();
    let created = false;
    let current: SubRow | undefined = sub;
    if (sub.activatedAt === null) {
      // A live subscription of the same phone (another order confirmed meanwhile) would bill the line twice.
      const other = await activeOf(tx, sub.phone);
      if (other && other.id !== sub.id) throw alreadyClient();
      const account = await subscriberAccount(deps, tx, sub);
      created = account.created;
      if (account.code) sms = { to: sub.phone, code: account.code };
      const { renewsAt } = await grantPeriod(tx, sub, account.userId, now, 1);
      [current] = await tx
        .update(operatorSubscriptions)
        .set({ status: "active", userId: account.userId, activatedAt: now, renewsAt, accountCreated: account.created })
        .where(eq(operatorSubscriptions.id, sub.id))
        .returning();
    }
    const row = current!;
    const dto = activationOf(row, await endDateOf(tx, row), created || row.accountCreated);
    // Only the account this subscription created gets a session (a pupil who subscribed from their account keeps theirs).
    const fresh = row.activatedAt !== null && now.getTime() - row.activatedAt.getTime() <= SESSION_WINDOW_MS;
    if (dto.newAccount && fresh && row.userId !== null && (await claimReturnSession(tx, row.id, now))) {
      const session = await issueToken(deps, tx, row.userId);
      return { ...dto, token: session.token, expires_at: session.expiresAt.toISOString(), user_type: "student" as const };
    }
    return dto;
  });
  if (sms) {
    const { to, code } = sms as { to: string; code: string };
    await sendMessage(deps, { to, channel: "sms" }, "subscriber_welcome", { code, login: to, link: publicUrl(deps.env, "/reset-password") });
  }
  return result;
}

/** `POST /digitalvirgo/echec`: the operator's refusal (or the pupil's cancel), verified, closes a pending order once. */
export async function failFromReturn(deps: Deps_, ret: OperatorReturn): Promise<OperatorFailureDto> {
  const verdict = await operatorAdapter(deps).verifyReturn(ret);
  if (!verdict.valid) throw forbidden();
  return deps.db.transaction(async (tx) => {
    const sub = await orderForUpdate(tx, verdict.orderId);
    // A paid order stays active: a late or forged failure never undoes a payment.
    if (sub.status === "pending" && !verdict.paid) {
      await tx.update(operatorSubscriptions).set({ status: "failed" }).where(eq(operatorSubscriptions.id, sub.id));
      return { orderId: sub.orderId, status: "failed" as const };
    }
    return { orderId: sub.orderId, status: sub.status === "pending" ? ("failed" as const) : (sub.status as OperatorFailureDto["status"]) };
  });
}

/**
 * `POST /digitalvirgo/unsubscribe`: ends the renewal of the caller's live subscription (cancelled, cancelled_at) at
 * the operator; the affiliation already paid runs to its end. 404 `operator_not_subscribed` without one. The operator
 * is told first, outside any transaction (its answer may take seconds and must hold no lock); then one short
 * transaction records it. A failure after the operator's answer leaves the subscription active here: the pupil's
 * retry tells the operator again (harmless) and records it.
 */
export async function unsubscribe(deps: Deps_, auth: Pick<AuthInfo, "userId">): Promise<OperatorUnsubscribeDto> {
  const live = and(eq(operatorSubscriptions.userId, auth.userId), eq(operatorSubscriptions.status, "active"));
  const [sub] = await deps.db.select().from(operatorSubscriptions).where(live).orderBy(desc(operatorSubscriptions.id)).limit(1);
  if (!sub) throw new AppError(404, "operator_not_subscribed");
  await operatorAdapter(deps).unsubscribe({ orderId: sub.orderId, phone: sub.phone });
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [row] = await tx.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.id, sub.id)).for("update").limit(1);
    // Cancelled meanwhile (a concurrent unsubscribe, a refused renewal): the same answer, nothing more to write.
    const cancelledAt = row?.status === "active" ? now : (row?.cancelledAt ?? now);
    if (row?.status === "active") {
      await tx.update(operatorSubscriptions).set({ status: "cancelled", cancelledAt: now }).where(eq(operatorSubscriptions.id, sub.id));
    }
    return { status: "cancelled", cancelled_at: cancelledAt.toISOString(), end_date: await endDateOf(tx, sub) };
  });
}

/** How long one run may take to get the operator's answer about a charge before another run may ask in its place. */
const CHARGE_LEASE_MS = 2 * 60 * 1000;

type ChargeRow = typeof operatorCharges.$inferSelect;

/** Periods paid so far (the activation's and every settled renewal's movement in the ledger). */
async function paidPeriods(tx: Tx, subId: number): Promise<number> {
  const [counted] = await selectRows<{ n: number }>(
    tx,
    sql`select count(distinct movement_id)::int as n from ledger_entries where kind = 'operator' and ref_type = 'operator_subscription' and ref_id like ${`${subId}:%`}`,
  );
  return Number(counted?.n ?? 0);
}

/**
 * Step 1 of a renewal, one short transaction: the charge to ask the operator for — one left pending by an earlier run
 * (its outcome never reached the database) first, else the due period's, recorded now with its reference — leased to
 * this run. Null when nothing is due or another run holds the lease.
 */
async function claimCharge(deps: Deps_, subId: number): Promise<{ sub: SubRow; charge: ChargeRow } | null> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [sub] = await tx.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.id, subId)).for("update").limit(1);
    if (!sub || sub.userId === null) return null;
    let [charge] = await tx
      .select()
      .from(operatorCharges)
      .where(and(eq(operatorCharges.subscriptionId, sub.id), eq(operatorCharges.status, "pending")))
      .orderBy(asc(operatorCharges.period))
      .limit(1);
    if (!charge) {
      if (sub.status !== "active" || !sub.renewsAt || sub.renewsAt > now) return null;
      const period = (await paidPeriods(tx, sub.id)) + 1;
      [charge] = await tx
        .insert(operatorCharges)
        .values({ subscriptionId: sub.id, period, reference: `${sub.orderId}:${period}`, amount: sub.price, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!charge) throw new Error(`operator subscription ${sub.id}: period ${period} has a settled charge but no payment in the ledger`);
    }
    if (charge.leaseUntil && charge.leaseUntil > now) return null;
    const [leased] = await tx
      .update(operatorCharges)
      .set({ leaseUntil: new Date(now.getTime() + CHARGE_LEASE_MS), attempts: charge.attempts + 1 })
      .where(eq(operatorCharges.id, charge.id))
      .returning();
    return { sub, charge: leased! };
  });
}

/**
 * Step 3, one short transaction: applies the operator's answer to a pending charge, once. Charged: the period is
 * granted (affiliation and ledger movement, whose unique reference refuses a second one) from where the paid period
 * ended, even if the pupil unsubscribed meanwhile (they paid for it). Refused: the subscription ends and the pupil is
 * told (notification `operator_renewal_refused`, category `paySlice`).
 */
async function settleCharge(deps: Deps_, chargeId: number, outcome: "charged" | "refused"): Promise<"renewed" | "stopped" | "skip"> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [charge] = await tx.select().from(operatorCharges).where(eq(operatorCharges.id, chargeId)).for("update").limit(1);
    if (!charge || charge.status !== "pending") return "skip";
    const [sub] = await tx.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.id, charge.subscriptionId)).for("update").limit(1);
    await tx.update(operatorCharges).set({ status: outcome, settledAt: now, leaseUntil: null }).where(eq(operatorCharges.id, charge.id));
    if (!sub || sub.userId === null) return "skip";
    if (outcome === "refused") {
      if (sub.status === "active") {
        await tx.update(operatorSubscriptions).set({ status: "cancelled", cancelledAt: now }).where(eq(operatorSubscriptions.id, sub.id));
        // The pupil hears why their access will end (it runs to the end of the paid period).
        await notify(tx, { userId: sub.userId, category: "paySlice", type: "operator_renewal_refused", texts: operatorRenewalRefused({ endDate: await endDateOf(tx, sub), offer: await operatorOfferNames(tx) }), link: "/offres" });
      }
      return "stopped";
    }
    // The new period starts where the paid one ended (no gap, no overlap).
    const { renewsAt } = await grantPeriod(tx, { ...sub, price: charge.amount }, sub.userId, sub.renewsAt ?? now, charge.period);
    await tx.update(operatorSubscriptions).set({ renewsAt }).where(eq(operatorSubscriptions.id, sub.id));
    return "renewed";
  });
}

/**
 * Charges the next period of every active subscription due at `now`, once per period, and settles the charges an
 * earlier run left pending. No lock is held while the operator is called: (1) `claimCharge` records the intent and
 * leases it, (2) the operator is asked — the status of a charge already asked about once, else the charge itself, with
 * the charge's reference as its idempotency key —, (3) `settleCharge` applies the answer. Safe to run on several
 * machines at once: the charge row is unique per period and its lease lets one run call the operator at a time, and the
 * operator never charges one reference twice. A call without an answer leaves the charge pending for the next run.
 */
export async function renewDue(deps: Deps_): Promise<{ renewed: number; stopped: number; pending: number }> {
  const now = deps.now();
  const due = await deps.db
    .select({ id: operatorSubscriptions.id })
    .from(operatorSubscriptions)
    .where(
      or(
        and(eq(operatorSubscriptions.status, "active"), lte(operatorSubscriptions.renewsAt, now)),
        exists(deps.db.select({ id: operatorCharges.id }).from(operatorCharges).where(and(eq(operatorCharges.subscriptionId, operatorSubscriptions.id), eq(operatorCharges.status, "pending")))),
      ),
    )
    .orderBy(asc(operatorSubscriptions.id));
  const adapter = operatorAdapter(deps);
  const counts = { renewed: 0, stopped: 0, pending: 0 };
  for (const { id } of due) {
    const claimed = await claimCharge(deps, id);
    if (!claimed) continue;
    const { sub, charge } = claimed;
    let outcome: "charged" | "refused";
    try {
      // Asked before (the answer or its commit was lost): what the operator recorded, charging only if it has nothing.
      const known = charge.attempts > 1 ? await adapter.chargeStatus(charge.reference) : "unknown";
      outcome = known !== "unknown" ? known : await adapter.charge({ reference: charge.reference, orderId: sub.orderId, phone: sub.phone, amount: charge.amount, period: charge.period });
    } catch (err) {
      deps.log.warn("operator renewal: no answer from the operator, the charge stays pending for the next run", { subscriptionId: sub.id, reference: charge.reference, error: String(err) });
      await deps.db.update(operatorCharges).set({ leaseUntil: null }).where(and(eq(operatorCharges.id, charge.id), eq(operatorCharges.status, "pending")));
      counts.pending += 1;
      continue;
    }
    const settled = await settleCharge(deps, charge.id, outcome);
    if (settled === "renewed") counts.renewed += 1;
    if (settled === "stopped") counts.stopped += 1;
  }
  return counts;
}
