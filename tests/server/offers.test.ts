/**
 * Offers, checkout and discount codes (issue 9 items 1, 2, 6): the catalogue per class, a purchase with points that
 * unlocks its lessons at once, every refusal changing nothing, exactly one effect per purchase under double taps and
 * two tabs, the discount errors of SPEC §8, the influencer's revenue and the referrer's reward — and the ledger
 * reconciled after all of it. Runs on PGlite and, with TEST_DATABASE=postgres, on PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { percentOf, percentOfDown, tnd } from "../../domain/money";
import type { OfferDto } from "../../domain/offers";
import { affiliations, chapters, contents, discountCodes, ledgerEntries, offerDivisions, subjects, users } from "../../server/db/schema";
import { balanceOf, checkLedger, PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let eleveToken: string;
let eleveId: number;
let influencerId: number;

beforeAll(async () => {
  h = await startTestServer();
  eleveToken = await h.login("eleve@darsi.tn");
  const id = async (email: string) => (await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  eleveId = await id("eleve@darsi.tn");
  influencerId = await id("influenceur@darsi.tn");
});
afterAll(() => h?.close());

/** Credits a pupil through the ledger (what an approved top-up does). */
async function topUp(userId: number, millimes: number) {
  await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: userId, amount: millimes }));
}

async function pupil(division = 7, points = 0): Promise<NewStudent> {
  const p = await h.registerVerified({ division });
  if (points) await topUp(p.id, points);
  return p;
}

async function offersOf(token: string): Promise<OfferDto[]> {
  const res = await h.request("GET", "/api/student/offers", { token });
  expect(res.status, res.text).toBe(200);
  return res.json.payload as OfferDto[];
}

const byOffer = (list: OfferDto[], offerId: number) => list.find((o) => o.offer_id === offerId)!;
const buy = (token: string, body: Record<string, unknown>, key = randomUUID()) =>
  h.request("POST", "/api/student/checkout/buy", { token, body, headers: { "idempotency-key": key } });
const addCode = (token: string, body: Record<string, unknown>) => h.request("POST", "/api/student/discount-code", { token, body });
const priceOf = (o: OfferDto, period: string) => o.pricing.find((p) => p.period === period)!.final_price;

async function counts(userId: number) {
  const [a] = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(affiliations).where(eq(affiliations.userId, userId));
  const [l] = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
  return { affiliations: a!.n, entries: l!.n, balance: await balanceOf(h.deps.db, userId) };
}

/** A non-free lesson of a subject, as the bookmark route names it. */
async function lessonOf(subjectId: number) {
  const [row] = await h.deps.db
    .select({ slug: contents.slug, chapter: chapters.slug, subject: subjects.slug })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.id, subjectId), eq(contents.isFree, false)))
    .limit(1);
  return row!;
}
const bookmark = (token: string, l: { subject: string; chapter: string; slug: string }) =>
  h.request("POST", `/api/user/subjects/${l.subject}/chapters/${l.chapter}/contents/${l.slug}/bookmark`, { token, body: {} });

