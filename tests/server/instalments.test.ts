/**
 * Instalments (issue 9, SPEC §3 "Offer": slices, indexSliceToPay; §4 "codes only on the first instalment"): a year
 * sold in three parts — the first instalment agrees the plan and may carry a code, the next ones cost the rest of the
 * plan and cover the next days, a code is refused after the first, the pupil is told once when the next one is due,
 * and the ledger reconciles. A movable clock stands for the months between payments.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tnd } from "../../domain/money";
import { payInstalments, sliceRanges, type OfferDto } from "../../domain/offers";
import { affiliations, notifications } from "../../server/db/schema";
import { balanceOf, checkLedger, PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { remindInstalments } from "../../server/services/offers/instalments";
import { issueToken } from "../../server/lib/auth";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
const REAL = new Date();
let clock = REAL;
/** Today in Tunis (YYYY-MM-DD), as the server counts days. */
const day = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Tunis" }).format(d);
const TODAY = day(REAL);
/** A fresh session at the clock's time (sessions expire by the server's clock). */
const tokenOf = async (userId: number) => (await issueToken(h.deps, h.deps.db, userId)).token;
const GOLD = 35;

beforeAll(async () => {
  h = await startTestServer({ now: () => clock });
});
afterAll(() => h?.close());

async function pupil(points: number): Promise<NewStudent> {
  const p = await h.registerVerified({ division: 7 });
  await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: p.id, amount: points }));
  return p;
}
const gold = async (token: string) => {
  const res = await h.request("GET", "/api/student/offers", { token });
  expect(res.status, res.text).toBe(200);
  return (res.json.payload as OfferDto[]).find((o) => o.offer_id === GOLD)!;
};
const yearPrice = (o: OfferDto) => o.pricing.find((p) => p.period === "year")!.final_price;
const buy = (token: string, body: Record<string, unknown>) =>
  h.request("POST", "/api/student/checkout/buy", { token, body, headers: { "idempotency-key": randomUUID() } });

describe("a year in three instalments", () => {
  it("first with a code, then the rest at once; a code after the first is refused; the offer is owned once paid in full", async () => {
    clock = REAL;
    const p = await pupil(tnd(1_000));
    const offer = await gold(p.token);
    expect(offer).toMatchObject({ slices: 3, indexSliceToPay: 1, plan: null, owned: false });
    const total = yearPrice(offer);

    // The first instalment, with the influencer's 10 % code: on that instalment only.
    expect((await h.request("POST", "/api/student/discount-code", { token: p.token, body: { code: "SAMI10", offerId: GOLD, period: "year" } })).status).toBe(201);
    const first = payInstalments({ slices: 3, total, planStart: TODAY, paid: 0 }, 1, TODAY, { type: "percentage", amount: 10 });
    if (!first.ok) throw new Error(first.code);
    const wrong = await buy(p.token, { offerDivisionDetail: offer.id, period: "year", amount: total });
    expect([wrong.status, wrong.json.code]).toEqual([409, "price_changed"]);
    const res1 = await buy(p.token, { offerDivisionDetail: offer.id, period: "year", amount: first.final });
    expect(res1.status, res1.text).toBe(201);
    const ranges = sliceRanges(TODAY, 3);
    expect(res1.json.payload.affiliation).toMatchObject({ start_date: TODAY, end_date: ranges[0]!.end, amount_paid: first.final });

    let now = await gold(p.token);
    expect(now).toMatchObject({ indexSliceToPay: 2, plan: { total, plan_start: TODAY, paid: 1 }, owned: false });
    // A code on a later instalment: refused when added (SAMI10 is used; another code).
    const late = await h.request("POST", "/api/student/discount-code", { token: p.token, body: { code: "RENTREE20", offerId: GOLD, period: "year" } });
    expect([late.status, late.json.errors?.code?.[0]]).toEqual([422, "coupon_first_slice_only"]);

    // A few weeks later: the two instalments left at once, from the second one's first day to June 30.
    clock = new Date(REAL.getTime() + 20 * 86_400_000);
    const token = await tokenOf(p.id);
    const rest = payInstalments({ slices: 3, total, planStart: TODAY, paid: 1 }, 2, day(clock));
    if (!rest.ok) throw new Error(rest.code);
    expect(first.amount + rest.amount).toBe(total);
    const before = await balanceOf(h.deps.db, p.id);
    const res2 = await buy(token, { offerDivisionDetail: offer.id, period: "year", quantity: 2, amount: rest.final });
    expect(res2.status, res2.text).toBe(201);
    expect(res2.json.payload.affiliation).toMatchObject({ start_date: ranges[1]!.start, end_date: "2027-06-30" });
    expect(await balanceOf(h.deps.db, p.id)).toBe(before - rest.final);

    now = await gold(token);
    expect(now).toMatchObject({ owned: true, plan: { paid: 3 } });
    const again = await buy(token, { offerDivisionDetail: offer.id, period: "year", amount: 0 });
    expect([again.status, again.json.code]).toEqual([409, "offer_owned"]);
    expect(await checkLedger(h.deps.db)).toMatchObject({ ok: true });
  });

  it("refuses more instalments than are left, several instalments of a month, and keeps nothing", async () => {
    clock = REAL;
    const p = await pupil(tnd(1_000));
    const offer = await gold(p.token);
    const tooMany = await buy(p.token, { offerDivisionDetail: offer.id, period: "year", quantity: 4, amount: yearPrice(offer) });
    expect([tooMany.status, tooMany.json.errors?.quantity?.[0]]).toEqual([422, "coupon_first_slice_only"]);
    const month = await buy(p.token, { offerDivisionDetail: offer.id, period: "month", quantity: 2, amount: 1 });
    expect([month.status, month.json.errors?.quantity?.[0]]).toEqual([422, "coupon_first_slice_only"]);
    expect(await h.deps.db.select().from(affiliations).where(eq(affiliations.userId, p.id))).toEqual([]);
    expect(await balanceOf(h.deps.db, p.id)).toBe(tnd(1_000));
  });

  it("paying the whole year in three at once is the year's price", async () => {
    clock = REAL;
    const p = await pupil(tnd(1_000));
    const offer = await gold(p.token);
    const res = await buy(p.token, { offerDivisionDetail: offer.id, period: "year", quantity: 3, amount: yearPrice(offer) });
    expect(res.status, res.text).toBe(201);
    expect(res.json.payload.affiliation).toMatchObject({ start_date: TODAY, end_date: "2027-06-30", amount_paid: yearPrice(offer) });
  });

  it("tells the pupil once, a week before the paid days end, that the next instalment is due", async () => {
    clock = REAL;
    const p = await pupil(tnd(1_000));
    const offer = await gold(p.token);
    const first = payInstalments({ slices: 3, total: yearPrice(offer), planStart: TODAY, paid: 0 }, 1, TODAY);
    if (!first.ok) throw new Error(first.code);
    expect((await buy(p.token, { offerDivisionDetail: offer.id, period: "year", amount: first.final })).status).toBe(201);
    const mine = () => h.deps.db.select().from(notifications).where(and(eq(notifications.userId, p.id), eq(notifications.category, "paySlice")));

    await remindInstalments(h.deps);
    expect(await mine()).toHaveLength(0); // not yet: the paid days end in weeks
    clock = new Date(`${first.end}T08:00:00Z`);
    clock.setUTCDate(clock.getUTCDate() - 5);
    expect(first.end > day(REAL)).toBe(true);
    await remindInstalments(h.deps);
    await remindInstalments(h.deps);
    const told = await mine();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: "/offres" });
    expect(told[0]!.body).toContain("tranche 2 sur 3");
  });
});
