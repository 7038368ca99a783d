/**
 * An operator's refund of a purchase (`npm run admin -- refund-purchase <id>`): the price goes back to the pupil
 * through the ledger once, however often and however concurrently it is asked, and the subscription's access ends.
 * The share a code's owner earned on the purchase is taken back, never past their balance (issue 18).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { percentOfDown, tnd } from "../../domain/money";
import { priceOffer, toPricedOffer, type OfferDto } from "../../domain/offers";
import { discountCodes, discountCodeUses } from "../../server/db/schema";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { balanceOf, checkLedger, PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let key: Record<string, string>;
beforeAll(async () => {
  h = await startTestServer();
  key = { "x-admin-key": adminCliKey(h.deps.secret) };
});
afterAll(() => h?.close());

describe("refund-purchase", () => {
  it("pays the price back once (ten concurrent asks: one refund), ends the access, and keeps the ledger reconciled", async () => {
    const p = await h.registerVerified({ division: 7 });
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: p.id, amount: tnd(200) }));
    const offers = (await h.request("GET", "/api/student/offers", { token: p.token })).json.payload as OfferDto[];
    const gold = offers.find((o) => o.offer_id === 35)!;
    const price = gold.pricing.find((x) => x.period === "month")!.final_price;
    const bought = await h.request("POST", "/api/student/checkout/buy", {
      token: p.token,
      body: { offerDivisionDetail: gold.id, period: "month", amount: price },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(bought.status, bought.text).toBeLessThan(300);
    const affiliationId = bought.json.payload.affiliation.id as number;
    expect(await balanceOf(h.deps.db, p.id)).toBe(tnd(200) - price);
    expect((await h.request("GET", "/api/auth/me", { token: p.token })).json.payload.affiliations).toHaveLength(1);

    const answers = await Promise.all(Array.from({ length: 10 }, () => h.request("POST", `/api/admin/affiliations/${affiliationId}/refund`, { body: {}, headers: key })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.find((a) => a.status === 200)!.json.payload).toMatchObject({ affiliationId, userId: p.id, refunded: price });

    expect(await balanceOf(h.deps.db, p.id)).toBe(tnd(200));
    expect((await h.request("GET", "/api/auth/me", { token: p.token })).json.payload.affiliations).toEqual([]);
    const history = (await h.request("GET", "/api/codes", { token: p.token })).json.payload as Array<{ method: string; amount: number }>;
    expect(history.filter((r) => r.method === "refund")).toEqual([expect.objectContaining({ amount: price })]);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("answers 404 for an unknown subscription and 403 without the operator key, changing nothing", async () => {
    expect((await h.request("POST", "/api/admin/affiliations/999999/refund", { body: {}, headers: key })).status).toBe(404);
    expect((await h.request("POST", "/api/admin/affiliations/1/refund", { body: {} })).status).toBe(403);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  /** A pupil of class 7 with `points` who buys Gold for a month with `code` (5 % off): the affiliation id and what was paid. */
  async function buyWithCode(code: string, percent: number) {
    const p = await h.registerVerified({ division: 7 });
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: p.id, amount: tnd(200) }));
    const gold = ((await h.request("GET", "/api/student/offers", { token: p.token })).json.payload as OfferDto[]).find((o) => o.offer_id === 35)!;
    const priced = priceOffer(toPricedOffer(gold), { period: "month", subjectIds: null, code: { type: "percentage", amount: percent } });
    if (!priced.ok) throw new Error("Gold has no monthly price");
    expect((await h.request("POST", "/api/student/discount-code", { token: p.token, body: { code, offerId: 35, period: "month" } })).status).toBe(201);
    const bought = await h.request("POST", "/api/student/checkout/buy", {
      token: p.token,
      body: { offerDivisionDetail: gold.id, period: "month", amount: priced.price.final },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(bought.status, bought.text).toBe(201);
    return { pupil: p, affiliationId: bought.json.payload.affiliation.id as number, price: priced.price };
  }

  async function codeOwner(kind: "referral" | "influencer", share: number) {
    const owner = await h.registerVerified({ division: 7 });
    const code = `${kind === "referral" ? "CP-" : ""}RB${randomBytes(3).toString("hex").toUpperCase()}`;
    await h.deps.db.insert(discountCodes).values({ userId: owner.id, code, kind, type: "percentage", amount: 5, ownerSharePercent: share });
    return { owner, code };
  }

  it("takes the referrer's share back with the price (both wallets locked first), once", async () => {
    const { owner, code } = await codeOwner("referral", 5);
    const { pupil, affiliationId, price } = await buyWithCode(code, 5);
    const share = percentOfDown(price.price, 5);
    expect(await balanceOf(h.deps.db, owner.id)).toBe(share);

    const answers = await Promise.all(Array.from({ length: 5 }, () => h.request("POST", `/api/admin/affiliations/${affiliationId}/refund`, { body: {}, headers: key })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 200)!.json.payload).toMatchObject({ refunded: price.final, reclaimed: share });
    expect(await balanceOf(h.deps.db, owner.id)).toBe(0);
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(tnd(200));
    const ownerHistory = (await h.request("GET", "/api/codes", { token: owner.token })).json.payload as Array<{ method: string; amount: number }>;
    expect(ownerHistory.filter((r) => r.method === "refund")).toEqual([expect.objectContaining({ amount: -share })]);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("takes back only what the owner still holds: never below zero, the rest stays with the platform; their revenue counts what is left", async () => {
    const { owner, code } = await codeOwner("influencer", 10);
    const { affiliationId, price } = await buyWithCode(code, 5);
    const share = percentOfDown(price.final, 10);
    // The influencer was paid out most of it meanwhile.
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "payout", from: owner.id, to: PLATFORM_WALLETS.cashIn, amount: share - 1_000, ref: { type: "benefit_payment", id: `refund-test-${owner.id}` } }));

    const res = await h.request("POST", `/api/admin/affiliations/${affiliationId}/refund`, { body: {}, headers: key });
    expect(res.status, res.text).toBe(200);
    expect(res.json.payload.reclaimed).toBe(1_000);
    expect(await balanceOf(h.deps.db, owner.id)).toBe(0);
    const [use] = await h.deps.db.select().from(discountCodeUses).where(eq(discountCodeUses.affiliationId, affiliationId));
    expect({ profit: use!.ownerProfit, reclaimed: use!.reclaimed }).toEqual({ profit: share, reclaimed: 1_000 });
    const codes = (await h.request("GET", "/api/student/profit/discount-code", { token: owner.token })).json.payload as Array<{ code: string; totalAmount: number }>;
    expect(codes.find((c) => c.code === code)!.totalAmount).toBe(share - 1_000);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });
});
