/**
 * The referral programme's cart, orders, operator commands and abuse flags (issue 20 §6–8): the cart needs a gift code,
 * an order spends the tokens and takes the stock in one transaction (once per key, never more than the stock, never
 * below zero tokens), the delivery form's errors, the operator's steps (a rejection returns tokens and stock once), and
 * the flags of a code used from its owner's network or device or too often a day. Runs on PGlite and on PostgreSQL
 * (`TEST_DATABASE=postgres`), where the concurrent calls really race.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tnd } from "../../domain/money";
import { priceOffer, toPricedOffer, type OfferDto } from "../../domain/offers";
import { REFERRAL_DAILY_REWARDS_MAX } from "../../domain/referral";
import { discountCodes, giftRequests, gifts, notifications, parentRequests, referralFlags, tokenAccounts, tokenEntries, users } from "../../server/db/schema";
import { selectRows } from "../../server/db/rows";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { checkTokenLedger, postTokens } from "../../server/services/referral/tokens";
import { checkLedger, PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { DELIVERY } from "./fixtures/referral";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let adminKey: Record<string, string>;
beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "1000" } });
  adminKey = { "x-admin-key": adminCliKey(h.deps.secret) };
});
afterAll(() => h?.close());

const balanceOf = async (userId: number) => (await h.deps.db.select().from(tokenAccounts).where(eq(tokenAccounts.userId, userId)))[0]?.balance ?? 0;
const stockOf = async (giftId: number) => (await h.deps.db.select({ stock: gifts.stock }).from(gifts).where(eq(gifts.id, giftId)))[0]!.stock;
const giveTokens = (userId: number, amount: number) =>
  h.deps.db.transaction((tx) => postTokens(tx, { userId, amount, reason: "operator", ref: { type: "test", id: randomUUID() }, description: "test" }));

/** A gift of the catalogue: `amount` tokens, `stock` units. */
async function newGift(amount: number, stock: number): Promise<number> {
  const [g] = await h.deps.db.insert(gifts).values({ name: "Casque", nameEn: "Headset", nameAr: "سماعة", amount, stock }).returning({ id: gifts.id });
  return g!.id;
}

/** A verified pupil with a gift code (their referral code) and `tokens` tokens. */
async function pupilWithCode(tokens = 0): Promise<NewStudent & { code: string }> {
  const p = await h.registerVerified({ division: 7 });
  const code = `CP-T${randomUUID().slice(0, 7).toUpperCase()}`;
  await h.deps.db.insert(discountCodes).values({ userId: p.id, code, kind: "referral", type: "percentage", amount: 5, ownerSharePercent: 5 });
  if (tokens > 0) await giveTokens(p.id, tokens);
  return { ...p, code };
}

const add = (token: string, gift: unknown) => h.request("POST", "/api/student/gift-request-items", { token, body: { gift } });
const cart = async (token: string) => (await h.request("GET", "/api/student/gift-requests/current", { token })).json.payload;
const order = (token: string, key: string | null = randomUUID(), body: Record<string, unknown> = DELIVERY) =>
  h.request("POST", "/api/student/gift-requests-delivery", { token, body, headers: key ? { "idempotency-key": key } : {} });
const step = (id: number, s: string, reason?: string) => h.request("POST", `/api/admin/gift-orders/${id}/status`, { headers: adminKey, body: { step: s, reason } });

