/**
 * The referral programme's server core (issue 20 §1–5): who is eligible, the gift code made once, the tokens a friend's
 * purchase earns (once) and a refund takes back (once, the rest owed), the conversion of tokens to points (once per key,
 * never below zero, both ledgers agreeing) and the gift catalogue. Runs on PGlite and on PostgreSQL
 * (`TEST_DATABASE=postgres`), where the concurrent calls really race.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tunisDay } from "../../domain/days";
import { tnd } from "../../domain/money";
import { priceOffer, subscriptionEnd, toPricedOffer, type OfferDto } from "../../domain/offers";
import { CONVERSION_MIN_TOKENS, referralTokens, TOKENS_PER_POINT } from "../../domain/referral";
import { affiliations, discountCodes, tokenAccounts, tokenEntries } from "../../server/db/schema";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { postTokens } from "../../server/services/referral/tokens";
import { balanceOf, checkLedger, PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { DEMO_PASSWORD, startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let adminKey: Record<string, string>;
beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "1000" } });
  adminKey = { "x-admin-key": adminCliKey(h.deps.secret) };
});
afterAll(() => h?.close());

const me = async (token: string) => (await h.request("GET", "/api/auth/me", { token })).json.payload;
const tokensOf = async (userId: number) => {
  const [row] = await h.deps.db.select().from(tokenAccounts).where(eq(tokenAccounts.userId, userId));
  return { balance: row?.balance ?? 0, owed: row?.owed ?? 0 };
};
const giveTokens = (userId: number, amount: number) =>
  h.deps.db.transaction((tx) => postTokens(tx, { userId, amount, reason: "operator", ref: { type: "test", id: randomUUID() }, description: "test" }));

/** A verified pupil of class 7 who holds Gold (a primary plan) for the whole school year: eligible. */
async function eligiblePupil(): Promise<NewStudent> {
  const p = await h.registerVerified({ division: 7 });
  const today = tunisDay(h.deps.now());
  await h.deps.db.insert(affiliations).values({ userId: p.id, offerId: 35, groupId: 35, period: "year", startDate: today, endDate: subscriptionEnd(today, "year"), amountPaid: 0 });
  return p;
}

/** A friend of class 7 with 200 points who buys Gold for a month with `code`; the answer of the purchase. */
async function friendBuys(code: string, key = randomUUID()) {
  const friend = await h.registerVerified({ division: 7 });
  await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: friend.id, amount: tnd(200) }));
  const gold = ((await h.request("GET", "/api/student/offers", { token: friend.token })).json.payload as OfferDto[]).find((o) => o.offer_id === 35)!;
  const priced = priceOffer(toPricedOffer(gold), { period: "month", subjectIds: null, code: { type: "percentage", amount: 5 } });
  if (!priced.ok) throw new Error("Gold has no monthly price");
  const added = await h.request("POST", "/api/student/discount-code", { token: friend.token, body: { code, offerId: 35, period: "month" } });
  expect(added.status, added.text).toBe(201);
  const buy = () =>
    h.request("POST", "/api/student/checkout/buy", {
      token: friend.token,
      body: { offerDivisionDetail: gold.id, period: "month", amount: priced.price.final },
      headers: { "idempotency-key": key },
    });
  return { friend, buy, paid: priced.price.final };
}

const generate = (token: string) => h.request("GET", "/api/student/generate-gift-code", { token });
const convert = (token: string, giftPoint: unknown, key: string | null = randomUUID()) =>
  h.request("POST", "/api/student/gift-requests/convert-gift-point", { token, body: { giftPoint }, headers: key ? { "idempotency-key": key } : {} });

