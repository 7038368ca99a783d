import { describe, expect, it } from "vitest";
import { tnd } from "./money";
import {
  appliedCodeEffect,
  codeProblem,
  defaultPeriod,
  discountPercentage,
  isReferralCode,
  ownerShare,
  packPercent,
  priceOffer,
  sellablePeriods,
  subscriptionEnd,
  sliceAmounts,
  sliceRanges,
  payInstalments,
  type PricedOffer,
} from "./offers";

const plan = (over: Partial<PricedOffer> = {}): PricedOffer => ({
  id: 35,
  isFree: false,
  perSubject: false,
  prices: { day: tnd(4), week: tnd(17), month: tnd(69), year: tnd(590) },
  subjects: [],
  classDiscount: null,
  ...over,
});
const pack = (id: number, n: number, each = tnd(170), over: Partial<PricedOffer> = {}): PricedOffer =>
  plan({ id, perSubject: true, prices: { year: tnd(500) }, subjects: Array.from({ length: n }, (_, i) => ({ subjectId: i + 1, price: each })), ...over });
const final = (o: PricedOffer, sel: Parameters<typeof priceOffer>[1]) => {
  const r = priceOffer(o, sel);
  if (!r.ok) throw new Error(r.code);
  return r.price;
};

describe("periods", () => {
  it("sells the priced periods; the rest of the year only when priced and the offer is not 80", () => {
    expect(sellablePeriods(plan())).toEqual(["day", "week", "month", "year"]);
    expect(sellablePeriods(plan({ id: 80, prices: { month: tnd(62), year: tnd(530) } }))).toEqual(["month"]);
    expect(sellablePeriods(plan({ prices: { month: tnd(10) } }))).toEqual(["month"]);
    expect(sellablePeriods(plan({ isFree: true, prices: { free: 0 } }))).toEqual(["free"]);
    expect(defaultPeriod(plan())).toBe("year");
    expect(defaultPeriod(plan({ id: 80, prices: { month: tnd(62), year: tnd(530) } }))).toBe("month");
    expect(priceOffer(plan({ id: 80, prices: { month: 1, year: 2 } }), { period: "year", subjectIds: null })).toEqual({ ok: false, field: "period", code: "period_invalid" });
  });
});

