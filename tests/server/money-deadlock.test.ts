/**
 * Money without a deadlock (issue 18 item 4): pupils buy offers with each other's referral codes — crossed: A buys with
 * B's code while B buys with A's, so each purchase moves points out of its buyer's wallet and into the other's — mixed
 * with point transfers between the same two pupils in both directions. Every transaction that moves points more than
 * once locks all its wallets first, in id order (`lockWallets`), so none of them ever waits for another in a cycle.
 *
 * - With TEST_DATABASE=postgres (CI): 200 concurrent purchases and 200 concurrent transfers among 40 pupils, in process
 *   with the server's connection pool; 0 × 5xx, every purchase and transfer applied, the balances exactly what the
 *   prices, the referral shares and the transfers say, the ledger reconciled, and `pg_stat_database.deadlocks` of the
 *   test's own database unchanged.
 * - On PGlite (one session, nothing runs at the same time): the same crossed plan, smaller and one request at a time,
 *   with the same checks of the outcome.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tnd } from "../../domain/money";
import { ownerShare, priceOffer, toPricedOffer, type OfferDto, type OfferPeriod } from "../../domain/offers";
import { discountCodes } from "../../server/db/schema";
import { checkLedger } from "../../server/services/wallet/ledger";
import { startTestServer, type TestServer } from "./harness";
import { createWallets, type Wallet } from "./money-reliability";

const ON_POSTGRES = process.env.TEST_DATABASE === "postgres";
/** A class whose catalogue has several whole offers without a class discount (a referral code applies to them). */
const DIVISION = 7;
const REFERRAL = { type: "percentage" as const, amount: 5 };

interface Pupil extends Wallet {
  code: string;
}

interface Sellable {
  offer: OfferDto;
  period: OfferPeriod;
  /** The offer's price before the friend's discount, and what the friend pays with a referral code. */
  price: number;
  final: number;
}

let h: TestServer;
beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "1000" } });
});
afterAll(() => h?.close());

/** Pupils of DIVISION with points and each a referral code `CP-…` of their own (5 % off, 5 % to the owner). */
async function seedPupils(count: number): Promise<Pupil[]> {
  const tag = randomBytes(2).toString("hex");
  const wallets = await createWallets(h.deps, h.deps.db, count, tnd(20_000), tag, DIVISION);
  const codes = wallets.map((w, i) => `CP-DL${tag.toUpperCase()}${i}`);
  await h.deps.db.insert(discountCodes).values(wallets.map((w, i) => ({ userId: w.id, code: codes[i]!, kind: "referral" as const, type: "percentage", amount: 5, ownerSharePercent: 5 })));
  return wallets.map((w, i) => ({ ...w, code: codes[i]! }));
}

/** The class's whole offers a referral code applies to, each at its shortest period, priced by the checkout's own function. */
async function sellableOffers(token: string): Promise<Sellable[]> {
  const res = await h.request("GET", "/api/student/offers", { token });
  expect(res.status, res.text).toBe(200);
  const out: Sellable[] = [];
  for (const offer of res.json.payload as OfferDto[]) {
    if (offer.is_free || offer.per_subject || offer.discount !== null || offer.owned) continue;
    const period = (["day", "week", "month"] as const).find((p) => offer.prices[p] !== undefined);
    if (!period) continue;
    const withCode = priceOffer(toPricedOffer(offer), { period, subjectIds: null, code: REFERRAL });
    if (!withCode.ok) continue;
    out.push({ offer, period, price: withCode.price.price, final: withCode.price.final });
  }
  return out;
}

/** Rounds of a round-robin (circle method): in each round every pupil has one partner, and partners are mutual. */
function rounds(n: number, count: number): number[][] {
  const out: number[][] = [];
  const rest = Array.from({ length: n - 1 }, (_, i) => i + 1);
  for (let r = 0; r < count; r++) {
    const order = [0, ...rest.slice(r % rest.length), ...rest.slice(0, r % rest.length)];
    const partner = new Array<number>(n);
    for (let j = 0; j < n / 2; j++) {
      partner[order[j]!] = order[n - 1 - j]!;
      partner[order[n - 1 - j]!] = order[j]!;
    }
    out.push(partner);
  }
  return out;
}

