/**
 * Top-ups of the wallet (SPEC §3, §4 payment code, §7 Wallet; issue 9 item 4): a pupil asks for a top-up by bank
 * transfer or deposit (pending until an operator approves it), D17 (a QR code) or a card payment (a hidden form to the
 * gateway). Points are credited from the platform's cash-in wallet through `postMovement`, in the same transaction as
 * the top-up's transition pending → approved, under a row lock on the top-up: whoever comes first (the gateway's
 * notification, the browser's return, a D17 check, an operator) credits; everyone after finds it approved. A credit
 * happens only when the gateway itself says the order is paid (`status()`), never on what a browser or a
 * notification claims.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { TopupInput, TopupMethod } from "../../../domain/schemas/wallet";
import type { D17PaymentDto, PaymentRedirectDto, PaymentStatusDto, PointsHistoryRowDto, TopupCodeDto, TopupStatus } from "../../../domain/wallet";
import { paymentGateways } from "../../adapters/payments";
import type { GatewayOrder } from "../../adapters/payments/types";
import type { Tx } from "../../db/client";
import { selectRows } from "../../db/rows";
import { topupCodes } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { pageMeta } from "../../lib/paging";
import { AppError, fieldError } from "../../lib/errors";
import { withIdempotency, type IdempotentResult } from "../../lib/idempotency";
import { PLATFORM_WALLETS, postMovement } from "./ledger";

type TopupRow = typeof topupCodes.$inferSelect;
type WalletDeps = Pick<Deps, "db" | "env" | "secret" | "now" | "log">;

const toDto = (r: TopupRow): TopupCodeDto => ({
  id: r.id,
  reference: r.reference,
  payment_method: r.paymentMethod as TopupMethod,
  amount: r.amount,
  comment: r.comment,
  status: r.status,
  created_at: r.createdAt.toISOString(),
});

const statusDto = (r: TopupRow): PaymentStatusDto => ({ id: r.id, status: r.status, amount: r.amount, payment_method: r.paymentMethod as TopupMethod });

const paymentNotFound = () => new AppError(404, "payment_not_found");

/** The top-up methods a deployment offers: bank always, card and D17 where their gateway runs (GET /config). */
export function offeredMethods(env: Pick<Deps["env"], "PAYMENT_GATEWAY" | "D17_GATEWAY">): TopupMethod[] {
  return [...(env.PAYMENT_GATEWAY === "off" ? [] : ["online" as const]), ...(env.D17_GATEWAY === "off" ? [] : ["d17" as const]), "bank"];
}

/** `POST /student/codes`: records the request (pending). D17 and card top-ups get an unguessable order id. */
export async function createTopup(
  deps: Pick<Deps, "db" | "now" | "env">,
  auth: Pick<AuthInfo, "userId">,
  input: TopupInput,
  idempotencyKey: string | undefined,
  requestHash: string,
): Promise<IdempotentResult<TopupCodeDto>> {
  // Card and D17 top-ups are offered only where their gateway runs (the sandboxes outside production).
  if (!offeredMethods(deps.env).includes(input.paymentMethod)) throw fieldError(422, "paymentMethod", "payment_method_invalid");
  return withIdempotency(deps, auth, idempotencyKey, requestHash, async (tx) => {
    const [row] = await tx
      .insert(topupCodes)
      .values({
        userId: auth.userId,
        paymentMethod: input.paymentMethod,
        reference: input.paymentMethod === "bank" ? input.reference : null,
        amount: input.amount,
        comment: input.comment?.trim() ? input.comment.trim() : null,
        orderId: input.paymentMethod === "bank" ? null : randomBytes(16).toString("hex"),
        createdAt: deps.now(),
      })
      .returning();
    return toDto(row!);
  });
}

/** The pupil's own top-up (404 `payment_not_found` for anyone else's or a missing one). */
async function ownTopup(deps: Pick<Deps, "db">, userId: number, id: number, method?: TopupMethod): Promise<TopupRow> {
  const [row] = await deps.db
    .select()
    .from(topupCodes)
    .where(and(eq(topupCodes.id, id), eq(topupCodes.userId, userId)))
    .limit(1);
  if (!row || (method && row.paymentMethod !== method)) throw paymentNotFound();
  return row;
}

/** The order as the app registers it with a gateway. `origin` is the app's public origin (PUBLIC_URL or the request's). */
function gatewayOrder(row: TopupRow, origin: string, lang: GatewayOrder["lang"]): GatewayOrder {
  const q = `?orderId=${row.orderId}`;
  return {
    orderId: row.orderId!,
    amount: row.amount,
    description: `Darsi — recharge #${row.id}`,
    returnUrl: `${origin}/payment/success${q}`,
    failUrl: `${origin}/payment/echec${q}`,
    notifyUrl: `${origin}/api/payment/notify`,
    lang,
  };
}

