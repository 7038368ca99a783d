/**
 * The mobile-operator subscription (SPEC §2 operator landing, §5 operator checkout, §6 unsubscribe on offer 33).
 *
 * - `startCheckout` (a visitor, `POST /checkout`) and `startUserCheckout` (signed in, `POST /digitalvirgo/checkout`)
 *   record a pending subscription with the level's price and send the browser to the operator's confirmation.
 * - `activateFromReturn` (`GET /digitalvirgo/success`) checks the operator's signed return with the adapter and
 *   activates ONCE under a row lock, however often the return arrives: the pupil's account (created for a new phone:
 *   verified, in the chosen class, with an SMS code to choose a password), an affiliation of group 33 for the paid
 *   period, and the operator's payment in the ledger (cash-in → revenue, kind `operator`; the pupil's points do not
 *   move), all in one transaction.
 * - `failFromReturn` (`POST /digitalvirgo/echec`) records a refused or cancelled confirmation.
 * - `unsubscribe` stops the renewals; access lasts until the paid period ends.
 * - `renewDue` charges the next period of every subscription whose renewal is due, once per period.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import { TUNISIA_COUNTRY_ID } from "../../../domain/constants";
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
import { operatorAdapter } from "../../adapters/operator";
import type { Tx } from "../../db/client";
import { affiliations, divisions, operatorSubscriptions, users, wallets } from "../../db/schema";
import { issueToken, type AuthInfo } from "../../lib/auth";
import { hashPassword, randomToken } from "../../lib/crypto";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError, forbidden } from "../../lib/errors";
import { withIdempotency, type IdempotentResult } from "../../lib/idempotency";
import { PLATFORM_WALLETS, postMovement } from "../wallet/ledger";
import { createCode } from "../auth/codes";
import { sendMessage } from "../messages/send";
import { publicUrl } from "../../lib/public-url";

/** Where the operator sends the browser back (the app's return pages, SPEC §2 guards). */
export const RETURN_URLS = { success: "/digitalvirgo/success", fail: "/digitalvirgo/echec" } as const;
/** A visitor who just subscribed gets a session from the return this long after the activation (a reload, a retry). */
export const SESSION_WINDOW_MS = 15 * 60 * 1000;
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
 * Records a pending subscription and asks the operator for its confirmation page. A pending one left by an abandoned
 * confirmation of the same phone is closed first (failed): the operator never charged it.
 */
async function openOrder(deps: Deps_, tx: Tx, input: { userId: number | null; phone: string; divisionId: number; recurrence: Recurrence }): Promise<OperatorCheckoutDto> {
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
  const { redirectUrl } = await operatorAdapter(deps).startCheckout({
    orderId,
    phone: input.phone,
    recurrence: input.recurrence,
    price,
    successUrl: RETURN_URLS.success,
    failUrl: RETURN_URLS.fail,
  });
  return { redirectUrl, orderId };
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
  return withIdempotency(deps, VISITOR, key, input.requestHash, async (tx) => {
    await lock(tx, `operator-phone:${input.phone}`);
    if (await activeOf(tx, input.phone)) throw alreadyClient();
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
    if (owner) throw fieldError(422, "phone", "operator_phone_exists");
    return openOrder(deps, tx, { userId: null, phone: input.phone, divisionId: input.division, recurrence: input.recurrence });
  });
}

/** `POST /digitalvirgo/checkout` (signed in): the account's own phone and class. */
export async function startUserCheckout(
  deps: Deps_,
  auth: Pick<AuthInfo, "userId">,
  input: { recurrence: Recurrence; idempotencyKey: string | undefined; requestHash: string },
): Promise<IdempotentResult<OperatorCheckoutDto>> {
  return withIdempotency(deps, auth, input.idempotencyKey, input.requestHash, async (tx) => {
    const [me] = await tx.select({ phone: users.phone, divisionId: users.divisionId }).from(users).where(eq(users.id, auth.userId)).limit(1);
    if (!me?.phone) throw fieldError(422, "phone", "phone_required");
    if (me.divisionId === null) throw fieldError(422, "division", "division_required");
    await lock(tx, `operator-phone:${me.phone}`);
    if (await activeOf(tx, me.phone)) throw alreadyClient();
    return openOrder(deps, tx, { userId: auth.userId, phone: me.phone, divisionId: me.divisionId, recurrence: input.recurrence });
  });
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
      name: "Abonné",
      lastName: "Ooredoo",
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
  return a?.endDate ?? (sub.renewsAt ?? new Date(0)).toISOString().slice(0, 10);
}

