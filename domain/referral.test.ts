import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { conversionPoints, ConvertBody, isEligibleForGift, referralTokens, schoolYearStart, type GiftEligibilityAffiliation } from "./referral";

const sub = (period: string, startDate: string, endDate: string, more: Partial<GiftEligibilityAffiliation> = {}): GiftEligibilityAffiliation => ({
  offerType: "primary",
  chapterId: null,
  period,
  startDate,
  endDate,
  ...more,
});
const codes = (input: unknown) => {
  const r = v.safeParse(ConvertBody, input);
  return r.success ? r.output : r.issues.map((i) => i.message);
};

describe("isEligibleForGift", () => {
  it("holds for a live year of a primary plan, not for a pack, a chapter, an ended year or a week", () => {
    expect(isEligibleForGift([sub("year", "2026-10-01", "2027-06-30")], "2026-11-27")).toBe(true);
    expect(isEligibleForGift([sub("year", "2026-10-01", "2027-06-30", { offerType: "pack" })], "2026-11-27")).toBe(false);
    expect(isEligibleForGift([sub("year", "2026-10-01", "2027-06-30", { chapterId: 4 })], "2026-11-27")).toBe(false);
    expect(isEligibleForGift([sub("year", "2025-09-15", "2026-06-30")], "2026-11-27")).toBe(false);
    expect(isEligibleForGift([sub("week", "2026-11-25", "2026-12-01")], "2026-11-27")).toBe(false);
    expect(isEligibleForGift([], "2026-11-27")).toBe(false);
  });

  it("holds for months that cover every day since September 15 up to today, not with a gap or a late start", () => {
    const chain = [sub("month", "2026-09-15", "2026-10-14"), sub("month", "2026-10-15", "2026-11-13"), sub("month", "2026-11-14", "2026-12-13")];
    expect(isEligibleForGift(chain, "2026-11-27")).toBe(true);
    expect(isEligibleForGift([...chain].reverse(), "2026-11-27")).toBe(true);
    expect(isEligibleForGift([chain[0]!, chain[2]!], "2026-11-27")).toBe(false);
    expect(isEligibleForGift(chain.slice(1), "2026-11-27")).toBe(false);
    // Overlapping months (renewed early) still cover the days.
    expect(isEligibleForGift([sub("month", "2026-09-10", "2026-10-09"), sub("month", "2026-10-01", "2026-10-30"), sub("month", "2026-10-31", "2026-11-29")], "2026-11-27")).toBe(true);
    // Months of a pack do not count.
    expect(isEligibleForGift(chain.map((m) => ({ ...m, offerType: "pack" as const })), "2026-11-27")).toBe(false);
  });

  it("counts the school year from September 15 (before it, from last year's)", () => {
    expect(schoolYearStart("2026-09-15")).toBe("2026-09-15");
    expect(schoolYearStart("2026-09-14")).toBe("2025-09-15");
    expect(schoolYearStart("2027-03-01")).toBe("2026-09-15");
  });
});

describe("tokens and conversion", () => {
  it("earns 1 token per whole 10 TND paid, at least 1, none for a free purchase", () => {
    expect(referralTokens(0)).toBe(0);
    expect(referralTokens(1)).toBe(1);
    expect(referralTokens(9_999)).toBe(1);
    expect(referralTokens(42_750)).toBe(4);
    expect(referralTokens(100_000)).toBe(10);
  });

  it("converts tokens to round(tokens ÷ rate) points, in millimes", () => {
    expect(conversionPoints(7)).toBe(7_000);
    expect(conversionPoints(7, 2)).toBe(4_000);
    expect(conversionPoints(5, 3)).toBe(2_000);
  });

  it("takes digits only, at least 5", () => {
    expect(codes({ giftPoint: "12" })).toEqual({ giftPoint: 12 });
    expect(codes({ giftPoint: 5 })).toEqual({ giftPoint: 5 });
    expect(codes({ giftPoint: "4" })).toEqual(["gift_point_min"]);
    expect(codes({ giftPoint: "1e3" })).toEqual(["gift_point_invalid"]);
    expect(codes({ giftPoint: -5 })).toEqual(["gift_point_invalid"]);
    expect(codes({ giftPoint: 5.5 })).toEqual(["gift_point_invalid"]);
    expect(codes({})).toEqual(["gift_point_invalid"]);
  });
});