describe("eligibility", () => {
  it("is the domain's rule in /auth/me: the Gold year pupil and the monthly subscriber since the school year's start, not a pupil without an offer", async () => {
    const eleve = await me(await h.login("eleve@darsi.tn"));
    expect(eleve.permissions.eligibleUserForGift).toBe(true);
    expect({ code: eleve.gift_code, tokens: eleve.gift_point }).toEqual({ code: "CP-YASMINE", tokens: 40 });
    const parrain = await me(await h.login("parrain@darsi.tn", DEMO_PASSWORD));
    expect(parrain.permissions.eligibleUserForGift).toBe(true);
    expect({ code: parrain.gift_code, tokens: parrain.gift_point }).toEqual({ code: null, tokens: 0 });
    const nouveau = await me(await h.login("nouveau@darsi.tn"));
    expect(nouveau.permissions.eligibleUserForGift).toBe(false);
  });

  it("ends with a refund: a refunded Gold year counts for nothing", async () => {
    const p = await eligiblePupil();
    expect((await me(p.token)).permissions.eligibleUserForGift).toBe(true);
    const [aff] = await h.deps.db.select({ id: affiliations.id }).from(affiliations).where(eq(affiliations.userId, p.id));
    expect((await h.request("POST", `/api/admin/affiliations/${aff!.id}/refund`, { body: {}, headers: adminKey })).status).toBe(200);
    expect((await me(p.token)).permissions.eligibleUserForGift).toBe(false);
    expect((await generate(p.token)).json.code).toBe("gift_code_unauthorized");
  });
});