/**
 * `GET /digitalvirgo/success?…&checkFromFront`: the operator's return, verified by the adapter, activates the order
 * once. A repeated return answers the same activation (no second affiliation, no second payment). When this
 * subscription created the account (a visitor's new phone), the answer carries a session if the return comes within
 * SESSION_WINDOW_MS of the activation; a pupil who subscribed from their account keeps their own session.
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
    if (dto.newAccount && fresh && row.userId !== null) {
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
 * the operator; the affiliation already paid runs to its end. 404 `operator_not_subscribed` without one.
 */
export async function unsubscribe(deps: Deps_, auth: Pick<AuthInfo, "userId">): Promise<OperatorUnsubscribeDto> {
  return deps.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(operatorSubscriptions)
      .where(and(eq(operatorSubscriptions.userId, auth.userId), eq(operatorSubscriptions.status, "active")))
      .orderBy(desc(operatorSubscriptions.id))
      .for("update")
      .limit(1);
    if (!sub) throw new AppError(404, "operator_not_subscribed");
    await operatorAdapter(deps).unsubscribe({ orderId: sub.orderId, phone: sub.phone });
    const now = deps.now();
    await tx.update(operatorSubscriptions).set({ status: "cancelled", cancelledAt: now }).where(eq(operatorSubscriptions.id, sub.id));
    return { status: "cancelled", cancelled_at: now.toISOString(), end_date: await endDateOf(tx, sub) };
  });
}

/** Whether the user has a live (renewing) operator subscription: `/auth/me`'s `digitalVirgoClient`. */
export async function isOperatorClient(deps: Pick<Deps, "db">, userId: number): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: operatorSubscriptions.id })
    .from(operatorSubscriptions)
    .where(and(eq(operatorSubscriptions.userId, userId), eq(operatorSubscriptions.status, "active")))
    .limit(1);
  return Boolean(row);
}

/**
 * Charges the next period of every active subscription due at `now`, once per period: each subscription is locked,
 * its period number comes from the ledger (`operator_subscription` refs), and `renews_at` moves forward in the same
 * transaction as the payment. A refused charge cancels the subscription (the operator closed the line).
 */
export async function renewDue(deps: Deps_): Promise<{ renewed: number; stopped: number }> {
  const now = deps.now();
  const due = await deps.db
    .select({ id: operatorSubscriptions.id })
    .from(operatorSubscriptions)
    .where(and(eq(operatorSubscriptions.status, "active"), lte(operatorSubscriptions.renewsAt, now)))
    .orderBy(asc(operatorSubscriptions.id));
  let renewed = 0;
  let stopped = 0;
  for (const { id } of due) {
    const outcome = await deps.db.transaction(async (tx) => {
      const [sub] = await tx.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.id, id)).for("update").limit(1);
      if (!sub || sub.status !== "active" || !sub.renewsAt || sub.renewsAt > now || sub.userId === null) return "skip";
      const counted = (await tx.execute(
        sql`select count(distinct movement_id)::int as n from ledger_entries where ref_type = 'operator_subscription' and ref_id like ${`${sub.id}:%`}`,
      )) as unknown as { rows: Array<{ n: number }> };
      const period = Number(counted.rows[0]?.n ?? 0) + 1;
      const ok = await operatorAdapter(deps).renew({ orderId: sub.orderId, phone: sub.phone, price: sub.price, period });
      if (!ok) {
        await tx.update(operatorSubscriptions).set({ status: "cancelled", cancelledAt: now }).where(eq(operatorSubscriptions.id, sub.id));
        return "stopped";
      }
      // The new period starts where the paid one ended (no gap, no overlap).
      const { renewsAt } = await grantPeriod(tx, sub, sub.userId, sub.renewsAt, period);
      await tx.update(operatorSubscriptions).set({ renewsAt }).where(eq(operatorSubscriptions.id, sub.id));
      return "renewed";
    });
    if (outcome === "renewed") renewed += 1;
    if (outcome === "stopped") stopped += 1;
  }
  return { renewed, stopped };
}