describe("priceOffer", () => {
  it("a plan's price is its period's price", () => {
    expect(final(plan(), { period: "month", subjectIds: null })).toMatchObject({ base: tnd(69), price: tnd(69), final: tnd(69) });
    expect(final(plan({ isFree: true, prices: { free: 0 } }), { period: "free", subjectIds: null }).final).toBe(0);
  });

  it("offer 115: 2 subjects 10 %, 3 subjects 25 % when it has 3 else 15 %, all subjects its own price", () => {
    expect(packPercent(115, 1, 5)).toBe(0);
    expect(packPercent(115, 2, 5)).toBe(10);
    expect(packPercent(115, 3, 3)).toBe(25);
    expect(packPercent(115, 3, 5)).toBe(15);
    const five = pack(115, 5, tnd(170), { prices: { year: tnd(595) } });
    expect(final(five, { period: "year", subjectIds: [1] }).final).toBe(tnd(170));
    expect(final(five, { period: "year", subjectIds: [1, 2] }).final).toBe(tnd(306));
    expect(final(five, { period: "year", subjectIds: [1, 2, 3] }).final).toBe(tnd(434)); // 433.5 rounded up
    expect(final(five, { period: "year", subjectIds: null })).toMatchObject({ base: tnd(850), final: tnd(595) });
    const three = pack(115, 3, tnd(90), { prices: {} });
    expect(sellablePeriods(three)).toEqual([]);
    const threeYear = pack(115, 3, tnd(90), { prices: { year: tnd(300) } });
    expect(final(threeYear, { period: "year", subjectIds: [1, 2, 3] }).final).toBe(tnd(270)); // its price is not above the sum
  });

  it("offers 84 and 119: 25 % off only for all subjects, rounded up to the dinar", () => {
    const p = pack(119, 4, tnd(5), { prices: { week: tnd(20) } });
    expect(final(p, { period: "week", subjectIds: [1, 2, 3] }).final).toBe(tnd(15));
    expect(final(p, { period: "week", subjectIds: null })).toMatchObject({ base: tnd(20), packDiscount: tnd(5), final: tnd(15) });
    const odd = pack(84, 3, 18_500, { prices: { month: 55_500 } });
    expect(final(odd, { period: "month", subjectIds: null }).final).toBe(tnd(42)); // 41.625 → 42
  });

  it("refuses subjects outside the offer, duplicates and an empty choice", () => {
    const p = pack(119, 3, tnd(5), { prices: { week: tnd(15) } });
    expect(priceOffer(p, { period: "week", subjectIds: [9] })).toMatchObject({ ok: false, code: "subjects_invalid" });
    expect(priceOffer(p, { period: "week", subjectIds: [1, 1] })).toMatchObject({ ok: false, code: "subjects_invalid" });
    expect(priceOffer(p, { period: "week", subjectIds: [] })).toMatchObject({ ok: false, code: "subjects_required" });
  });

  it("class discounts: percentage rounded up to the dinar, fixed in millimes, never below zero, on the base price or after the pack", () => {
    expect(final(plan({ classDiscount: { type: "percentage", amount: 10, onBasePrice: false } }), { period: "month", subjectIds: null })).toMatchObject({ classDiscount: 6_000, final: tnd(63) }); // 62.1 → 63
    expect(final(plan({ classDiscount: { type: "fixed", amount: tnd(5), onBasePrice: false } }), { period: "month", subjectIds: null }).final).toBe(tnd(64));
    expect(final(plan({ classDiscount: { type: "fixed", amount: tnd(500), onBasePrice: false } }), { period: "day", subjectIds: null }).final).toBe(0);
    const p = pack(119, 4, tnd(10), { prices: { week: tnd(40) } });
    // 25 % pack → 30; 10 % of the base (40) = 4 → 26; 10 % of 30 = 3 → 27.
    expect(final({ ...p, classDiscount: { type: "percentage", amount: 10, onBasePrice: true } }, { period: "week", subjectIds: null }).final).toBe(tnd(26));
    expect(final({ ...p, classDiscount: { type: "percentage", amount: 10, onBasePrice: false } }, { period: "week", subjectIds: null }).final).toBe(tnd(27));
  });

  it("one code after everything: percentage rounded up to the millime, fixed capped at the price", () => {
    expect(final(plan(), { period: "month", subjectIds: null, code: { type: "percentage", amount: 10 } })).toMatchObject({ price: tnd(69), codeDiscount: 6_900, final: 62_100 });
    expect(final(plan(), { period: "day", subjectIds: null, code: { type: "percentage", amount: 15 } }).final).toBe(3_400);
    expect(final(plan({ prices: { day: 1_001 } }), { period: "day", subjectIds: null, code: { type: "percentage", amount: 5 } }).final).toBe(951); // 950.95 → 951
    expect(final(plan(), { period: "day", subjectIds: null, code: { type: "fixed", amount: tnd(10) } }).final).toBe(0);
    expect(final(plan(), { period: "week", subjectIds: null, code: { type: "fixed", amount: tnd(2) } }).final).toBe(tnd(15));
  });

  it("every amount is an integer", () => {
    const p = pack(115, 5, 17_333, { prices: { year: 61_001 }, classDiscount: { type: "percentage", amount: 7, onBasePrice: true } });
    for (const ids of [[1], [1, 2], [1, 2, 3], null]) {
      const r = final(p, { period: "year", subjectIds: ids, code: { type: "percentage", amount: 13 } });
      for (const v of Object.values(r)) if (typeof v === "number") expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
    }
    expect(discountPercentage(tnd(44), tnd(40))).toBe(9);
    expect(discountPercentage(0, 0)).toBe(0);
  });
});