describe("gift code", () => {
  it("refuses a pupil who is not eligible: 403 gift_code_unauthorized, no code made", async () => {
    const p = await h.registerVerified({ division: 7 });
    const res = await generate(p.token);
    expect(res.status, res.text).toBe(403);
    expect(res.json).toMatchObject({ code: "gift_code_unauthorized", message: expect.stringContaining("gift code") });
    expect(await h.deps.db.select().from(discountCodes).where(eq(discountCodes.userId, p.id))).toEqual([]);
  });

  it("makes one CP- code under 10 concurrent calls, answers it to each and to every later call, and shows it in /auth/me", async () => {
    const p = await eligiblePupil();
    const answers = await Promise.all(Array.from({ length: 10 }, () => generate(p.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const codes = new Set(answers.map((a) => a.json.payload.gift_code as string));
    expect(codes.size).toBe(1);
    const [code] = [...codes];
    expect(code).toMatch(/^CP-[A-HJ-NP-Z2-9]{8}$/);
    expect((await generate(p.token)).json.payload.gift_code).toBe(code);
    expect(await h.deps.db.select().from(discountCodes).where(and(eq(discountCodes.userId, p.id), eq(discountCodes.kind, "referral")))).toHaveLength(1);
    expect((await me(p.token)).gift_code).toBe(code);
  });
});

describe("tokens", () => {
  it("a friend's purchase with the code earns the referrer tokens once (the retried purchase replays), shown in the history and in /auth/me", async () => {
    const referrer = await eligiblePupil();
    const code = (await generate(referrer.token)).json.payload.gift_code as string;
    const { buy, paid } = await friendBuys(code);
    const first = await buy();
    expect(first.status, first.text).toBe(201);
    const again = await buy();
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    const earned = referralTokens(paid);
    expect(earned).toBeGreaterThanOrEqual(1);
    expect(await tokensOf(referrer.id)).toEqual({ balance: earned, owed: 0 });
    expect((await me(referrer.token)).gift_point).toBe(earned);
    const history = await h.request("GET", "/api/student/history/generated-gifts", { token: referrer.token });
    expect(history.json.meta).toEqual({ current_page: 1, last_page: 1, total: 1 });
    expect(history.json.payload).toEqual([
      expect.objectContaining({ name: "Amine", last_name: "Ben Ali", tokens: earned, group_name: expect.any(String), start_date: tunisDay(h.deps.now()) }),
    ]);
    expect(history.json.payload[0].profit_amount).toBeGreaterThan(0);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("a refund takes the tokens back once; what was spent is owed and settled from the next earnings", async () => {
    const referrer = await eligiblePupil();
    const code = (await generate(referrer.token)).json.payload.gift_code as string;
    const first = await friendBuys(code);
    const bought = await first.buy();
    expect(bought.status, bought.text).toBe(201);
    const earned = referralTokens(first.paid);
    // The referrer converts everything they hold (the reward and 5 more), so nothing is left to take back.
    await giveTokens(referrer.id, 5);
    expect((await convert(referrer.token, earned + 5)).status).toBe(201);
    expect(await tokensOf(referrer.id)).toEqual({ balance: 0, owed: 0 });

    const affiliationId = bought.json.payload.affiliation.id as number;
    const refunds = await Promise.all(Array.from({ length: 5 }, () => h.request("POST", `/api/admin/affiliations/${affiliationId}/refund`, { body: {}, headers: adminKey })));
    expect(refunds.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await tokensOf(referrer.id)).toEqual({ balance: 0, owed: earned });
    const takeBacks = await h.deps.db.select().from(tokenEntries).where(and(eq(tokenEntries.userId, referrer.id), eq(tokenEntries.reason, "refund")));
    expect(takeBacks.map((e) => ({ amount: e.amount, owed: e.owed }))).toEqual([{ amount: 0, owed: earned }]);

    // The next friend's purchase settles the debt first.
    const second = await friendBuys(code);
    expect((await second.buy()).status).toBe(201);
    const next = referralTokens(second.paid);
    expect(await tokensOf(referrer.id)).toEqual({ balance: Math.max(0, next - earned), owed: Math.max(0, earned - next) });
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("a refund with the tokens still held takes them from the balance", async () => {
    const referrer = await eligiblePupil();
    const code = (await generate(referrer.token)).json.payload.gift_code as string;
    const { buy, paid } = await friendBuys(code);
    const bought = await buy();
    await giveTokens(referrer.id, 3);
    const res = await h.request("POST", `/api/admin/affiliations/${bought.json.payload.affiliation.id}/refund`, { body: {}, headers: adminKey });
    expect(res.status, res.text).toBe(200);
    expect(await tokensOf(referrer.id)).toEqual({ balance: 3, owed: 0 });
    expect(referralTokens(paid)).toBeGreaterThan(0);
  });

  it("friends' purchases rewarding a referrer race the referrer's conversions without a deadlock; the ledgers agree", async () => {
    const referrer = await eligiblePupil();
    const code = (await generate(referrer.token)).json.payload.gift_code as string;
    await giveTokens(referrer.id, 20);
    const friends = await Promise.all(Array.from({ length: 4 }, () => friendBuys(code)));
    const answers = await Promise.all([...friends.map((f) => f.buy()), ...Array.from({ length: 4 }, () => convert(referrer.token, 5))]);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const earned = friends.reduce((sum, f) => sum + referralTokens(f.paid), 0);
    expect(await tokensOf(referrer.id)).toEqual({ balance: earned, owed: 0 });
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("the database refuses a direct change of a token balance and an entry driving it below zero", async () => {
    const p = await h.registerVerified({ division: 7 });
    await giveTokens(p.id, 2);
    await expect(h.deps.db.update(tokenAccounts).set({ balance: 100 }).where(eq(tokenAccounts.userId, p.id))).rejects.toThrow();
    await expect(h.deps.db.insert(tokenEntries).values({ userId: p.id, amount: -3, reason: "operator", refType: "test", refId: randomUUID() })).rejects.toThrow();
    await expect(h.deps.db.delete(tokenEntries).where(eq(tokenEntries.userId, p.id))).rejects.toThrow();
    expect(await tokensOf(p.id)).toEqual({ balance: 2, owed: 0 });
  });
});

describe("conversion", () => {
  it("tells the rate and the minimum", async () => {
    const p = await h.registerVerified({ division: 7 });
    const res = await h.request("GET", "/api/student/gift-requests/conversion-rate-gift-point", { token: p.token });
    expect(res.json.payload).toEqual({ rate: TOKENS_PER_POINT, min: CONVERSION_MIN_TOKENS });
  });

  it("refuses non-digits, fewer than 5, more than held and a missing key, changing nothing; converts the exact balance", async () => {
    const p = await h.registerVerified({ division: 7 });
    await giveTokens(p.id, 7);
    const fields = async (res: Awaited<ReturnType<typeof convert>>) => ({ status: res.status, code: res.json.errors?.giftPoint?.[0] ?? res.json.code });
    expect(await fields(await convert(p.token, "7a"))).toEqual({ status: 422, code: "gift_point_invalid" });
    expect(await fields(await convert(p.token, 6.5))).toEqual({ status: 422, code: "gift_point_invalid" });
    expect(await fields(await convert(p.token, "4"))).toEqual({ status: 422, code: "gift_point_min" });
    expect(await fields(await convert(p.token, "8"))).toEqual({ status: 402, code: "tokens_insufficient" });
    expect((await convert(p.token, "7", null)).json.code).toBe("idempotency_key_required");
    expect(await tokensOf(p.id)).toEqual({ balance: 7, owed: 0 });
    expect(await balanceOf(h.deps.db, p.id)).toBe(0);

    const res = await convert(p.token, "7");
    expect(res.status, res.text).toBe(201);
    expect(res.json.payload).toMatchObject({ tokens: 7, points: tnd(7), gift_point: 0, balance: tnd(7) });
    expect(await tokensOf(p.id)).toEqual({ balance: 0, owed: 0 });
    expect(await balanceOf(h.deps.db, p.id)).toBe(tnd(7));
    expect((await me(p.token)).gift_point).toBe(0);
    // The points arrive as a referral-programme row of the points history.
    const history = (await h.request("GET", "/api/codes", { token: p.token })).json.payload as Array<{ method: string; amount: number; description: string }>;
    expect(history).toEqual([expect.objectContaining({ method: "referral_reward", amount: tnd(7), description: "Conversion de 7 jetons" })]);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("20 concurrent conversions with one key: one effect, every answer the same", async () => {
    const p = await h.registerVerified({ division: 7 });
    await giveTokens(p.id, 30);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => convert(p.token, 10, key)));
    expect(answers.every((a) => a.status === 201 || (a.status === 409 && a.json.code === "conflict")), answers.map((a) => a.status).join()).toBe(true);
    expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.json.payload.id)).size).toBe(1);
    expect(await tokensOf(p.id)).toEqual({ balance: 20, owed: 0 });
    expect(await balanceOf(h.deps.db, p.id)).toBe(tnd(10));
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("20 concurrent conversions with 20 keys while holding tokens for one: one succeeds, the balance never below zero, the ledgers agree", async () => {
    const p = await h.registerVerified({ division: 7 });
    await giveTokens(p.id, 12);
    const answers = await Promise.all(Array.from({ length: 20 }, () => convert(p.token, 12)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(19).fill(402)]);
    expect(await tokensOf(p.id)).toEqual({ balance: 0, owed: 0 });
    expect(await balanceOf(h.deps.db, p.id)).toBe(tnd(12));
    const check = await checkLedger(h.deps.db);
    expect(check.tokens).toMatchObject({ ok: true, mismatched: [], conversionsAdrift: [], ordersAdrift: [] });
    expect(check.ok).toBe(true);
  });
});

describe("gift catalogue", () => {
  it("pages the seeded gifts (10 by default), ordered as asked, each with its cover first and its names in three languages", async () => {
    const token = await h.login("nouveau@darsi.tn");
    const res = await h.request("GET", "/api/student/gifts", { token, query: { orderBy: "amount", sortedBy: "asc" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.meta).toEqual({ current_page: 1, last_page: 1, total: 5 });
    const list = res.json.payload as Array<{ id: number; amount: number; name_ar: string; gift_images: Array<{ is_cover: boolean; file_url: string }> }>;
    expect(list.map((g) => g.amount)).toEqual([...list.map((g) => g.amount)].sort((a, b) => a - b));
    for (const g of list) {
      expect(g.name_ar).not.toBe("");
      expect(g.gift_images.map((i) => i.is_cover)).toEqual([true, false]);
    }
    const image = await h.request("GET", list[0]!.gift_images[0]!.file_url);
    expect(image.status).toBe(200);
    const page2 = await h.request("GET", "/api/student/gifts", { token, query: { page: 2, perPage: 25 } });
    expect(page2.json).toMatchObject({ payload: [], meta: { current_page: 2, last_page: 1, total: 5 } });
    expect((await h.request("GET", "/api/student/gifts", { token, query: { perPage: 7 } })).status).toBe(422);

    const one = await h.request("GET", `/api/student/gifts/${list[0]!.id}`, { token });
    expect(one.json.payload).toEqual(list[0]);
    expect((await h.request("GET", "/api/student/gifts/999999", { token })).status).toBe(404);
  });
});