describe("the catalogue", () => {
  it("lists the class's offers by position with integer millimes, the period rules and what the pupil owns", async () => {
    const list = await offersOf(eleveToken);
    expect(list.map((o) => o.position)).toEqual([...list.map((o) => o.position)].sort((a, b) => a - b));
    for (const name of ["Excellent", "Standard", "Top 50", "Silver", "Silver+", "Gold", "Optimum"]) expect(list.some((o) => o.name === name), name).toBe(true);
    const gold = byOffer(list, 35);
    expect(gold.owned).toBe(true);
    expect(gold.Finalprice).toBe(tnd(590));
    expect(priceOf(gold, "month")).toBe(tnd(69));
    for (const o of list) for (const p of o.pricing) for (const v of [p.price, p.final_price, p.discount]) expect(Number.isSafeInteger(v)).toBe(true);
    // Optimum: no "rest of the year" although it has a year price; 102: one period; the free offer: "free".
    expect(byOffer(list, 80).pricing.map((p) => p.period)).toEqual(["month"]);
    expect(byOffer(list, 102)).toMatchObject({ period_switch: false });
    expect(byOffer(list, 102).pricing.map((p) => p.period)).toEqual(["week"]);
    expect(byOffer(list, 104)).toMatchObject({ is_free: true, Finalprice: 0 });
    expect(byOffer(list, 104).pricing.map((p) => p.period)).toEqual(["free"]);
    const pack = byOffer(list, 115);
    expect(pack.per_subject).toBe(true);
    expect(pack.offer_subject_details.length).toBe(5);
    expect(pack.offer_subject_details[0]!.subject.name).toBeTruthy();
  });

  it("shows a class discount as infoDiscount (Silver+ in 1ère année)", async () => {
    const p = await pupil(7);
    const silverPlus = byOffer(await offersOf(p.token), 34);
    const month = silverPlus.pricing.find((x) => x.period === "month")!;
    expect(month).toMatchObject({ price: tnd(44), final_price: tnd(40), discount: tnd(4), discountpercentage: 9, infoDiscount: { discountType: "percentage", discountValue: 10 } });
  });
});

describe("codes in /auth/me", () => {
  it("a referral code does not make its owner an influencer; the influencer's code does", async () => {
    const eleve = await h.request("GET", "/api/auth/me", { token: eleveToken });
    expect(eleve.json.payload).toMatchObject({ discountCode: null, permissions: { influencer: false } });
    const sami = await h.request("GET", "/api/auth/me", { token: await h.login("influenceur@darsi.tn") });
    expect(sami.json.payload).toMatchObject({ discountCode: "SAMI10", permissions: { influencer: true } });
  });
});