describe("the cart", () => {
  it("needs a gift code first, then holds the pupil's gifts: added, listed with their gift and total, removed by their owner only", async () => {
    const gift = await newGift(12, 3);
    const noCode = await h.registerVerified({ division: 7 });
    expect(await add(noCode.token, gift)).toMatchObject({ status: 403, json: { code: "gift_code_required" } });
    expect(await cart(noCode.token)).toEqual({ id: null, items: [], amount: 0, gift_point: 0 });

    const p = await pupilWithCode(5);
    expect((await add(p.token, 999_999)).status).toBe(404);
    const first = await add(p.token, gift);
    const second = await add(p.token, gift);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json.payload.gift_request_id).toBe(first.json.payload.gift_request_id);
    const c = await cart(p.token);
    expect({ id: c.id, amount: c.amount, gift_point: c.gift_point, gifts: c.items.map((i: { gift: { id: number; name_ar: string } }) => [i.gift.id, i.gift.name_ar]) }).toEqual({
      id: first.json.payload.gift_request_id,
      amount: 24,
      gift_point: 5,
      gifts: [
        [gift, "سماعة"],
        [gift, "سماعة"],
      ],
    });

    const other = await pupilWithCode();
    expect((await h.request("DELETE", `/api/student/gift-request-items/${first.json.payload.id}`, { token: other.token })).status).toBe(404);
    const removed = await h.request("DELETE", `/api/student/gift-request-items/${first.json.payload.id}`, { token: p.token });
    expect([removed.status, removed.json.payload.items.length, removed.json.payload.amount]).toEqual([200, 1, 12]);
    expect(await stockOf(gift)).toBe(3);
  });

  it("refuses a gift out of stock, and an order of an empty cart (404 no_gift_request_items)", async () => {
    const p = await pupilWithCode(50);
    expect(await add(p.token, await newGift(5, 0))).toMatchObject({ status: 409, json: { code: "gift_out_of_stock" } });
    expect(await order(p.token)).toMatchObject({ status: 404, json: { code: "no_gift_request_items" } });
    const item = await add(p.token, await newGift(5, 1));
    await h.request("DELETE", `/api/student/gift-request-items/${item.json.payload.id}`, { token: p.token });
    expect(await order(p.token)).toMatchObject({ status: 404, json: { code: "no_gift_request_items" } });
    expect(await balanceOf(p.id)).toBe(50);
  });
});

describe("the delivery form", () => {
  it("answers each field's error code", async () => {
    const p = await pupilWithCode(50);
    await add(p.token, await newGift(5, 5));
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: "A" }, "name", "delivery_name_invalid"],
      [{ phone1: "" }, "phone1", "phone_required"],
      [{ phone1: "12345678" }, "phone1", "delivery_phone_invalid"],
      [{ phone1: "2200000" }, "phone1", "delivery_phone_invalid"],
      [{ phone2: "32000000" }, "phone2", "delivery_phone_invalid"],
      [{ email: "" }, "email", "email_required"],
      [{ email: "yasmine@" }, "email", "email_invalid"],
      [{ state: "" }, "state", "state_required"],
      [{ state: "Tunis" }, "state", "state_invalid"],
      [{ address: "  " }, "address", "address_required"],
      [{ postalCode: "10" }, "postalCode", "postal_code_invalid"],
      [{ note: "x".repeat(501) }, "note", "description_too_long"],
    ];
    for (const [change, field, code] of cases) {
      const res = await order(p.token, randomUUID(), { ...DELIVERY, ...change });
      expect([res.status, res.json.errors?.[field]], JSON.stringify(change)).toEqual([422, [code]]);
    }
    // A governorate that is not one of Tunisia's 24.
    const [foreign] = await selectRows<{ id: number }>(h.deps.db, sql`select id from states where country_id <> 1 limit 1`);
    const notTunisian = await order(p.token, randomUUID(), { ...DELIVERY, state: foreign ? Number(foreign.id) : 999_999 });
    expect([notTunisian.status, notTunisian.json.errors?.state]).toEqual([422, ["state_invalid"]]);
    expect(await order(p.token, null)).toMatchObject({ status: 422, json: { code: "idempotency_key_required" } });
    expect(await balanceOf(p.id)).toBe(50);
    const ok = await order(p.token, randomUUID(), { ...DELIVERY, phone2: "", postalCode: "" });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.payload.order.delivery).toMatchObject({ phone2: null, postal_code: null, state: { id: 1 } });
  });
});

