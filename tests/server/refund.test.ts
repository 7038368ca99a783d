/**
 * An operator's refund of a purchase (`npm run admin -- refund-purchase <id>`): the price goes back to the pupil
 * through the ledger once, however often and however concurrently it is asked, and the subscription's access ends.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tnd } from "../../domain/money";
import type { OfferDto } from "../../domain/offers";
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
});
