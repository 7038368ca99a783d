import { describe, expect, it } from "vitest";
import { OPERATOR_LEVELS, OPERATOR_PRICES, isOperatorLevel, isRecurrence, operatorPeriod, operatorPrice } from "./operator";

describe("operator prices (SPEC §9)", () => {
  it.each([
    ["primary", 950, 7_750],
    ["basic", 1_600, 12_250],
    ["secondary", 1_600, 12_250],
    ["baccalaureate", 2_300, 17_250],
  ] as const)("%s: %i per day, %i per week (millimes)", (level, day, week) => {
    expect(operatorPrice(level, 1)).toBe(day);
    expect(operatorPrice(level, 7)).toBe(week);
  });

  it("are whole, positive millimes for every level", () => {
    for (const level of OPERATOR_LEVELS) {
      const { perDay, perWeek } = OPERATOR_PRICES[level];
      expect(Number.isSafeInteger(perDay) && perDay > 0).toBe(true);
      expect(Number.isSafeInteger(perWeek) && perWeek > perDay).toBe(true);
    }
  });

  it("recognises levels and recurrences", () => {
    expect(isOperatorLevel("basic")).toBe(true);
    expect(isOperatorLevel("college")).toBe(false);
    expect(isRecurrence(1) && isRecurrence(7)).toBe(true);
    expect(isRecurrence(2) || isRecurrence("7")).toBe(false);
  });
});

describe("operatorPeriod", () => {
  it("a day bought late still lasts 24 hours: access to the next Tunis day included", () => {
    // 22:30 UTC is 23:30 in Tunis: the pass covers the 24th and the 25th (Tunis days).
    const p = operatorPeriod(new Date("2026-11-24T22:30:00Z"), 1);
    expect(p.renewsAt.toISOString()).toBe("2026-11-25T22:30:00.000Z");
    expect(p).toMatchObject({ startDate: "2026-11-24", endDate: "2026-11-25" });
    // 23:30 UTC is already the 25th in Tunis.
    expect(operatorPeriod(new Date("2026-11-24T23:30:00Z"), 1)).toMatchObject({ startDate: "2026-11-25", endDate: "2026-11-26" });
  });
  it("a week renews seven days later", () => {
    const p = operatorPeriod(new Date("2026-12-30T08:00:00Z"), 7);
    expect(p).toMatchObject({ startDate: "2026-12-30", endDate: "2027-01-06" });
  });
});