/** `GET /payment/redirect/{id}`: registers the card top-up with the gateway and gives the hidden form to post. */
export async function paymentRedirect(deps: WalletDeps, auth: Pick<AuthInfo, "userId">, id: number, origin: string, lang: GatewayOrder["lang"]): Promise<PaymentRedirectDto> {
  const row = await ownTopup(deps, auth.userId, id, "online");
  if (row.status !== "pending") throw new AppError(409, "topup_not_pending");
  return paymentGateways(deps).card.register(gatewayOrder(row, origin, lang));
}

/** `GET /payment/d17/{id}`: registers the D17 top-up and gives the payment URL its QR code encodes. */
export async function d17Payment(deps: WalletDeps, auth: Pick<AuthInfo, "userId">, id: number, origin: string): Promise<D17PaymentDto> {
  const row = await ownTopup(deps, auth.userId, id, "d17");
  if (row.status !== "pending") throw new AppError(409, "topup_not_pending");
  const { paymentUrl } = await paymentGateways(deps).d17.register(gatewayOrder(row, origin, "fr"));
  return { id: row.id, url: paymentUrl, amount: row.amount, status: row.status };
}

/**
 * Applies a decision to a pending top-up, once: locks the row, and only if it is still pending credits it (approved:
 * cash-in → pupil, kind `topup`, ref the top-up) or closes it (`failed` / `rejected`: nothing moves). Returns the row
 * as it stands after.
 */
async function decide(tx: Tx, id: number, outcome: "approved" | "failed" | "rejected", by: string, now: Date): Promise<{ row: TopupRow; changed: boolean }> {
  const [row] = await tx.select().from(topupCodes).where(eq(topupCodes.id, id)).for("update");
  if (!row) throw paymentNotFound();
  if (row.status !== "pending") return { row, changed: false };
  let movementId: string | null = null;
  if (outcome === "approved") {
    movementId = await postMovement(tx, {
      kind: "topup",
      from: PLATFORM_WALLETS.cashIn,
      to: row.userId,
      amount: row.amount,
      description: `Recharge ${row.paymentMethod} #${row.id}`,
      ref: { type: "topup", id: row.id },
    });
  }
  const [updated] = await tx
    .update(topupCodes)
    .set({ status: outcome, decidedAt: now, decidedBy: by, movementId })
    .where(and(eq(topupCodes.id, id), eq(topupCodes.status, "pending")))
    .returning();
  return { row: updated!, changed: true };
}

/**
 * Settles a D17 or card top-up by asking its gateway (outside the transaction: a provider's answer may take seconds
 * and holds no lock), then, if the gateway says paid or failed, applies it under the row lock. `via` is recorded as
 * who decided (`gateway-notify`, `browser-return`, `d17-check`). A paid amount that differs from the top-up's is
 * never credited (the order stays pending for an operator to look at).
 */
async function settleOrder(deps: WalletDeps, row: TopupRow, via: string): Promise<TopupRow> {
  if (row.status !== "pending" || !row.orderId) return row;
  const gateways = paymentGateways(deps);
  const gateway = row.paymentMethod === "d17" ? gateways.d17 : gateways.card;
  const answer = await gateway.status(row.orderId);
  if (answer.status === "pending") return row;
  // An amount mismatch keeps the row pending: for an operator to resolve, never credited automatically.
  if (answer.status === "paid" && answer.amount !== null && answer.amount !== row.amount) {
    deps.log.warn("top-up paid with another amount: left pending for an operator", { topupId: row.id, expected: row.amount, paid: answer.amount });
    return row;
  }
  const { row: after } = await deps.db.transaction((tx) => decide(tx, row.id, answer.status === "paid" ? "approved" : "failed", via, deps.now()));
  return after;
}

/** A top-up by its order id (D17 or card); with `userId`, only that pupil's (404 otherwise). */
async function byOrder(deps: Pick<Deps, "db">, orderId: string, userId?: number): Promise<TopupRow> {
  const [row] = await deps.db
    .select()
    .from(topupCodes)
    .where(userId === undefined ? eq(topupCodes.orderId, orderId) : and(eq(topupCodes.orderId, orderId), eq(topupCodes.userId, userId)))
    .limit(1);
  if (!row) throw paymentNotFound();
  return row;
}