describe("codes", () => {
  it("a code starting with CP- is a referral code", () => {
    expect(isReferralCode("CP-YASMINE")).toBe(true);
    expect(isReferralCode(" cp-amine")).toBe(true);
    expect(isReferralCode("SAMI10")).toBe(false);
  });

  it("checks class, offer, period, instalment and the class discount", () => {
    const ctx = { divisionId: 7, offerId: 35, period: "month" as const, quantity: 1, hasClassDiscount: false };
    const none = { divisionIds: null, offerIds: null, periods: null };
    expect(codeProblem(none, ctx)).toBeNull();
    expect(codeProblem(none, { ...ctx, quantity: 2 })).toBe("coupon_first_slice_only");
    expect(codeProblem({ ...none, divisionIds: [18] }, ctx)).toBe("discount_class_incompatible");
    expect(codeProblem({ ...none, offerIds: [33] }, ctx)).toBe("discount_offer_incompatible");
    expect(codeProblem({ ...none, periods: ["week"] }, ctx)).toBe("discount_period_incompatible");
    expect(codeProblem({ ...none, periods: ["week"] }, { ...ctx, period: null })).toBeNull();
    expect(codeProblem(none, { ...ctx, hasClassDiscount: true })).toBe("discount_incompatible_together");
  });

  it("an added code applies only to its offer", () => {
    const code = { id: 1, code: "X", kind: "coupon" as const, type: "percentage" as const, amount: 20, offer_id: 35, division_ids: null, offer_ids: null, periods: null };
    expect(appliedCodeEffect(code, { offer_id: 35, discount: null }, { divisionId: 7, period: "month" })).toEqual({ code: { type: "percentage", amount: 20 }, problem: null });
    expect(appliedCodeEffect(code, { offer_id: 33, discount: null }, { divisionId: 7, period: "month" })).toEqual({ code: null, problem: null });
    expect(appliedCodeEffect({ ...code, periods: ["week"] }, { offer_id: 35, discount: null }, { divisionId: 7, period: "month" }).problem).toBe("discount_period_incompatible");
  });

  it("the owner's share: influencer on the price paid, referrer 5 % of the offer price, rounded down", () => {
    const price = { price: tnd(69), final: 62_100 };
    expect(ownerShare("influencer", 10, price)).toBe(6_210);
    expect(ownerShare("referral", 5, { price: 13_999, final: 13_300 })).toBe(699);
    expect(ownerShare("coupon", 10, price)).toBe(0);
  });
});

describe("subscriptionEnd", () => {
  it("day, week, month from today; the year until June 30 of the school year", () => {
    expect(subscriptionEnd("2026-11-24", "day")).toBe("2026-11-24");
    expect(subscriptionEnd("2026-11-24", "week")).toBe("2026-11-30");
    expect(subscriptionEnd("2026-12-28", "month")).toBe("2027-01-26");
    expect(subscriptionEnd("2026-11-24", "year")).toBe("2027-06-30");
    expect(subscriptionEnd("2027-03-01", "year")).toBe("2027-06-30");
    expect(subscriptionEnd("2027-07-10", "year")).toBe("2028-06-30");
  });
});

describe("instalments", () => {
  it("split a price into parts rounded up to the dinar that add up to it exactly", () => {
    expect(sliceAmounts(690_000, 3)).toEqual([230_000, 230_000, 230_000]);
    expect(sliceAmounts(100_000, 3)).toEqual([34_000, 34_000, 32_000]);
    expect(sliceAmounts(1_500, 4)).toEqual([1_000, 500, 0, 0]);
    expect(sliceAmounts(45_000, 1)).toEqual([45_000]);
    for (const [total, n] of [[99_999, 7], [1, 3], [0, 2]] as const) expect(sliceAmounts(total, n).reduce((s, a) => s + a, 0)).toBe(total);
  });

  it("cut the rest of the school year into consecutive ranges", () => {
    const r = sliceRanges("2026-09-15", 3);
    expect(r[0]!.start).toBe("2026-09-15");
    expect(r[2]!.end).toBe("2027-06-30");
    for (let i = 1; i < r.length; i++) expect(Date.parse(r[i]!.start) - Date.parse(r[i - 1]!.end)).toBe(86_400_000);
    // Bought on the last day of the year: one range only.
    expect(sliceRanges("2027-06-30", 3)).toEqual([{ start: "2027-06-30", end: "2027-06-30" }]);
  });

  it("charge the next instalments, a code only on the first one alone", () => {
    const plan = { slices: 3, total: 690_000, planStart: "2026-09-15", paid: 0 };
    const first = payInstalments(plan, 1, "2026-09-15", { type: "percentage", amount: 10 });
    expect(first).toMatchObject({ ok: true, amount: 230_000, codeDiscount: 23_000, final: 207_000, start: "2026-09-15", index: 0 });
    expect(payInstalments(plan, 2, "2026-09-15", { type: "percentage", amount: 10 })).toEqual({ ok: false, code: "coupon_first_slice_only" });
    const second = payInstalments({ ...plan, paid: 1 }, 2, "2026-12-01");
    expect(second).toMatchObject({ ok: true, amount: 460_000, final: 460_000, end: "2027-06-30", index: 1 });
    expect(payInstalments({ ...plan, paid: 1 }, 1, "2026-12-01", { type: "fixed", amount: 5_000 })).toEqual({ ok: false, code: "coupon_first_slice_only" });
    expect(payInstalments({ ...plan, paid: 3 }, 1, "2027-05-01")).toEqual({ ok: false, code: "coupon_first_slice_only" });
  });
});
