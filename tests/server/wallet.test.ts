/**
 * The wallet's top-ups (issue 9 item 4): requests by bank transfer or deposit, credited once by the operator's
 * approval and never by a rejection; the points history (top-ups and the ledger's other movements, paged); bad input
 * on every route refused with field codes and nothing written; another pupil's top-ups out of reach. `checkLedger`
 * holds after each step. Runs on PGlite, and on PostgreSQL with TEST_DATABASE=postgres.
 */
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topupCodes } from "../../server/db/schema";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { balanceOf, checkLedger, PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let pupil: NewStudent;
let other: NewStudent;

beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "1000" } });
  pupil = await h.registerVerified();
  other = await h.registerVerified();
});
afterAll(() => h?.close());

const idem = () => ({ "idempotency-key": randomUUID() });
const topup = (token: string, body: unknown, headers: Record<string, string> = idem()) => h.request("POST", "/api/student/codes", { token, body, headers });
const admin = (id: number, action: "approve" | "reject") =>
  h.request("POST", `/api/admin/topups/${id}/${action}`, { body: {}, headers: { "x-admin-key": adminCliKey(h.deps.secret) } });
const topupCount = async (userId: number) => (await h.deps.db.select({ n: count() }).from(topupCodes).where(eq(topupCodes.userId, userId)))[0]!.n;
const ledgerOk = async () => expect((await checkLedger(h.deps.db)).ok).toBe(true);

describe("bank transfer or deposit", () => {
  it("is pending until an operator approves it, then credited once; a second approval is refused and credits nothing", async () => {
    const res = await topup(pupil.token, { amount: 25_000, paymentMethod: "bank", reference: "VIR-2026-0001", comment: "Virement BIAT" });
    expect(res.status, res.text).toBe(201);
    expect(res.json.payload).toMatchObject({ reference: "VIR-2026-0001", payment_method: "bank", amount: 25_000, comment: "Virement BIAT", status: "pending" });
    const id = res.json.payload.id as number;
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(0);

    const history = await h.request("GET", "/api/codes", { token: pupil.token });
    expect(history.status).toBe(200);
    expect(history.json.payload[0]).toMatchObject({ code: "VIR-2026-0001", method: "bank", amount: 25_000, description: "Virement BIAT", status: "pending" });

    const approved = await admin(id, "approve");
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.payload.status).toBe("approved");
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(25_000);
    const again = await admin(id, "approve");
    expect([again.status, again.json.code]).toEqual([409, "topup_not_pending"]);
    const reject = await admin(id, "reject");
    expect([reject.status, reject.json.code]).toEqual([409, "topup_not_pending"]);
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(25_000);
    const me = await h.request("GET", "/api/auth/me", { token: pupil.token });
    expect(me.json.payload.points).toBe(25_000);
    const after = await h.request("GET", "/api/codes", { token: pupil.token });
    expect(after.json.payload[0]).toMatchObject({ code: "VIR-2026-0001", status: "approved" });
    await ledgerOk();
  });

  it("approved twice at the same time credits once", async () => {
    const res = await topup(pupil.token, { amount: 7_000, paymentMethod: "bank", reference: "DEP-77" });
    const id = res.json.payload.id as number;
    const before = await balanceOf(h.deps.db, pupil.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => admin(id, "approve")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(before + 7_000);
    await ledgerOk();
  });

  it("rejected: nothing credited, and it cannot be approved after", async () => {
    const res = await topup(pupil.token, { amount: 9_999_000, paymentMethod: "bank", reference: "VIR-FAUX" });
    const id = res.json.payload.id as number;
    const before = await balanceOf(h.deps.db, pupil.id);
    expect((await admin(id, "reject")).json.payload.status).toBe("rejected");
    expect((await admin(id, "approve")).status).toBe(409);
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(before);
    await ledgerOk();
  });

  it("the operator cannot approve a D17 or card top-up (their gateway decides), nor an unknown one; without the key: 403", async () => {
    const d17 = await topup(pupil.token, { amount: 5_000, paymentMethod: "d17" });
    expect((await admin(d17.json.payload.id, "approve")).status).toBe(409);
    expect((await admin(2_000_000_000, "approve")).status).toBe(404);
    const noKey = await h.request("POST", `/api/admin/topups/${d17.json.payload.id}/approve`, { body: {} });
    expect(noKey.status).toBe(403);
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(25_000 + 7_000);
  });

  it("a retry with the same Idempotency-Key replays the answer and records one request", async () => {
    const before = await topupCount(pupil.id);
    const headers = idem();
    const body = { amount: 10_000, paymentMethod: "bank", reference: "VIR-RETRY" };
    const [a, b] = [await topup(pupil.token, body, headers), await topup(pupil.token, body, headers)];
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get("idempotency-replayed")).toBe("true");
    expect(b.json.payload.id).toBe(a.json.payload.id);
    expect(await topupCount(pupil.id)).toBe(before + 1);
    const other = await topup(pupil.token, { ...body, amount: 11_000 }, headers);
    expect([other.status, other.json.code]).toEqual([409, "idempotency_conflict"]);
  });
});