describe("buying with points", () => {
  it("debits the price, creates the subscription and unlocks the subject at once (and only it)", async () => {
    const p = await pupil(7, tnd(100));
    const pack = byOffer(await offersOf(p.token), 119);
    const [first, second] = pack.offer_subject_details;
    const lesson = await lessonOf(first!.subjectId);
    const other = await lessonOf(second!.subjectId);
    expect((await bookmark(p.token, lesson)).status).toBe(403);

    const price = pack.offer_subject_details[0]!.price;
    const res = await buy(p.token, { offerDivisionDetail: pack.id, period: "week", subjects: [first!.subjectId], amount: price });
    expect(res.status, res.text).toBe(201);
    expect(res.json.payload).toMatchObject({ points: tnd(100) - price, affiliation: { offer_id: 119, period: "week", amount_paid: price, subject_ids: [first!.subjectId] } });
    expect(await balanceOf(h.deps.db, p.id)).toBe(tnd(100) - price);
    expect(await balanceOf(h.deps.db, PLATFORM_WALLETS.revenue)).toBeGreaterThanOrEqual(price);

    expect((await bookmark(p.token, lesson)).status).toBe(200);
    expect((await bookmark(p.token, other)).status).toBe(403);
    const me = await h.request("GET", "/api/auth/me", { token: p.token });
    expect(me.json.payload.points).toBe(tnd(100) - price);
    expect(me.json.payload.affiliations.map((a: { offer_id: number }) => a.offer_id)).toContain(119);

    // The bought subject is now owned: disabled on the screen, refused by the server.
    const again = byOffer(await offersOf(p.token), 119);
    expect(again.offer_subject_details.find((d) => d.subjectId === first!.subjectId)!.owned).toBe(true);
    const twice = await buy(p.token, { offerDivisionDetail: pack.id, period: "week", subjects: [first!.subjectId, second!.subjectId], amount: 2 * price - 0 });
    expect([twice.status, twice.json.code]).toEqual([409, "subject_owned"]);
  });

  it("a whole offer: the year runs to June 30, and a second purchase is offer_owned", async () => {
    const p = await pupil(7, tnd(400));
    const silver = byOffer(await offersOf(p.token), 33);
    const res = await buy(p.token, { offerDivisionDetail: silver.id, period: "year", amount: priceOf(silver, "year") });
    expect(res.status, res.text).toBe(201);
    expect(res.json.payload.affiliation.end_date).toMatch(/-06-30$/);
    expect(res.json.payload.affiliation.subject_ids).toBeNull();
    const again = await buy(p.token, { offerDivisionDetail: silver.id, period: "day", amount: priceOf(silver, "day") });
    expect([again.status, again.json.code]).toEqual([409, "offer_owned"]);
    expect(byOffer(await offersOf(p.token), 33).owned).toBe(true);
  });

  it("the free offer costs nothing and moves no points", async () => {
    const p = await pupil(7);
    const before = await counts(p.id);
    const free = byOffer(await offersOf(p.token), 104);
    const res = await buy(p.token, { offerDivisionDetail: free.id, period: "free", amount: 0 });
    expect(res.status, res.text).toBe(201);
    const after = await counts(p.id);
    expect(after).toMatchObject({ affiliations: before.affiliations + 1, entries: before.entries, balance: 0 });
    // Taken once, even after it ended.
    await h.deps.db.update(affiliations).set({ endDate: "2020-01-07", startDate: "2020-01-01" }).where(eq(affiliations.userId, p.id));
    expect(byOffer(await offersOf(p.token), 104).owned).toBe(true);
    const again = await buy(p.token, { offerDivisionDetail: free.id, period: "free", amount: 0 });
    expect([again.status, again.json.code]).toEqual([409, "offer_owned"]);
  });

  it("refuses without enough points (402) and keeps nothing", async () => {
    const p = await pupil(7, tnd(3));
    const gold = byOffer(await offersOf(p.token), 35);
    const before = await counts(p.id);
    const res = await buy(p.token, { offerDivisionDetail: gold.id, period: "month", amount: priceOf(gold, "month") });
    expect([res.status, res.json.code]).toEqual([402, "insufficient_balance"]);
    expect(await counts(p.id)).toEqual(before);
  });

  it("refuses a price the pupil did not see (409 price_changed), a period not sold, subjects not of the offer, another class's offer", async () => {
    const p = await pupil(7, tnd(200));
    const list = await offersOf(p.token);
    const gold = byOffer(list, 35);
    const before = await counts(p.id);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ offerDivisionDetail: gold.id, period: "month", amount: priceOf(gold, "month") - 1 }, 409, "price_changed"],
      [{ offerDivisionDetail: byOffer(list, 80).id, period: "year", amount: tnd(440) }, 422, "period_invalid"],
      [{ offerDivisionDetail: byOffer(list, 119).id, period: "week", subjects: [999_999], amount: tnd(5) }, 422, "subjects_invalid"],
      [{ offerDivisionDetail: byOffer(list, 119).id, period: "week", subjects: [], amount: tnd(5) }, 422, "subjects_required"],
      [{ offerDivisionDetail: gold.id, period: "month", subjects: [1], amount: priceOf(gold, "month") }, 422, "subjects_invalid"],
      [{ offerDivisionDetail: byOffer(await offersOf(eleveToken), 33).id, period: "day", amount: tnd(2) }, 422, "offer_invalid"],
      [{ offerDivisionDetail: gold.id, period: "month", amount: -1 }, 422, "amount_invalid"],
      [{ offerDivisionDetail: gold.id, period: "month", amount: 1.5 }, 422, "amount_invalid"],
      [{ offerDivisionDetail: gold.id, period: "month", amount: 1e12 }, 422, "amount_invalid"],
      [{ offerDivisionDetail: gold.id, period: "month", amount: "55001" }, 409, "price_changed"],
      [{ offerDivisionDetail: 0, period: "month", amount: 0 }, 422, "id_invalid"],
      [{ offerDivisionDetail: gold.id, period: "forever", amount: 0 }, 422, "period_invalid"],
      [{ offerDivisionDetail: gold.id, period: "month", quantity: 2, amount: priceOf(gold, "month") }, 422, "coupon_first_slice_only"],
    ];
    for (const [body, status, code] of cases) {
      const res = await buy(p.token, body);
      // A rule of the schema is reported on its field (the envelope's code is then validation_failed).
      const codes = [res.json.code, ...Object.values((res.json.errors ?? {}) as Record<string, string[]>).flat()];
      expect([res.status, codes.includes(code)], `${JSON.stringify(body)}: ${res.text}`).toEqual([status, true]);
    }
    const none = await h.request("POST", "/api/student/checkout/buy", { token: p.token, body: { offerDivisionDetail: gold.id, period: "month", amount: priceOf(gold, "month") } });
    expect([none.status, none.json.code]).toEqual([422, "idempotency_key_required"]);
    expect(await counts(p.id)).toEqual(before);
    // Offer 102 (a bac class): one period, no switch.
    const bac = await pupil(18, tnd(100));
    const stage = byOffer(await offersOf(bac.token), 102);
    expect((await buy(bac.token, { offerDivisionDetail: stage.id, period: "month", amount: tnd(1) })).json.code).toBe("period_invalid");
  });

  it("a chapter of a live event: the subscription carries the chapter, the answer the event; a second one is chapter_owned", async () => {
    const p = await pupil(7, tnd(100));
    const silver = byOffer(await offersOf(p.token), 33);
    const [ch] = await h.deps.db
      .select({ id: chapters.id })
      .from(chapters)
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(eq(subjects.divisionId, 7))
      .limit(1);
    const body = { offerDivisionDetail: silver.id, period: "day", chapter: ch!.id, event: 42, amount: priceOf(silver, "day") };
    const res = await buy(p.token, body);
    expect(res.status, res.text).toBe(201);
    expect(res.json.payload).toMatchObject({ event_id: 42, affiliation: { chapter_id: ch!.id, subject_ids: [] } });
    // It opens no subject's lessons (the live event's chapter is the sessions' business).
    const [first] = byOffer(await offersOf(p.token), 119).offer_subject_details;
    expect((await bookmark(p.token, await lessonOf(first!.subjectId))).status).toBe(403);
    expect((await buy(p.token, body)).json.code).toBe("chapter_owned");
    // A chapter of another class is not one of this offer's.
    const [other] = await h.deps.db.select({ id: chapters.id }).from(chapters).innerJoin(subjects, eq(subjects.id, chapters.subjectId)).where(eq(subjects.divisionId, 18)).limit(1);
    const refused = await buy(p.token, { ...body, chapter: other!.id });
    expect([refused.status, refused.json.errors?.chapter]).toEqual([422, ["subjects_invalid"]]);
  });

  it("double tap: the same key ten times at once is one subscription, one debit, ten identical answers", async () => {
    const p = await pupil(7, tnd(100));
    const gold = byOffer(await offersOf(p.token), 35);
    const body = { offerDivisionDetail: gold.id, period: "month", amount: priceOf(gold, "month") };
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(p.token, body, key)));
    const ok = answers.filter((r) => r.status === 201);
    // A copy that finds the first still running may be told so (409 conflict) on PostgreSQL; none is a second purchase.
    expect(answers.every((r) => r.status === 201 || (r.status === 409 && r.json.code === "conflict")), answers.map((r) => r.text).join("\n")).toBe(true);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of ok) expect(r.json.payload).toEqual(ok[0]!.json.payload);
    const after = await counts(p.id);
    expect(after.affiliations).toBe(1);
    expect(after.balance).toBe(tnd(100) - priceOf(gold, "month"));
    const retry = await buy(p.token, body, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    expect(retry.json.payload).toEqual(ok[0]!.json.payload);
  });

  it("two tabs: different keys at once buy one subscription; the others are 409 offer_owned", async () => {
    const p = await pupil(7, tnd(200));
    const gold = byOffer(await offersOf(p.token), 35);
    const body = { offerDivisionDetail: gold.id, period: "month", amount: priceOf(gold, "month") };
    const answers = await Promise.all(Array.from({ length: 4 }, () => buy(p.token, body)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.filter((r) => r.status === 409).every((r) => r.json.code === "offer_owned")).toBe(true);
    const after = await counts(p.id);
    expect(after.affiliations).toBe(1);
    expect(after.balance).toBe(tnd(200) - priceOf(gold, "month"));
  });
});