describe("an order", () => {
  it("spends the tokens and takes the stock in one transaction, once per key; readable by its owner only", async () => {
    const [a, b] = [await newGift(10, 4), await newGift(7, 2)];
    const p = await pupilWithCode(40);
    for (const g of [a, b, a]) expect((await add(p.token, g)).status).toBe(201);
    const key = randomUUID();
    const placed = await order(p.token, key);
    expect(placed.status, placed.text).toBe(201);
    const o = placed.json.payload.order;
    expect({ amount: o.amount, status: o.status, items: o.items.map((i: { amount: number }) => i.amount), gift_point: placed.json.payload.gift_point }).toEqual({
      amount: 27,
      status: "pending",
      items: [10, 7, 10],
      gift_point: 13,
    });
    expect([await stockOf(a), await stockOf(b), await balanceOf(p.id)]).toEqual([2, 1, 13]);

    const again = await order(p.token, key);
    expect([again.status, again.headers.get("idempotency-replayed"), again.json.payload.order.id]).toEqual([201, "true", o.id]);
    expect([await stockOf(a), await balanceOf(p.id)]).toEqual([2, 13]);
    expect(await cart(p.token)).toMatchObject({ id: null, items: [] });

    const list = await h.request("GET", "/api/student/gift-requests", { token: p.token, query: { page: 1, perPage: 10 } });
    expect([list.json.payload.map((x: { id: number }) => x.id), list.json.meta.total]).toEqual([[o.id], 1]);
    expect((await h.request("GET", `/api/student/gift-requests/${o.id}`, { token: p.token })).json.payload).toEqual(o);
    const other = await pupilWithCode();
    expect((await h.request("GET", `/api/student/gift-requests/${o.id}`, { token: other.token })).status).toBe(404);
    expect((await h.request("GET", "/api/student/gift-requests", { token: other.token })).json.payload).toEqual([]);
  });

  it("with too few tokens is 402 tokens_insufficient, and out of stock 409 gift_out_of_stock: nothing moves", async () => {
    const gift = await newGift(30, 1);
    const poor = await pupilWithCode(29);
    await add(poor.token, gift);
    expect(await order(poor.token)).toMatchObject({ status: 402, json: { code: "tokens_insufficient" } });
    expect([await stockOf(gift), await balanceOf(poor.id), (await cart(poor.token)).items.length]).toEqual([1, 29, 1]);

    const rich = await pupilWithCode(100);
    await add(rich.token, gift);
    await add(rich.token, gift);
    expect(await order(rich.token)).toMatchObject({ status: 409, json: { code: "gift_out_of_stock" } });
    expect([await stockOf(gift), await balanceOf(rich.id)]).toEqual([1, 100]);
  });
});

describe("the order list", () => {
  it("is paged like every list (?page, ?perPage 10/25/100, newest first, the page meta); bad paging is 422 and lists nothing", async () => {
    const gift = await newGift(1, 100);
    const p = await pupilWithCode(12);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      expect((await add(p.token, gift)).status).toBe(201);
      const placed = await order(p.token);
      expect(placed.status, placed.text).toBe(201);
      ids.push(placed.json.payload.order.id);
    }
    const newest = [...ids].reverse();
    const list = (query: Record<string, string | number>) => h.request("GET", "/api/student/gift-requests", { token: p.token, query });
    const page = async (query: Record<string, string | number>) => {
      const res = await list(query);
      expect(res.status, res.text).toBe(200);
      return [res.json.payload.map((o: { id: number }) => o.id), res.json.meta];
    };
    expect(await page({})).toEqual([newest.slice(0, 10), { current_page: 1, last_page: 2, total: 12 }]);
    expect(await page({ page: 2, perPage: 10 })).toEqual([newest.slice(10), { current_page: 2, last_page: 2, total: 12 }]);
    expect(await page({ perPage: 25 })).toEqual([newest, { current_page: 1, last_page: 1, total: 12 }]);
    expect(await page({ page: 3 })).toEqual([[], { current_page: 3, last_page: 2, total: 12 }]);
    for (const [query, field, code] of [
      [{ perPage: 50 }, "perPage", "per_page_invalid"],
      [{ perPage: "dix" }, "perPage", "per_page_invalid"],
      [{ page: 0 }, "page", "page_invalid"],
      [{ page: "deux" }, "page", "page_invalid"],
      [{ page: 1.5 }, "page", "page_invalid"],
    ] as const) {
      const res = await list(query);
      expect([res.status, res.json.errors?.[field], res.json.payload], JSON.stringify(query)).toEqual([422, [code], undefined]);
    }
    // Another pupil's list holds none of these orders.
    const other = await pupilWithCode();
    expect(await page({ perPage: 100 })).toEqual([newest, { current_page: 1, last_page: 1, total: 12 }]);
    expect((await h.request("GET", "/api/student/gift-requests", { token: other.token, query: { perPage: 100 } })).json).toMatchObject({ payload: [], meta: { total: 0 } });
  });
});

