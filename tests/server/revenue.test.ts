/**
 * The influencer's revenue (`/revenu`): their codes with totals, the purchases made with one code (paged), the benefit
 * payments; a pupil gets 403, another influencer's code is not found. The seeded history is reconciled in the ledger.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodes, discountCodeUses, ledgerEntries, users, wallets } from "../../server/db/schema";
import { balanceOf, checkLedger } from "../../server/services/wallet/ledger";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let influencerToken: string;
let sami10: number;
let influencerId: number;

beforeAll(async () => {
  h = await startTestServer();
  influencerToken = await h.login("influenceur@darsi.tn");
  sami10 = (await h.deps.db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, "SAMI10")))[0]!.id;
  influencerId = (await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "influenceur@darsi.tn")))[0]!.id;
});
afterAll(() => h?.close());

describe("GET /student/profit/discount-code", () => {
  it("lists the influencer's code with its uses and the revenue it brought (millimes)", async () => {
    const res = await h.request("GET", "/api/student/profit/discount-code", { token: influencerToken });
    expect(res.status, res.text).toBe(200);
    const [code] = res.json.payload;
    const uses = await h.deps.db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, sami10));
    expect(code).toMatchObject({ id: sami10, code: "SAMI10", active: true, nb_of_use: uses.length });
    expect(code.totalAmount).toBe(uses.reduce((s, u) => s + u.ownerProfit, 0));
    expect(code.nb_of_use).toBeGreaterThanOrEqual(4);
    expect(Number.isSafeInteger(code.totalAmount) && code.totalAmount > 0).toBe(true);
  });

  it("is refused to a pupil, a parent and a visitor", async () => {
    expect((await h.request("GET", "/api/student/profit/discount-code", { token: await h.login("eleve@darsi.tn") })).status).toBe(403);
    expect((await h.request("GET", "/api/student/profit/discount-code", { token: await h.login("parent@darsi.tn") })).status).toBe(403);
    expect((await h.request("GET", "/api/student/profit/discount-code")).status).toBe(401);
  });
});

describe("GET /discount-code-histories/{id}", () => {
  it("gives the buyers, the subscription start, the group and the profit, paged with meta", async () => {
    const res = await h.request("GET", `/api/discount-code-histories/${sami10}`, { token: influencerToken });
    expect(res.status, res.text).toBe(200);
    expect(res.json.meta).toMatchObject({ current_page: 1, last_page: 1 });
    expect(res.json.meta.total).toBeGreaterThanOrEqual(4);
    const row = res.json.payload.find((r: { user: { name: string } }) => r.user.name === "Aziz");
    expect(row).toMatchObject({ user: { name: "Aziz", last_name: "Ferchichi" }, group: { id: 34, name: "Silver+" }, affiliation: { start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    expect(row.profit_amount).toBe(2_250);
    // Newest first; page 2 of 2-by-2 holds the older ones.
    const dates = res.json.payload.map((r: { affiliation: { start_date: string } }) => r.affiliation.start_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const small = await h.request("GET", `/api/discount-code-histories/${sami10}`, { token: influencerToken, query: { perPage: 10, page: 2 } });
    expect(small.json.payload).toEqual([]);
    expect((await h.request("GET", `/api/discount-code-histories/${sami10}`, { token: influencerToken, query: { perPage: 7 } })).status).toBe(422);
  });

  it("another influencer's code, a missing code or a huge id: 404 / 422, a pupil: 403", async () => {
    const other = await h.registerVerified();
    await h.deps.db.update(users).set({ userType: "influencer" }).where(eq(users.id, other.id));
    const [theirs] = await h.deps.db.insert(discountCodes).values({ userId: other.id, code: `AUTRE${other.id}`, kind: "influencer", type: "percentage", amount: 5 }).returning();
    const mine = await h.request("GET", `/api/discount-code-histories/${theirs!.id}`, { token: other.token });
    expect(mine.status).toBe(200);
    expect(mine.json.payload).toEqual([]);
    expect((await h.request("GET", `/api/discount-code-histories/${theirs!.id}`, { token: influencerToken })).status).toBe(404);
    expect((await h.request("GET", `/api/discount-code-histories/${sami10}`, { token: other.token })).status).toBe(404);
    expect((await h.request("GET", "/api/discount-code-histories/2147483647", { token: influencerToken })).status).toBe(404);
    expect((await h.request("GET", "/api/discount-code-histories/99999999999", { token: influencerToken })).status).toBe(422);
    expect((await h.request("GET", `/api/discount-code-histories/${sami10}`, { token: await h.login("eleve@darsi.tn") })).status).toBe(403);
  });
});

describe("GET /student/profit/benefit-payments and the ledger", () => {
  it("lists the two payouts, newest first, each matched by a payout movement; the ledger reconciles", async () => {
    const res = await h.request("GET", "/api/student/profit/benefit-payments", { token: influencerToken });
    expect(res.status).toBe(200);
    expect(res.json.payload.map((p: { amount: number }) => p.amount)).toEqual([30_000, 40_000]);
    const payouts = await h.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.walletId, influencerId), eq(ledgerEntries.kind, "payout")));
    expect(payouts.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-40_000, -30_000]);
    const revenue = await h.deps.db
      .select({ s: sql<string>`sum(amount)::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.walletId, influencerId), eq(ledgerEntries.kind, "influencer_revenue")));
    const uses = await h.deps.db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, sami10));
    expect(Number(revenue[0]!.s)).toBe(uses.reduce((s, u) => s + u.ownerProfit, 0));
    const [wallet] = await h.deps.db.select().from(wallets).where(eq(wallets.ownerId, influencerId));
    expect(await balanceOf(h.deps.db, influencerId)).toBe(wallet!.balance);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
    expect((await h.request("GET", "/api/student/profit/benefit-payments", { token: await h.login("eleve@darsi.tn") })).status).toBe(403);
  });
});