describe("discount codes", () => {
  it("refuses every bad code with its reason on the code field", async () => {
    const p = await pupil(7, tnd(50));
    const list = await offersOf(p.token);
    const gold = byOffer(list, 35).offer_id;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ code: "", offerId: gold }, "coupon_required"],
      [{ code: "ab", offerId: gold }, "coupon_too_short"],
      [{ code: "NOPE-NOPE", offerId: gold }, "discount_invalid"],
      [{ code: "EXPIRE10", offerId: gold }, "discount_expired"],
      [{ code: "BAC2027", offerId: gold }, "discount_class_incompatible"],
      [{ code: "SEMAINE5", offerId: gold, period: "month" }, "discount_period_incompatible"],
      [{ code: "SEMAINE5", offerId: gold, allYear: true }, "discount_period_incompatible"],
      [{ code: "RENTREE20", offerId: 34 }, "discount_incompatible_together"],
      [{ code: "RENTREE20", offerId: gold, quantity: 2 }, "coupon_first_slice_only"],
    ];
    for (const [body, code] of cases) {
      const res = await addCode(p.token, body);
      expect([res.status, res.json.errors?.code], JSON.stringify(body)).toEqual([422, [code]]);
    }
    // An offer restricted code, the pupil's own code, one at a time, the same code twice.
    await h.deps.db.update(discountCodes).set({ offerIds: [35] }).where(eq(discountCodes.code, "DINAR2"));
    expect((await addCode(p.token, { code: "DINAR2", offerId: 33 })).json.code).toBe("discount_offer_incompatible");
    expect((await addCode(eleveToken, { code: "CP-YASMINE", offerId: 33 })).json.code).toBe("discount_own_code");
    const added = await addCode(p.token, { code: "rentree20", offerId: gold });
    expect(added.status, added.text).toBe(201);
    expect(added.json.payload).toMatchObject({ code: "RENTREE20", type: "percentage", amount: 20, offer_id: gold });
    expect((await addCode(p.token, { code: "RENTREE20", offerId: gold })).json.code).toBe("discount_already_added");
    expect((await addCode(p.token, { code: "SAMI10", offerId: gold })).json.code).toBe("discount_more_than_one");
    expect((await h.request("GET", "/api/student/discount-code", { token: p.token })).json.payload.code).toBe("RENTREE20");
    // Another pupil cannot remove it; the pupil can.
    const other = await pupil(7);
    expect((await h.request("DELETE", `/api/student/discount-code/${added.json.payload.id}`, { token: other.token })).status).toBe(404);
    expect((await h.request("DELETE", `/api/student/discount-code/${added.json.payload.id}`, { token: p.token })).status).toBe(200);
    expect((await h.request("GET", "/api/student/discount-code", { token: p.token })).json.payload).toBeNull();
  });

  it("a used-up code is discount_max_uses; a code used once is discount_used_twice", async () => {
    await h.deps.db.update(discountCodes).set({ maxUses: 1 }).where(eq(discountCodes.code, "DINAR2"));
    await h.deps.db.update(discountCodes).set({ offerIds: null }).where(eq(discountCodes.code, "DINAR2"));
    const p = await pupil(7, tnd(50));
    const q = await pupil(7, tnd(50));
    const silver = byOffer(await offersOf(p.token), 33);
    expect((await addCode(p.token, { code: "DINAR2", offerId: 33, period: "month" })).status).toBe(201);
    const res = await buy(p.token, { offerDivisionDetail: silver.id, period: "month", amount: priceOf(silver, "month") - tnd(2) });
    expect(res.status, res.text).toBe(201);
    expect((await addCode(q.token, { code: "DINAR2", offerId: 33 })).json.code).toBe("discount_max_uses");
    await h.deps.db.update(discountCodes).set({ maxUses: null }).where(eq(discountCodes.code, "DINAR2"));
    expect((await addCode(p.token, { code: "DINAR2", offerId: 35 })).json.code).toBe("discount_used_twice");
  });

  it("the influencer's code: the buyer pays 10 % less, the influencer earns 10 % of the price paid", async () => {
    const p = await pupil(7, tnd(100));
    const gold = byOffer(await offersOf(p.token), 35);
    const month = priceOf(gold, "month");
    const paid = percentOf(month, 90);
    const influencerBefore = await balanceOf(h.deps.db, influencerId);
    expect((await addCode(p.token, { code: "SAMI10", offerId: 35, period: "month" })).status).toBe(201);
    // The full price is no longer the price.
    expect((await buy(p.token, { offerDivisionDetail: gold.id, period: "month", amount: month })).json.code).toBe("price_changed");
    const res = await buy(p.token, { offerDivisionDetail: gold.id, period: "month", amount: paid });
    expect(res.status, res.text).toBe(201);
    expect(await balanceOf(h.deps.db, p.id)).toBe(tnd(100) - paid);
    expect(await balanceOf(h.deps.db, influencerId)).toBe(influencerBefore + percentOfDown(paid, 10));
    // The code is used: cleared, and not usable twice.
    expect((await h.request("GET", "/api/student/discount-code", { token: p.token })).json.payload).toBeNull();
    expect((await addCode(p.token, { code: "SAMI10", offerId: 33 })).json.code).toBe("discount_used_twice");
  });

  it("a referral code: the friend gets 5 % off, the referrer 5 % of the offer price as points", async () => {
    const p = await pupil(7, tnd(100));
    const silverPlus = byOffer(await offersOf(p.token), 33);
    const week = priceOf(silverPlus, "week");
    const eleveBefore = await balanceOf(h.deps.db, eleveId);
    expect((await addCode(p.token, { code: "cp-yasmine", offerId: 33, period: "week" })).json.payload).toMatchObject({ kind: "referral", code: "CP-YASMINE" });
    const res = await buy(p.token, { offerDivisionDetail: silverPlus.id, period: "week", amount: percentOf(week, 95) });
    expect(res.status, res.text).toBe(201);
    expect(await balanceOf(h.deps.db, eleveId)).toBe(eleveBefore + percentOfDown(week, 5));
  });

  it("a code added for one offer does not change another offer's price", async () => {
    const p = await pupil(7, tnd(100));
    const list = await offersOf(p.token);
    expect((await addCode(p.token, { code: "RENTREE20", offerId: 35 })).status).toBe(201);
    const silver = byOffer(list, 33);
    const res = await buy(p.token, { offerDivisionDetail: silver.id, period: "day", amount: priceOf(silver, "day") });
    expect(res.status, res.text).toBe(201);
    expect((await h.request("GET", "/api/student/discount-code", { token: p.token })).json.payload.code).toBe("RENTREE20");
  });
});

describe("the ledger after all of it", () => {
  it("reconciles: every balance is the sum of its entries, nobody below zero", async () => {
    const check = await checkLedger(h.deps.db);
    expect(check).toMatchObject({ ok: true, mismatched: [], unbalancedMovements: [], negative: [], total: 0 });
  });

  it("the seed is idempotent and every offer division has a price", async () => {
    const { seedOffers } = await import("../../server/db/seed/offers");
    expect(await seedOffers(h.deps.db, new Date(), { demo: true })).toBe(false);
    const rows = (await h.deps.db.execute(sql`select od.id from ${offerDivisions} od where not exists (select 1 from offer_prices p where p.offer_division_id = od.id)`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([]);
  });
});