describe("bad input on every route", () => {
  const bad: Array<[string, unknown, string, string]> = [
    ["no amount", { paymentMethod: "bank", reference: "R1" }, "amount", "amount_required"],
    ["empty amount", { amount: "", paymentMethod: "bank", reference: "R1" }, "amount", "amount_required"],
    ["zero", { amount: 0, paymentMethod: "online" }, "amount", "amount_invalid"],
    ["negative", { amount: -5_000, paymentMethod: "online" }, "amount", "amount_invalid"],
    ["over 9999 TND", { amount: 10_000_000, paymentMethod: "online" }, "amount", "amount_invalid"],
    ["a fraction of a dinar", { amount: 12_500, paymentMethod: "online" }, "amount", "amount_invalid"],
    ["a non-integer", { amount: 12_000.5, paymentMethod: "online" }, "amount", "amount_invalid"],
    ["huge", { amount: 1e300, paymentMethod: "online" }, "amount", "amount_invalid"],
    ["a number as text with a fraction", { amount: "12000.5", paymentMethod: "online" }, "amount", "amount_invalid"],
    ["a boolean", { amount: true, paymentMethod: "online" }, "amount", "amount_invalid"],
    ["unknown method", { amount: 5_000, paymentMethod: "cash" }, "paymentMethod", "payment_method_invalid"],
    ["operator method (not a top-up form)", { amount: 5_000, paymentMethod: "operator" }, "paymentMethod", "payment_method_invalid"],
    ["bank without reference", { amount: 5_000, paymentMethod: "bank" }, "reference", "reference_required"],
    ["bank with a blank reference", { amount: 5_000, paymentMethod: "bank", reference: "" }, "reference", "reference_required"],
    ["reference with a space", { amount: 5_000, paymentMethod: "bank", reference: "VIR 123" }, "reference", "reference_invalid"],
    ["reference with a tab", { amount: 5_000, paymentMethod: "bank", reference: "VIR\t123" }, "reference", "reference_invalid"],
    ["reference with a non-breaking space", { amount: 5_000, paymentMethod: "bank", reference: "VIR\u00a0123" }, "reference", "reference_invalid"],
    ["reference too long", { amount: 5_000, paymentMethod: "bank", reference: "R".repeat(65) }, "reference", "reference_invalid"],
    ["comment too long", { amount: 5_000, paymentMethod: "online", comment: "x".repeat(501) }, "comment", "comment_too_long"],
  ];
  it.each(bad)("POST /student/codes refuses %s with 422 and its field code, writing nothing", async (_label, body, field, code) => {
    const before = await topupCount(pupil.id);
    const res = await topup(pupil.token, body);
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors[field]).toContain(code);
    expect(await topupCount(pupil.id)).toBe(before);
  });

  it("POST /student/codes without an Idempotency-Key is refused", async () => {
    const res = await h.request("POST", "/api/student/codes", { token: pupil.token, body: { amount: 5_000, paymentMethod: "online" } });
    expect([res.status, res.json.code]).toEqual([422, "idempotency_key_required"]);
  });

  it("another pupil's top-up is not found on every route that takes one; bad ids are 422", async () => {
    const mine = await topup(pupil.token, { amount: 5_000, paymentMethod: "online" });
    const mineD17 = await topup(pupil.token, { amount: 5_000, paymentMethod: "d17" });
    const { id } = mine.json.payload;
    const [row] = await h.deps.db.select({ orderId: topupCodes.orderId }).from(topupCodes).where(eq(topupCodes.id, id));
    const t = other.token;
    expect((await h.request("GET", `/api/payment/redirect/${id}`, { token: t })).status).toBe(404);
    expect((await h.request("GET", `/api/payment/d17/${mineD17.json.payload.id}`, { token: t })).status).toBe(404);
    expect((await h.request("GET", `/api/payment/d17/check/${mineD17.json.payload.id}`, { token: t, headers: idem() })).status).toBe(404);
    for (const which of ["success", "echec"]) {
      const res = await h.request("POST", `/api/payment/${which}`, { token: t, query: { orderId: row!.orderId!, lang: "fr" }, headers: idem() });
      expect([res.status, res.json.code]).toEqual([404, "payment_not_found"]);
    }
    // The wrong kind of top-up for the route: not found either.
    expect((await h.request("GET", `/api/payment/d17/${id}`, { token: pupil.token })).status).toBe(404);
    expect((await h.request("GET", `/api/payment/redirect/${mineD17.json.payload.id}`, { token: pupil.token })).status).toBe(404);
    for (const bad of ["0", "-1", "abc", "99999999999", "1.5"]) {
      expect((await h.request("GET", `/api/payment/redirect/${bad}`, { token: pupil.token })).status).toBe(422);
      expect((await h.request("GET", `/api/payment/d17/${bad}`, { token: pupil.token })).status).toBe(422);
    }
    for (const orderId of ["", "x", "g".repeat(32), `${row!.orderId!}0`]) {
      const res = await h.request("POST", "/api/payment/success", { token: pupil.token, query: { orderId }, headers: idem() });
      expect([res.status, res.json.code], orderId).toEqual([422, "validation_failed"]);
    }
    expect((await h.request("GET", "/api/codes", { token: pupil.token, query: { perPage: 7 } })).status).toBe(422);
    expect((await h.request("GET", "/api/codes", { token: pupil.token, query: { page: 0 } })).status).toBe(422);
    await ledgerOk();
  });
});