describe("reliability", () => {
  it("30 pupils ordering the last 5 units at once: exactly 5 orders, stock 0, the others' tokens untouched", async () => {
    const gift = await newGift(20, 5);
    const pupils = await Promise.all(Array.from({ length: 30 }, () => pupilWithCode(25)));
    for (const p of pupils) expect((await add(p.token, gift)).status).toBe(201);
    const answers = await Promise.all(pupils.map((p) => order(p.token)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(25);
    expect(answers.filter((r) => r.status === 409).every((r) => r.json.code === "gift_out_of_stock")).toBe(true);
    expect(await stockOf(gift)).toBe(0);
    const balances = await Promise.all(pupils.map((p) => balanceOf(p.id)));
    expect(balances.filter((b) => b === 5)).toHaveLength(5);
    expect(balances.filter((b) => b === 25)).toHaveLength(25);
    expect((await checkTokenLedger(h.deps.db)).ok).toBe(true);
  });

  it("one pupil sending the same order 20 times at once: one order with one key, one order with 20 keys and tokens for one", async () => {
    const gift = await newGift(10, 100);
    const one = await pupilWithCode(10);
    await add(one.token, gift);
    const key = randomUUID();
    const same = await Promise.all(Array.from({ length: 20 }, () => order(one.token, key)));
    expect(same.every((r) => r.status === 201)).toBe(true);
    expect(new Set(same.map((r) => r.json.payload.order.id)).size).toBe(1);

    const keys = await pupilWithCode(10);
    await add(keys.token, gift);
    const many = await Promise.all(Array.from({ length: 20 }, () => order(keys.token)));
    expect(many.filter((r) => r.status === 201)).toHaveLength(1);
    expect(many.filter((r) => r.status !== 201).every((r) => r.status === 404 && r.json.code === "no_gift_request_items")).toBe(true);
    for (const p of [one, keys]) {
      const list = await h.request("GET", "/api/student/gift-requests", { token: p.token });
      expect([list.json.meta.total, await balanceOf(p.id)]).toEqual([1, 0]);
    }
    expect(await stockOf(gift)).toBe(98);
  });

  it("conversions and orders racing on one pupil's tokens: never below zero, and the ledgers agree", async () => {
    const gift = await newGift(30, 10);
    const p = await pupilWithCode(100);
    await add(p.token, gift);
    await add(p.token, gift);
    const convert = () => h.request("POST", "/api/student/gift-requests/convert-gift-point", { token: p.token, body: { giftPoint: 10 }, headers: { "idempotency-key": randomUUID() } });
    const answers = await Promise.all([order(p.token), ...Array.from({ length: 6 }, convert), order(p.token), ...Array.from({ length: 4 }, convert)]);
    const converted = answers.filter((r) => r.status === 201 && r.json.payload.tokens === 10).length;
    const ordered = answers.filter((r) => r.status === 201 && r.json.payload.order).length;
    expect(ordered).toBeLessThanOrEqual(1);
    expect(answers.every((r) => r.status === 201 || r.status === 402 || r.status === 404), answers.map((r) => r.status).join()).toBe(true);
    const balance = await balanceOf(p.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(100 - converted * 10 - ordered * 60);
    expect(await stockOf(gift)).toBe(10 - ordered * 2);
    const [sum] = await selectRows<{ n: number }>(h.deps.db, sql`select coalesce(sum(amount), 0)::int as n from token_entries where user_id = ${p.id}`);
    expect(Number(sum?.n)).toBe(balance);
    expect((await checkTokenLedger(h.deps.db)).ok).toBe(true);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });
});

describe("the operator", () => {
  async function placedOrder(tokens = 50) {
    const gift = await newGift(15, 3);
    const p = await pupilWithCode(tokens);
    await add(p.token, gift);
    await add(p.token, gift);
    const res = await order(p.token);
    expect(res.status, res.text).toBe(201);
    return { p, gift, id: res.json.payload.order.id as number };
  }
  const statusOf = async (token: string, id: number) => (await h.request("GET", `/api/student/gift-requests/${id}`, { token })).json.payload.status;
  const noticesOf = async (userId: number) =>
    h.deps.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, "gift_order_status")));

  it("approves, ships and delivers in order only, notifying the pupil in the three languages at each step", async () => {
    const { p, id } = await placedOrder();
    expect(await step(id, "ship")).toMatchObject({ status: 409, json: { code: "gift_order_transition_invalid" } });
    expect(await step(id, "deliver")).toMatchObject({ status: 409, json: { code: "gift_order_transition_invalid" } });
    for (const [s, status] of [["approve", "approved"], ["ship", "shipped"], ["deliver", "delivered"]] as const) {
      const res = await step(id, s);
      expect([res.status, res.json.payload]).toEqual([200, { id, user_id: p.id, status, changed: true, tokens_returned: 0 }]);
      expect(await statusOf(p.token, id)).toBe(status);
    }
    expect(await step(id, "reject", "trop tard")).toMatchObject({ status: 409, json: { code: "gift_order_transition_invalid" } });
    const notices = await noticesOf(p.id);
    expect(notices).toHaveLength(3);
    expect(notices.map((n) => n.link)).toEqual(Array(3).fill(`/parrain/purchase-history/${id}`));
    expect(notices.find((n) => n.body.includes("expédiée"))).toMatchObject({ titleEn: "Your gift order", bodyEn: `Order no. ${id}: shipped`, bodyAr: `الطلب رقم ${id}: تم شحنه` });
    expect((await step(999_999, "approve")).status).toBe(404);
    expect((await h.request("POST", `/api/admin/gift-orders/${id}/status`, { body: { step: "approve" } })).status).toBe(403);
  });

  it("a rejection returns the tokens and the stock once: a second rejection changes nothing", async () => {
    const { p, gift, id } = await placedOrder();
    expect([await balanceOf(p.id), await stockOf(gift)]).toEqual([20, 1]);
    const [first, second] = [await step(id, "reject", "Rupture chez le fournisseur"), await step(id, "reject")];
    expect(first.json.payload).toEqual({ id, user_id: p.id, status: "rejected", changed: true, tokens_returned: 30 });
    expect(second.json.payload).toEqual({ id, user_id: p.id, status: "rejected", changed: false, tokens_returned: 0 });
    expect([await balanceOf(p.id), await stockOf(gift)]).toEqual([50, 3]);
    const returned = await h.deps.db.select().from(tokenEntries).where(and(eq(tokenEntries.userId, p.id), eq(tokenEntries.reason, "order_returned")));
    expect(returned.map((e) => e.amount)).toEqual([30]);
    const o = (await h.request("GET", `/api/student/gift-requests/${id}`, { token: p.token })).json.payload;
    expect([o.status, o.reason]).toEqual(["rejected", "Rupture chez le fournisseur"]);
    expect(await step(id, "approve")).toMatchObject({ status: 409, json: { code: "gift_order_transition_invalid" } });
    expect(await noticesOf(p.id)).toHaveLength(1);
    // Concurrent rejections of an approved order: the tokens come back once.
    const next = await placedOrder();
    await step(next.id, "approve");
    const answers = await Promise.all(Array.from({ length: 5 }, () => step(next.id, "reject")));
    expect(answers.filter((r) => r.json.payload?.changed === true)).toHaveLength(1);
    expect([await balanceOf(next.p.id), await stockOf(next.gift)]).toEqual([50, 3]);
    expect((await checkTokenLedger(h.deps.db)).ok).toBe(true);
    // ledger-check sees an order whose tokens were never spent.
    const [unpaid] = await h.deps.db
      .insert(giftRequests)
      .values({ userId: p.id, status: "pending", amount: 10, name: "X Y", address: "Tunis", orderedAt: new Date() })
      .returning({ id: giftRequests.id });
    expect(await checkTokenLedger(h.deps.db)).toMatchObject({ ok: false, ordersAdrift: [unpaid!.id] });
    await h.deps.db.delete(giftRequests).where(eq(giftRequests.id, unpaid!.id));
  });

  it("sets a gift's stock, and adjusts a pupil's tokens with an audited entry, never below zero", async () => {
    const gift = await newGift(5, 1);
    expect((await h.request("POST", `/api/admin/gifts/${gift}/stock`, { headers: adminKey, body: { stock: 12 } })).json.payload).toEqual({ id: gift, stock: 12 });
    expect((await h.request("POST", `/api/admin/gifts/${gift}/stock`, { headers: adminKey, body: { stock: -1 } })).status).toBe(422);
    const p = await pupilWithCode(3);
    const adjust = (tokens: number, reason: string) => h.request("POST", "/api/admin/token-adjustments", { headers: adminKey, body: { login: p.email, tokens, reason } });
    expect((await adjust(7, "Geste commercial")).json.payload).toEqual({ user_id: p.id, tokens: 7, gift_point: 10 });
    expect(await adjust(-11, "Correction")).toMatchObject({ status: 402, json: { code: "tokens_insufficient" } });
    expect((await adjust(-10, "Correction")).json.payload.gift_point).toBe(0);
    const entries = await h.deps.db.select().from(tokenEntries).where(and(eq(tokenEntries.userId, p.id), eq(tokenEntries.refType, "operator_adjustment")));
    expect(entries.map((e) => [e.reason, e.amount, e.description])).toEqual([
      ["operator", 7, "Geste commercial"],
      ["operator", -10, "Correction"],
    ]);
  });
});

