/**
 * The wallet's statement (issue 22 item 3): every movement of a pupil's points with its kind and parameters (never a
 * stored sentence), the balance after each — right across top-ups, a purchase and transfers — the top-up requests that
 * moved nothing, paging, the kind filter (which keeps the true balance), the offer named in each language the database
 * has, the other pupil of a transfer, and the balance at the end of each month. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE=postgres.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StatementRowDto } from "../../domain/wallet";
import { offers } from "../../server/db/schema";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { balanceOf } from "../../server/services/wallet/ledger";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let buyer: NewStudent;
let friend: NewStudent;

const idem = () => ({ "idempotency-key": randomUUID() });
const statement = (token: string, query: Record<string, string | number> = {}) => h.request("GET", "/api/student/wallet/statement", { token, query });
const rowsOf = async (token: string, query: Record<string, string | number> = {}) => {
  const res = await statement(token, query);
  expect(res.status, res.text).toBe(200);
  return res.json.payload as StatementRowDto[];
};

async function bankTopup(token: string, amount: number, reference: string, outcome?: "approve" | "reject") {
  const res = await h.request("POST", "/api/student/codes", { token, body: { amount, paymentMethod: "bank", reference }, headers: idem() });
  expect(res.status, res.text).toBe(201);
  const id = res.json.payload.id as number;
  if (outcome) {
    const decided = await h.request("POST", `/api/admin/topups/${id}/${outcome}`, { body: {}, headers: { "x-admin-key": adminCliKey(h.deps.secret) } });
    expect(decided.status, decided.text).toBe(200);
  }
  return id;
}

async function transfer(from: NewStudent, to: NewStudent, points: number) {
  const started = await h.request("POST", "/api/student/transfer-points", { token: from.token, body: { toUser: to.phone, points }, headers: idem() });
  expect(started.status, started.text).toBe(201);
  const code = await h.lastCode(from.phone, "transfer");
  const confirmed = await h.request("POST", "/api/student/confirm-transfer-points", {
    token: from.token,
    body: { confirmationToken: code, transfer: started.json.payload.id },
    headers: idem(),
  });
  expect(confirmed.status, confirmed.text).toBe(200);
}

beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "1000" } });
  buyer = await h.registerVerified({ division: 7, name: "Amira", lastName: "Ben Salah" });
  friend = await h.registerVerified({ division: 7, name: "Youssef", lastName: "Trabelsi" });
  await bankTopup(buyer.token, 100_000, "VIR-1", "approve");
  const offersRes = await h.request("GET", "/api/student/offers", { token: buyer.token });
  const silver = (offersRes.json.payload as { offer_id: number; id: number; pricing: { period: string; final_price: number }[] }[]).find((o) => o.offer_id === 33)!;
  const price = silver.pricing.find((p) => p.period === "day")!.final_price;
  const bought = await h.request("POST", "/api/student/checkout/buy", {
    token: buyer.token,
    body: { offerDivisionDetail: silver.id, period: "day", amount: price },
    headers: idem(),
  });
  expect(bought.status, bought.text).toBe(201);
  await transfer(buyer, friend, 10_000);
  await bankTopup(friend.token, 15_000, "VIR-F", "approve");
  await transfer(friend, buyer, 12_000);
  await bankTopup(buyer.token, 20_000, "VIR-PENDING");
  await bankTopup(buyer.token, 30_000, "VIR-REFUSE", "reject");
  // Enough requests for a second page of 10.
  for (let i = 0; i < 6; i++) await bankTopup(buyer.token, 1_000, `VIR-P${i}`);
}, 180_000);
afterAll(() => h?.close());

describe("the statement", () => {
  it("lists every movement newest first with the balance after each, right across kinds", async () => {
    const rows = await rowsOf(buyer.token, { perPage: 25 });
    expect(rows).toHaveLength(12);
    expect(rows[0]!.balance).toBe(await balanceOf(h.deps.db, buyer.id));
    // Each row's balance is the next (older) one's plus what this row moved; the oldest starts from zero.
    rows.forEach((row, i) => {
      const before = i + 1 < rows.length ? rows[i + 1]!.balance : 0;
      expect(row.balance, row.key).toBe(before + (row.applied ? row.amount : 0));
    });
    const kinds = rows.map((r) => `${r.kind}:${r.status}:${r.applied}`).reverse();
    expect(kinds).toEqual([
      "topup:approved:true",
      "purchase:approved:true",
      "transfer:approved:true",
      "transfer:approved:true",
      "topup:pending:false",
      "topup:rejected:false",
      ...Array.from({ length: 6 }, () => "topup:pending:false"),
    ]);
    const chronological = [...rows].reverse();
    expect(chronological[0]).toMatchObject({ amount: 100_000, balance: 100_000, method: "bank", reference: "VIR-1" });
    const purchase = chronological[1]!;
    expect(purchase.amount).toBeLessThan(0);
    expect(purchase.period?.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(purchase.offer?.id).toBe(33);
    expect(chronological[2]).toMatchObject({ amount: -10_000, counterpart: { name: "Youssef Trabelsi" } });
    expect(chronological[3]).toMatchObject({ amount: 12_000, counterpart: { name: "Youssef Trabelsi" } });
    expect(chronological[4]).toMatchObject({ amount: 20_000, applied: false, reference: "VIR-PENDING" });
    // No stored sentence is answered.
    expect(Object.keys(rows[0]!)).not.toContain("description");
  });

  it("names the offer in every language the database has", async () => {
    const [row] = await h.deps.db.select({ name: offers.name, en: offers.nameEn, ar: offers.nameAr }).from(offers).where(eq(offers.id, 33));
    const purchase = (await rowsOf(buyer.token, { kind: "purchase" }))[0]!;
    expect(purchase.offer).toEqual({ id: 33, name: row!.name, name_en: row!.en, name_ar: row!.ar });
  });

  it("is paged: two pages of 10 are the whole statement, in order", async () => {
    const all = await rowsOf(buyer.token, { perPage: 25 });
    const first = await statement(buyer.token, { page: 1, perPage: 10 });
    const second = await statement(buyer.token, { page: 2, perPage: 10 });
    expect(first.json.meta).toMatchObject({ current_page: 1, last_page: 2, total: 12 });
    expect([...first.json.payload, ...second.json.payload].map((r: StatementRowDto) => r.key)).toEqual(all.map((r) => r.key));
  });

  it("filters by kind and keeps the true balance after each movement", async () => {
    const all = await rowsOf(buyer.token, { perPage: 25 });
    const transfers = await rowsOf(buyer.token, { kind: "transfer" });
    expect(transfers.map((r) => r.kind)).toEqual(["transfer", "transfer"]);
    for (const t of transfers) expect(t.balance).toBe(all.find((r) => r.key === t.key)!.balance);
    expect(await rowsOf(buyer.token, { kind: "refund" })).toEqual([]);
    const bad = await statement(buyer.token, { kind: "gift" });
    expect([bad.status, bad.json.code]).toEqual([422, "validation_failed"]);
    expect(JSON.stringify(bad.json)).toContain("kind_invalid");
  });

  it("shows the receiver the transfer with the sender's name", async () => {
    const rows = await rowsOf(friend.token, { kind: "transfer" });
    expect(rows.map((r) => [r.amount, r.counterpart])).toEqual([
      [-12_000, { name: "Amira Ben Salah" }],
      [10_000, { name: "Amira Ben Salah" }],
    ]);
  });

  it("gives the balance at the end of each of the last 6 months, the last one now", async () => {
    const res = await h.request("GET", "/api/student/wallet/balance-months", { token: buyer.token });
    expect(res.status, res.text).toBe(200);
    const months = res.json.payload as { month: string; balance: number }[];
    expect(months).toHaveLength(6);
    expect(months.at(-1)!.balance).toBe(await balanceOf(h.deps.db, buyer.id));
    expect(months.slice(0, -1).every((m) => m.balance === 0)).toBe(true);
    expect(new Set(months.map((m) => m.month)).size).toBe(6);
  });
});