interface Seen {
  what: string;
  status: number;
  code?: string;
}

/** The newest transfer code sent to a phone after message `afterId` (the dev outbox is the SMS gateway here). */
async function transferCode(phone: string, afterId: number): Promise<{ id: number; code: string }> {
  for (let i = 0; i < 400; i++) {
    const { rows } = (await h.deps.db.execute(
      sql`select id, code from outbox_messages where "to" = ${phone} and kind = 'transfer' and id > ${afterId} order by id desc limit 1`,
    )) as unknown as { rows: Array<{ id: number; code: string }> };
    if (rows[0]) return { id: Number(rows[0].id), code: rows[0].code };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no transfer code for ${phone}`);
}

/** Plays the crossed plan: in round r, every pupil buys the r-th offer with its partner's code and sends it points. */
async function play(pupils: Pupil[], offers: Sellable[], plan: number[][], concurrent: boolean) {
  const seen: Seen[] = [];
  const lastCode = new Map<number, number>();
  const note = (what: string, res: { status: number; json: { code?: string } | undefined }) => seen.push({ what, status: res.status, code: res.json?.code });

  const purchase = async (r: number, i: number) => {
    const buyer = pupils[i]!;
    const partner = pupils[plan[r]![i]!]!;
    const s = offers[r]!;
    const added = await h.request("POST", "/api/student/discount-code", { token: buyer.token, body: { code: partner.code, offerId: s.offer.offer_id, period: s.period } });
    note("add-code", added);
    const bought = await h.request("POST", "/api/student/checkout/buy", {
      token: buyer.token,
      body: { offerDivisionDetail: s.offer.id, period: s.period, amount: s.final },
      headers: { "idempotency-key": randomUUID() },
    });
    note("buy", bought);
  };
  const transfer = async (r: number, i: number) => {
    const from = pupils[i]!;
    const to = pupils[plan[r]![i]!]!;
    const started = await h.request("POST", "/api/student/transfer-points", { token: from.token, body: { toUser: to.phone, points: tnd(10 + r) }, headers: { "idempotency-key": randomUUID() } });
    note("transfer-start", started);
    if (started.status !== 201) return;
    const { id, code } = await transferCode(from.phone, lastCode.get(i) ?? 0);
    lastCode.set(i, id);
    const confirmed = await h.request("POST", "/api/student/confirm-transfer-points", {
      token: from.token,
      query: { confirmationToken: code, transfer: started.json.payload.id },
      headers: { "idempotency-key": randomUUID() },
    });
    note("transfer-confirm", confirmed);
  };

  if (concurrent) {
    // Every pupil at once: its purchases one after the other (one added code at a time), its transfers alongside.
    await Promise.all(
      pupils.map(async (_, i) => {
        for (let r = 0; r < plan.length; r++) await Promise.all([purchase(r, i), transfer(r, i)]);
      }),
    );
  } else {
    for (let r = 0; r < plan.length; r++) {
      for (let i = 0; i < pupils.length; i++) {
        await purchase(r, i);
        await transfer(r, i);
      }
    }
  }
  return seen;
}

/** What every balance must be: funded, minus what it paid and sent, plus its referral shares and what it received. */
function expectedBalances(pupils: Pupil[], offers: Sellable[], plan: number[][]): number[] {
  const out = pupils.map((p) => p.initial);
  plan.forEach((partner, r) => {
    const s = offers[r]!;
    for (let i = 0; i < pupils.length; i++) {
      const j = partner[i]!;
      out[i]! -= s.final + tnd(10 + r);
      out[j]! += ownerShare("referral", 5, { price: s.price, final: s.final }) + tnd(10 + r);
    }
  });
  return out;
}

async function balancesOf(pupils: Pupil[]): Promise<number[]> {
  const ids = pupils.map((p) => p.id);
  const { rows } = (await h.deps.db.execute(sql`select owner_id, balance::text as balance from wallets where owner_id in ${ids}`)) as unknown as {
    rows: Array<{ owner_id: number; balance: string }>;
  };
  const byId = new Map(rows.map((r) => [Number(r.owner_id), Number(r.balance)]));
  return pupils.map((p) => byId.get(p.id)!);
}

async function deadlocks(): Promise<number> {
  return h.deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_stat_clear_snapshot()`);
    const { rows } = (await tx.execute(sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`)) as unknown as { rows: Array<{ n: number }> };
    return Number(rows[0]!.n);
  });
}

async function expectOutcome(pupils: Pupil[], offers: Sellable[], plan: number[][], seen: Seen[]) {
  expect(seen.filter((s) => s.status >= 500), "no 5xx").toEqual([]);
  expect(seen.filter((s) => s.what === "buy" && s.status !== 201), "every purchase applied").toEqual([]);
  expect(seen.filter((s) => s.what !== "buy" && s.status >= 300), "every code added, every transfer started and confirmed").toEqual([]);
  expect(seen.filter((s) => s.what === "buy")).toHaveLength(pupils.length * plan.length);
  expect(seen.filter((s) => s.what === "transfer-confirm")).toHaveLength(pupils.length * plan.length);
  expect(await balancesOf(pupils)).toEqual(expectedBalances(pupils, offers, plan));
  // One referral reward per purchase, never two (the ledger's unique reference backs it).
  const ids = pupils.map((p) => p.id);
  const { rows } = (await h.deps.db.execute(
    sql`select count(*)::int as n, count(distinct ref_id)::int as refs from ledger_entries where kind = 'referral_reward' and wallet_id in ${ids}`,
  )) as unknown as { rows: Array<{ n: number; refs: number }> };
  expect(rows[0]).toEqual({ n: pupils.length * plan.length, refs: pupils.length * plan.length });
  expect(await checkLedger(h.deps.db)).toMatchObject({ ok: true, mismatched: [], unbalancedMovements: [], negative: [], total: 0 });
}

if (ON_POSTGRES) {
  describe("crossed referral purchases and transfers on PostgreSQL, all at once", () => {
    it("200 purchases with each other's codes and 200 transfers among 40 pupils: no 5xx, no deadlock, every point where it belongs", async () => {
      const pupils = await seedPupils(40);
      const offers = await sellableOffers(pupils[0]!.token);
      expect(offers.length, "the class sells five whole offers a referral code applies to").toBeGreaterThanOrEqual(5);
      const plan = rounds(pupils.length, 5);
      const before = await deadlocks();
      const t0 = Date.now();
      const seen = await play(pupils, offers, plan, true);
      console.info(`crossed purchases: ${seen.filter((s) => s.what === "buy").length} purchases and ${seen.filter((s) => s.what === "transfer-confirm").length} transfers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      await expectOutcome(pupils, offers, plan, seen);
      // A server process reports its statistics when idle, at most every 10 s: wait for the pool's to be in.
      await new Promise((r) => setTimeout(r, 11_000));
      expect(await deadlocks(), "pg_stat_database.deadlocks of this database").toBe(before);
    }, 240_000);
  });
} else {
  describe("crossed referral purchases and transfers on PGlite, one at a time", () => {
    it("40 purchases with each other's codes and 40 transfers among 8 pupils: no 5xx, every point where it belongs", async () => {
      const pupils = await seedPupils(8);
      const offers = await sellableOffers(pupils[0]!.token);
      expect(offers.length, "the class sells five whole offers a referral code applies to").toBeGreaterThanOrEqual(5);
      const plan = rounds(pupils.length, 5);
      const seen = await play(pupils, offers, plan, false);
      await expectOutcome(pupils, offers, plan, seen);
    }, 120_000);
  });
}