describe("the points history", () => {
  it("is empty for a new pupil", async () => {
    const fresh = await h.registerVerified();
    const res = await h.request("GET", "/api/codes", { token: fresh.token });
    expect(res.json).toEqual({ payload: [], meta: { current_page: 1, last_page: 1, total: 0 } });
  });

  it("lists top-ups and the wallet's other movements (signed), newest first, paged 10/25/100", async () => {
    const fresh = await h.registerVerified();
    for (let i = 0; i < 11; i++) await topup(fresh.token, { amount: (i + 1) * 1_000, paymentMethod: "bank", reference: `REF-${i}` });
    const first = await topup(fresh.token, { amount: 40_000, paymentMethod: "bank", reference: "REF-BIG" });
    await admin(first.json.payload.id, "approve");
    // A purchase as the offers code would post it: a debit of the pupil's wallet.
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "purchase", from: fresh.id, to: PLATFORM_WALLETS.revenue, amount: 30_000, description: "Gold", ref: { type: "affiliation", id: 9 } }));
    const page1 = await h.request("GET", "/api/codes", { token: fresh.token, query: { page: 1, perPage: 10 } });
    expect(page1.json.meta).toEqual({ current_page: 1, last_page: 2, total: 13 });
    expect(page1.json.payload).toHaveLength(10);
    expect(page1.json.payload[0]).toMatchObject({ method: "purchase", amount: -30_000, description: "Gold", status: "approved", code: "affiliation-9" });
    // The approved top-up is listed once (as the top-up), not again as its ledger movement.
    expect(page1.json.payload.filter((r: { code: string }) => r.code === "REF-BIG")).toHaveLength(1);
    const page2 = await h.request("GET", "/api/codes", { token: fresh.token, query: { page: 2, perPage: 10 } });
    expect(page2.json.payload).toHaveLength(3);
    const all = await h.request("GET", "/api/codes", { token: fresh.token, query: { perPage: 25 } });
    expect(all.json.payload).toHaveLength(13);
    expect(new Set(all.json.payload.map((r: { key: string }) => r.key)).size).toBe(13);
    expect(await balanceOf(h.deps.db, fresh.id)).toBe(10_000);
    await ledgerOk();
  });
});