/**
 * `POST /payment/success` and `/payment/echec` (the browser's return): confirms the pupil's order with the gateway.
 * Both ask the gateway: a return to the failure page of an order the gateway says is paid still credits it.
 */
export async function confirmReturn(
  deps: WalletDeps,
  auth: Pick<AuthInfo, "userId">,
  orderId: string,
  idempotencyKey: string | undefined,
  requestHash: string,
): Promise<IdempotentResult<PaymentStatusDto>> {
  const row = await byOrder(deps, orderId, auth.userId);
  const after = await settleOrder(deps, row, "browser-return");
  // The answer is stored under the key (a retry replays it); the credit itself happened once above, under its lock.
  return withIdempotency(deps, auth, idempotencyKey, requestHash, async () => statusDto(after));
}

/** `GET /payment/d17/check/{id}` ("Continuer"): asks D17 and credits once when paid. */
export async function checkD17(
  deps: WalletDeps,
  auth: Pick<AuthInfo, "userId">,
  id: number,
  idempotencyKey: string | undefined,
  requestHash: string,
): Promise<IdempotentResult<PaymentStatusDto>> {
  const row = await ownTopup(deps, auth.userId, id, "d17");
  const after = await settleOrder(deps, row, "d17-check");
  return withIdempotency(deps, auth, idempotencyKey, requestHash, async () => statusDto(after));
}

/** The gateway's notification (signature already verified): a hint to ask the gateway now. */
export async function notifyOrder(deps: WalletDeps, orderId: string): Promise<{ status: TopupStatus }> {
  const row = await byOrder(deps, orderId);
  const after = await settleOrder(deps, row, "gateway-notify");
  return { status: after.status };
}

/**
 * Operator commands `approve-topup <id>` / `reject-topup <id>`: a bank transfer or deposit, once its money is seen on
 * the account. Approve credits the pupil; reject moves nothing; either on a top-up no longer pending is 409
 * `topup_not_pending` (a second approve credits nothing). D17 and card top-ups are decided by their gateway only.
 */
export async function decideBankTopup(deps: Pick<Deps, "db" | "now">, id: number, outcome: "approved" | "rejected", by = "operator"): Promise<TopupCodeDto> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select({ method: topupCodes.paymentMethod }).from(topupCodes).where(eq(topupCodes.id, id)).limit(1);
    if (!found) throw paymentNotFound();
    if (found.method !== "bank") throw new AppError(409, "topup_not_pending", undefined, "Only bank transfers and deposits are decided by an operator");
    const { row, changed } = await decide(tx, id, outcome, by, deps.now());
    if (!changed) throw new AppError(409, "topup_not_pending");
    return toDto(row);
  });
}

/**
 * `GET /codes?page&perPage`: the pupil's points history, newest first: every top-up request (with its status), and
 * every other movement of the pupil's wallet from the ledger (purchases, transfers, rewards, refunds…), so that the
 * history explains the whole balance. Top-ups' own movements are not listed twice.
 */
export async function pointsHistory(
  deps: Pick<Deps, "db">,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ items: PointsHistoryRowDto[]; meta: { current_page: number; last_page: number; total: number } }> {
  const union = sql`
    select 'topup' as source, t.id::bigint as sort_id, coalesce(t.reference, '#' || t.id::text) as code, t.payment_method as method,
           t.amount as amount, coalesce(t.comment, '') as description, t.created_at as date, t.status as status
    from topup_codes t where t.user_id = ${userId}
    union all
    select 'movement', e.id, coalesce(e.ref_type || '-' || e.ref_id, substr(e.movement_id::text, 1, 8)), e.kind,
           e.amount, e.description, e.created_at, 'approved'
    from ledger_entries e where e.wallet_id = ${userId} and e.kind <> 'topup'`;
  type Row = { source: string; sort_id: string | number; code: string; method: string; amount: string | number; description: string; date: string | Date; status: string };
  const [count] = await selectRows<{ n: number }>(deps.db, sql`select count(*)::int as n from (${union}) h`);
  const total = Number(count?.n ?? 0);
  const rows = await selectRows<Row>(
    deps.db,
    sql`select * from (${union}) h order by h.date desc, h.sort_id desc limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  const items = rows.map((r) => ({
    key: `${r.source}-${r.sort_id}`,
    code: r.code,
    method: r.method as PointsHistoryRowDto["method"],
    amount: Number(r.amount),
    description: r.description,
    date: new Date(r.date).toISOString(),
    status: r.status as TopupStatus,
  }));
  return { items, meta: pageMeta(page, perPage, total) };
}
