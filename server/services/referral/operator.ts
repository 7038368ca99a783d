/**
 * The operator's side of the referral programme (issue 20 §7, §8), behind the admin key (`npm run admin -- …`):
 * - `gift-order <id> approve|reject|ship|deliver [reason]`: the allowed steps only (`canMoveGiftOrder`); a step to the
 *   status the order already has changes nothing (a second rejection returns nothing again); a rejection gives the
 *   tokens back (reason `order_returned`, once by the ledger's unique reference) and the stock, in one transaction with
 *   the status; every step is notified to the pupil (bell and push, in their language: `giftOrderStatus`);
 * - `gift-stock <gift id> <count>`: sets a gift's stock to `count` units;
 * - `token-adjust <login> <±tokens> <reason>`: one audited token entry (reason `operator`, the operator's words as its
 *   description); a withdrawal never below zero (402 `tokens_insufficient`);
 * - `referral-flags`: the code uses flagged for review, newest first.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import {
  canMoveGiftOrder,
  GIFT_ORDER_STEPS,
  type GiftOrderStatus,
  type GiftOrderStep,
  type GiftOrderStepDto,
  type ReferralFlagDto,
} from "../../../domain/referral";
import type { Tx } from "../../db/client";
import { selectRows } from "../../db/rows";
import {
  giftRequestItems,
  giftRequests,
  gifts,
  referralFlags,
} from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError, notFound } from "../../lib/errors";
import { findByCredential } from "../auth/users";
import { deliverPendingPushes } from "../notifications/dispatch";
import { notify } from "../notifications/notify";
import { giftOrderStatus } from "../notifications/texts";
import { unitsByGift } from "./orders";
import { postTokens, tokenBalance } from "./tokens";

/**
 * One step on a gift order inside the caller's transaction: the order locked, the move checked, a rejection's tokens and
 * stock given back, the pupil notified (their push is sent by the caller, after the commit). The seed uses it too.
 */
export async function moveGiftOrder(
  tx: Tx,
  now: Date,
  id: number,
  step: GiftOrderStep,
  reason: string | null,
): Promise<GiftOrderStepDto> {
  const target = GIFT_ORDER_STEPS[step];
  const [order] = await tx
    .select()
    .from(giftRequests)
    .where(eq(giftRequests.id, id))
    .for("update");
  if (!order || order.status === "open") throw notFound();
  const from = order.status as GiftOrderStatus;
  const answer = {
    id,
    user_id: order.userId,
    status: target,
    changed: false,
    tokens_returned: 0,
  };
  if (from === target) return answer;
  if (!canMoveGiftOrder(from, target)) {
    throw new AppError(
      409,
      "gift_order_transition_invalid",
      undefined,
      `Order ${id} is ${from}: it cannot be ${target}`,
    );
  }
  if (target === "rejected") {
    if (order.amount > 0) {
      await postTokens(tx, {
        userId: order.userId,
        amount: order.amount,
        reason: "order_returned",
        ref: { type: "gift_request", id },
        description: `Commande n° ${id} refusée`,
      });
    }
    const items = await tx
      .select({ giftId: giftRequestItems.giftId })
      .from(giftRequestItems)
      .where(eq(giftRequestItems.giftRequestId, id));
    for (const [giftId, n] of unitsByGift(items)) {
      await tx
        .update(gifts)
        .set({ stock: sql`${gifts.stock} + ${n}` })
        .where(eq(gifts.id, giftId));
    }
    answer.tokens_returned = order.amount;
  }
  await tx
    .update(giftRequests)
    .set({ status: target, reason, updatedAt: now })
    .where(eq(giftRequests.id, id));
  await notify(tx, {
    userId: order.userId,
    category: "giftCodeUsed",
    type: "gift_order_status",
    texts: giftOrderStatus({ orderId: id, status: target, reason }),
    link: `/parrain/purchase-history/${id}`,
    data: { orderId: String(id), status: target },
  });
  return { ...answer, changed: true };
}

/** One operator step on a gift order (see the module's comment), then its push. */
export async function stepGiftOrder(
  deps: Deps,
  id: number,
  step: GiftOrderStep,
  reason: string | null,
): Promise<GiftOrderStepDto> {
  const result = await deps.db.transaction((tx) =>
    moveGiftOrder(tx, deps.now(), id, step, reason),
  );
  if (result.changed) await deliverPendingPushes(deps);
  return result;
}

/** `gift-stock <gift id> <count>`: the gift's stock set to `stock` units. */
export async function setGiftStock(
  deps: Pick<Deps, "db">,
  id: number,
  stock: number,
) {
  const [row] = await deps.db
    .update(gifts)
    .set({ stock })
    .where(eq(gifts.id, id))
    .returning({ id: gifts.id, stock: gifts.stock });
  if (!row) throw notFound();
  return row;
}

/** `token-adjust <login> <±tokens> <reason>`: one audited entry; never below zero. */
export async function adjustTokens(
  deps: Pick<Deps, "db">,
  input: { login: string; tokens: number; reason: string },
) {
  const user = await findByCredential(deps.db, input.login);
  if (!user) throw notFound();
  return deps.db.transaction(async (tx) => {
    try {
      await postTokens(tx, {
        userId: user.id,
        amount: input.tokens,
        reason: "operator",
        ref: { type: "operator_adjustment", id: randomUUID() },
        description: input.reason,
      });
    } catch (err) {
      if (!(err instanceof AppError && err.code === "tokens_insufficient"))
        throw err;
      throw new AppError(
        402,
        "tokens_insufficient",
        undefined,
        `User ${user.id} has ${await tokenBalance(tx, user.id)} tokens: ${-input.tokens} cannot be taken`,
      );
    }
    return {
      user_id: user.id,
      tokens: input.tokens,
      gift_point: await tokenBalance(tx, user.id),
    };
  });
}

/** `referral-flags`: the flagged code uses, newest first, with the referrer's and the friend's names. */
export async function listReferralFlags(
  deps: Pick<Deps, "db">,
): Promise<ReferralFlagDto[]> {
  type Row = {
    id: number;
    kind: ReferralFlagDto["kind"];
    referrer_id: number;
    referrer: string;
    friend_id: number;
    friend: string;
    discount_use_id: number;
    detail: string;
    created_at: Date | string;
  };
  const rows = await selectRows<Row>(
    deps.db,
    sql`select f.id, f.kind, f.referrer_id, r.name || ' ' || r.last_name as referrer, f.friend_id, u.name || ' ' || u.last_name as friend,
        f.discount_use_id, f.detail, f.created_at
      from ${referralFlags} f join users r on r.id = f.referrer_id join users u on u.id = f.friend_id
      order by f.id desc limit 500`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    referrer_id: Number(r.referrer_id),
    friend_id: Number(r.friend_id),
    discount_use_id: Number(r.discount_use_id),
    created_at: new Date(r.created_at).toISOString(),
  }));
}
