/**
 * Gift orders (issue 20 §6): `POST /student/gift-requests-delivery` turns the pupil's cart into an order with its
 * delivery address. One transaction, once per Idempotency-Key:
 * 1. the pupil's token account is locked first (`lockTokens`): two orders (or an order and a conversion) of one pupil
 *    take turns, and a second order of the same cart finds no open cart left (404 `no_gift_request_items`);
 * 2. the cart's items are priced at the catalogue's price (a gift taken off the catalogue is out of stock);
 * 3. too few tokens: 402 `tokens_insufficient` before any stock is touched;
 * 4. the stock is checked and taken in the same statement, gift by gift in id order (no deadlock between two carts):
 *    `UPDATE gifts SET stock = stock - n WHERE id = … AND stock >= n`; a gift short: 409 `gift_out_of_stock` and the
 *    whole transaction rolls back (no token, no other gift's stock moves);
 * 5. the tokens leave the token ledger (reason `order`, referring to the order: once by the ledger's unique index);
 * 6. the items keep the price paid, the request becomes `pending` with its delivery.
 * Orders are read by their owner only (`GET /student/gift-requests`, paged; `…/{id}`: another pupil's is a 404).
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { TUNISIA_COUNTRY_ID } from "../../../domain/constants";
import type { DeliveryInput, GiftOrderDto, GiftOrderStatus, PlacedGiftOrderDto } from "../../../domain/referral";
import type { Db, Tx } from "../../db/client";
import { giftRequestItems, giftRequests, gifts, states } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError, notFound } from "../../lib/errors";
import { withIdempotency, type IdempotentResult } from "../../lib/idempotency";
import { pageMeta } from "../../lib/paging";
import { lockOpenRequest } from "./cart";
import { giftsByIds } from "./gifts";
import { lockTokens, postTokens } from "./tokens";

type RequestRow = typeof giftRequests.$inferSelect;

/** The units of each gift in `items`, by gift id in ascending order (the order stock is taken and given back in). */
export function unitsByGift(items: Array<{ giftId: number }>): Array<[giftId: number, units: number]> {
  const counts = new Map<number, number>();
  for (const i of items) counts.set(i.giftId, (counts.get(i.giftId) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}

/** Takes `units` of each gift from the stock, each in one statement; the gifts that were short (nothing taken for them). */
async function takeStock(tx: Tx, units: Array<[number, number]>): Promise<number[]> {
  const short: number[] = [];
  for (const [giftId, n] of units) {
    const taken = await tx
      .update(gifts)
      .set({ stock: sql`${gifts.stock} - ${n}` })
      .where(and(eq(gifts.id, giftId), eq(gifts.active, true), sql`${gifts.stock} >= ${n}`))
      .returning({ id: gifts.id });
    if (!taken.length) short.push(giftId);
  }
  return short;
}

async function checkState(tx: Tx, stateId: number): Promise<void> {
  const [state] = await tx.select({ countryId: states.countryId }).from(states).where(eq(states.id, stateId));
  if (state?.countryId !== TUNISIA_COUNTRY_ID) throw fieldError(422, "state", "state_invalid");
}

/** The cart's items with the catalogue's price; 404 `no_gift_request_items` for no cart or an empty one. */
async function pricedCart(tx: Tx, cart: RequestRow | undefined) {
  const items = cart ? await tx.select().from(giftRequestItems).where(eq(giftRequestItems.giftRequestId, cart.id)) : [];
  if (!cart || !items.length) throw new AppError(404, "no_gift_request_items");
  const prices = await tx.select({ id: gifts.id, amount: gifts.amount }).from(gifts).where(inArray(gifts.id, [...new Set(items.map((i) => i.giftId))]));
  const price = new Map(prices.map((g) => [g.id, g.amount]));
  return { cart, items, price, total: items.reduce((sum, i) => sum + (price.get(i.giftId) ?? 0), 0) };
}

export async function placeGiftOrder(
  deps: Pick<Deps, "db" | "now">,
  auth: Pick<AuthInfo, "userId" | "adminId">,
  input: DeliveryInput,
  idempotencyKey: string | undefined,
  hash: string,
): Promise<IdempotentResult<PlacedGiftOrderDto>> {
  return withIdempotency(deps, auth, idempotencyKey, hash, async (tx) => {
    const userId = auth.userId;
    const now = deps.now();
    await checkState(tx, input.state);
    const { balance } = await lockTokens(tx, userId);
    const { cart, items, price, total } = await pricedCart(tx, await lockOpenRequest(tx, userId));
    if (balance < total) throw new AppError(402, "tokens_insufficient");
    const short = await takeStock(tx, unitsByGift(items));
    if (short.length) throw new AppError(409, "gift_out_of_stock", { gift: ["gift_out_of_stock"] }, `Out of stock: gift ${short.join(", ")}`);
    await postTokens(tx, { userId, amount: -total, reason: "order", ref: { type: "gift_request", id: cart.id }, description: `Commande de cadeaux n° ${cart.id}`, adminId: auth.adminId });
    for (const [giftId, amount] of price) {
      await tx.update(giftRequestItems).set({ amount }).where(and(eq(giftRequestItems.giftRequestId, cart.id), eq(giftRequestItems.giftId, giftId)));
    }
    await tx
      .update(giftRequests)
      .set({
        status: "pending",
        amount: total,
        name: input.name,
        phone1: input.phone1,
        phone2: input.phone2 || null,
        email: input.email,
        stateId: input.state,
        address: input.address,
        postalCode: input.postalCode || null,
        note: input.note || null,
        orderedAt: now,
        updatedAt: now,
      })
      .where(eq(giftRequests.id, cart.id));
    const [order] = await orderDtos(tx, await tx.select().from(giftRequests).where(eq(giftRequests.id, cart.id)));
    return { order: order!, gift_point: balance - total };
  });
}

/** Orders as the pupil reads them: their items with the gift and the price paid, the delivery, the status. */
async function orderDtos(db: Db | Tx, rows: RequestRow[]): Promise<GiftOrderDto[]> {
  if (!rows.length) return [];
  const items = await db.select().from(giftRequestItems).where(inArray(giftRequestItems.giftRequestId, rows.map((r) => r.id))).orderBy(giftRequestItems.id);
  const byId = await giftsByIds(db, items.map((i) => i.giftId));
  const stateIds = [...new Set(rows.map((r) => r.stateId).filter((x): x is number => x !== null))];
  const stateRows = stateIds.length ? await db.select({ id: states.id, name: states.name, name_ar: states.nameAr }).from(states).where(inArray(states.id, stateIds)) : [];
  return rows.map((r) => ({
    id: r.id,
    amount: r.amount,
    status: r.status as GiftOrderStatus,
    note: r.note,
    reason: r.reason,
    created_at: (r.orderedAt ?? r.createdAt).toISOString(),
    updated_at: r.updatedAt.toISOString(),
    items: items.filter((i) => i.giftRequestId === r.id).map((i) => ({ id: i.id, amount: i.amount ?? 0, gift: byId.get(i.giftId)! })),
    delivery: {
      name: r.name ?? "",
      phone1: r.phone1 ?? "",
      phone2: r.phone2,
      email: r.email ?? "",
      state: stateRows.find((s) => s.id === r.stateId) ?? null,
      address: r.address ?? "",
      postal_code: r.postalCode,
      note: r.note,
    },
  }));
}

/** `GET /student/gift-requests`: the pupil's orders (not the cart), newest first, paged. */
export async function listGiftOrders(deps: Pick<Deps, "db">, userId: number, page: number, perPage: number) {
  const mine = and(eq(giftRequests.userId, userId), ne(giftRequests.status, "open"));
  const [total] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(giftRequests).where(mine);
  const rows = await deps.db
    .select()
    .from(giftRequests)
    .where(mine)
    .orderBy(desc(giftRequests.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { payload: await orderDtos(deps.db, rows), meta: pageMeta(page, perPage, total?.n ?? 0) };
}

/** `GET /student/gift-requests/{id}`: one of the pupil's orders; another pupil's (or a cart) is a 404. */
export async function getGiftOrder(deps: Pick<Deps, "db">, userId: number, id: number): Promise<GiftOrderDto> {
  const rows = await deps.db
    .select()
    .from(giftRequests)
    .where(and(eq(giftRequests.id, id), eq(giftRequests.userId, userId), ne(giftRequests.status, "open")));
  const [order] = await orderDtos(deps.db, rows);
  if (!order) throw notFound();
  return order;
}