describe("the operator's commands", () => {
  it("run on a database of their own when no server runs: token-adjust, gift-stock, referral-flags, gift-order", async () => {
    const dir = mkdtempSync(join(tmpdir(), "darsi-gifts-"));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: "1", SEED_DEMO: "true", LOG_LEVEL: "silent" };
    delete env.DATABASE_URL;
    const admin = (...args: string[]) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "server/cli/admin.ts", ...args], { env, timeout: 120_000 }).then(
        (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
      );
    try {
      // The demo pupil holds 40 tokens.
      expect(await admin("token-adjust", "eleve@darsi.tn", "+5", "Geste", "commercial")).toMatchObject({ code: 0, out: expect.stringMatching(/\+5 tokens, balance 45/) });
      expect(await admin("token-adjust", "eleve@darsi.tn", "-46", "Trop")).toMatchObject({ code: 1, err: expect.stringMatching(/has 45 tokens: 46 cannot be taken/) });
      expect(await admin("gift-stock", "1", "7")).toMatchObject({ code: 0, out: "gift 1: 7 in stock\n" });
      expect(await admin("referral-flags")).toMatchObject({ code: 0, out: "no referral flag\n" });
      expect(await admin("gift-order", "1", "explode")).toMatchObject({ code: 2, err: expect.stringMatching(/gift-order <id> approve\|reject\|ship\|deliver/) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe("abuse", () => {
  // Device ids as the app sends them (X-Device-Id); every pupil here has the same phone model and browser (one
  // User-Agent), which must not flag anyone.
  const FAMILY_TABLET = "3f0c2a5e-5a1d-4a55-9f1e-000000000001";
  const HOME_TABLET = "3f0c2a5e-5a1d-4a55-9f1e-000000000002";
  const OLD_PHONE = "3f0c2a5e-5a1d-4a55-9f1e-000000000003";
  const SAME_PHONE = "Mozilla/5.0 (Linux; Android 14; SM-A155F) Chrome/131.0 Mobile";
  /** A friend of class 7 with 200 points who adds `code` to Gold for a month; `buy` pays it from `ip` with `device`. */
  async function friendWith(code: string) {
    const friend = await h.registerVerified({ division: 7 });
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: friend.id, amount: tnd(200) }));
    const gold = ((await h.request("GET", "/api/student/offers", { token: friend.token })).json.payload as OfferDto[]).find((o) => o.offer_id === 35)!;
    const priced = priceOffer(toPricedOffer(gold), { period: "month", subjectIds: null, code: { type: "percentage", amount: 5 } });
    if (!priced.ok) throw new Error("Gold has no monthly price");
    const added = await h.request("POST", "/api/student/discount-code", { token: friend.token, body: { code, offerId: 35, period: "month" } });
    const buy = (ip: string, device: string = randomUUID()) =>
      h.request("POST", "/api/student/checkout/buy", {
        token: friend.token,
        body: { offerDivisionDetail: gold.id, period: "month", amount: priced.price.final },
        headers: { "idempotency-key": randomUUID(), "x-device-id": device, "user-agent": SAME_PHONE },
        ip,
      });
    return { friend, added, buy };
  }
  const flagsOf = async (referrerId: number) =>
    (await h.request("POST", "/api/admin/referral-flags", { headers: adminKey, body: {} })).json.payload.filter((f: { referrer_id: number }) => f.referrer_id === referrerId);
  /** The owner signs in from `ip` with `device` (the session remembers both). */
  const signIn = (p: NewStudent, ip: string, device: string) =>
    h.request("POST", "/api/auth/login_check", { body: { username: p.email, password: p.password }, ip, headers: { "x-device-id": device, "user-agent": SAME_PHONE } });

  it("refuses a pupil's own code", async () => {
    const p = await pupilWithCode();
    const own = await h.request("POST", "/api/student/discount-code", { token: p.token, body: { code: p.code, offerId: 35, period: "month" } });
    expect([own.status, own.json.code]).toEqual([422, "discount_own_code"]);
  });

  it("flags, without refusing, a code used from the owner's IP address or device within 72 h", async () => {
    const owner = await pupilWithCode();
    expect((await signIn(owner, "10.250.1.1", FAMILY_TABLET)).status).toBe(200);
    const sameIp = await friendWith(owner.code);
    expect((await sameIp.buy("10.250.1.1")).status).toBe(201);
    const sameDevice = await friendWith(owner.code);
    expect((await sameDevice.buy("10.250.9.9", FAMILY_TABLET)).status).toBe(201);
    const elsewhere = await friendWith(owner.code);
    expect((await elsewhere.buy("10.250.7.7")).status).toBe(201);
    const flags = await flagsOf(owner.id);
    expect(flags.map((f: { kind: string; friend_id: number }) => [f.kind, f.friend_id]).sort()).toEqual(
      [
        ["same_device", sameDevice.friend.id],
        ["same_ip", sameIp.friend.id],
      ].sort(),
    );
    expect(flags[0]).toMatchObject({ referrer: expect.any(String), friend: expect.any(String), discount_use_id: expect.any(Number) });
    // Every use was rewarded: a flag refuses nothing.
    const rewards = await h.deps.db.select().from(tokenEntries).where(and(eq(tokenEntries.userId, owner.id), eq(tokenEntries.reason, "referral")));
    expect(rewards).toHaveLength(3);
  });

  it("never flags two children of the same parent, nor an owner's session older than 72 h", async () => {
    const owner = await pupilWithCode();
    const sibling = await friendWith(owner.code);
    const [parent] = await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "parent@darsi.tn"));
    await h.deps.db.insert(parentRequests).values([
      { parentUserId: parent!.id, childUserId: owner.id, approved: true },
      { parentUserId: parent!.id, childUserId: sibling.friend.id, approved: true },
    ]);
    await signIn(owner, "10.251.1.1", HOME_TABLET);
    expect((await sibling.buy("10.251.1.1", HOME_TABLET)).status).toBe(201);
    const old = await pupilWithCode();
    await signIn(old, "10.251.2.2", OLD_PHONE);
    await h.deps.db.execute(sql`update sessions set created_at = now() - interval '73 hours' where user_id = ${old.id}`);
    expect((await (await friendWith(old.code)).buy("10.251.2.2", OLD_PHONE)).status).toBe(201);
    expect([...(await flagsOf(owner.id)), ...(await flagsOf(old.id))]).toEqual([]);
  });

  it(`flags every reward past ${REFERRAL_DAILY_REWARDS_MAX} in 24 hours for one referrer`, async () => {
    const owner = await pupilWithCode();
    const friends = [];
    for (let i = 0; i <= REFERRAL_DAILY_REWARDS_MAX; i++) {
      const f = await friendWith(owner.code);
      expect((await f.buy(h.freshIp())).status).toBe(201);
      friends.push(f.friend.id);
    }
    const flags = await flagsOf(owner.id);
    expect(flags.map((f: { kind: string; friend_id: number }) => [f.kind, f.friend_id])).toEqual([["daily_rewards", friends.at(-1)]]);
    expect(await h.deps.db.select().from(referralFlags).where(eq(referralFlags.referrerId, owner.id))).toHaveLength(1);
  });
});
