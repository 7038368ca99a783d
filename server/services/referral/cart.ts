/**
 * The pupil's gift cart (issue 20 §6): the `open` gift request, one per pupil (a unique partial index: concurrent first
 * adds make one), made by the first `POST /student/gift-request-items { gift }`. Adding needs a gift code first (403
 * `gift_code_required`, SPEC §8 "need to generate gift code first") and a gift of the catalogue in stock; one row per
 * unit. Nothing is reserved while in the cart: the stock and the tokens are taken when the order is placed
 * (`orders.ts`). `GET /student/gift-requests/current` always answers a cart — empty (`id` null, no items) when there is
 * none — so an empty cart is one state for the client (SPEC §4: it goes to /parrain/empty-cart).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { GiftCartDto } from "../../../domain/referral";
import type { Tx } from "../../db/client";
import { giftRequestItems, giftRequests, gifts } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { AppError, notFound } from "../../lib/errors";
import { ownCode } from "./gift-code";
import { giftsByIds } from "./gifts";
import { tokenBalance } from "./tokens";

/** The pupil's open request, locked (`FOR UPDATE`), or undefined. */
export async function lockOpenRequest(tx: Tx, userId: number) {
  const [row] = await tx
    .select()
    .from(giftRequests)
    .where(and(eq(giftRequests.userId, userId), eq(giftRequests.status, "open")))
    .for("update");
  return row;
}

/** `POST /student/gift-request-items { gift }`: one unit of `giftId` into the pupil's cart (made on the first add). */
export async function addGiftItem(deps: Pick<Deps, "db" | "now">, userId: number, giftId: number) {
  if (!(await ownCode(deps.db, userId))) throw new AppError(403, "gift_code_required");
  const [gift] = await deps.db.select({ stock: gifts.stock }).from(gifts).where(and(eq(gifts.id, giftId), eq(gifts.active, true)));
  if (!gift) throw notFound();
  if (gift.stock < 1) throw new AppError(409, "gift_out_of_stock", { gift: ["gift_out_of_stock"] });
  return deps.db.transaction(async (tx) => {
    // The cart may be ordered between the insert and the lock (it is then no longer open): make the next one.
    for (let attempt = 0; attempt < 3; attempt++) {
      await tx.insert(giftRequests).values({ userId, createdAt: deps.now(), updatedAt: deps.now() }).onConflictDoNothing();
      const cart = await lockOpenRequest(tx, userId);
      if (!cart) continue;
      const [item] = await tx.insert(giftRequestItems).values({ giftRequestId: cart.id, giftId, createdAt: deps.now() }).returning();
      await tx.update(giftRequests).set({ updatedAt: deps.now() }).where(eq(giftRequests.id, cart.id));
      return { id: item!.id, gift_request_id: cart.id, gift_id: giftId };
    }
    throw new Error(`gift cart: no open request for user ${userId}`);
  });
}

/** `DELETE /student/gift-request-items/{id}`: one of the pupil's own cart items (404 otherwise). Answers the cart. */
export async function removeGiftItem(deps: Pick<Deps, "db">, userId: number, itemId: number): Promise<GiftCartDto> {
  const deleted = await deps.db
    .delete(giftRequestItems)
    .where(
      and(
        eq(giftRequestItems.id, itemId),
        sql`${giftRequestItems.giftRequestId} in (select id from gift_requests where user_id = ${userId} and status = 'open')`,
      ),
    )
    .returning({ id: giftRequestItems.id });
  if (!deleted.length) throw notFound();
  return currentCart(deps, userId);
}

/** `GET /student/gift-requests/current`: the cart with each item's gift, what it costs now and the pupil's tokens. */
export async function currentCart({ db }: Pick<Deps, "db">, userId: number): Promise<GiftCartDto> {
  const [cart] = await db
    .select({ id: giftRequests.id })
    .from(giftRequests)
    .where(and(eq(giftRequests.userId, userId), eq(giftRequests.status, "open")));
  const gift_point = await tokenBalance(db, userId);
  if (!cart) return { id: null, items: [], amount: 0, gift_point };
  const rows = await db.select().from(giftRequestItems).where(eq(giftRequestItems.giftRequestId, cart.id)).orderBy(asc(giftRequestItems.id));
  const byId = await giftsByIds(db, rows.map((r) => r.giftId));
  const items = rows.map((r) => {
    const gift = byId.get(r.giftId)!;
    return { id: r.id, amount: gift.amount, gift };
  });
  return { id: cart.id, items, amount: items.reduce((sum, i) => sum + i.amount, 0), gift_point };
}
