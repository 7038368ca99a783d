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
  it("a day bought late still lasts 24 hours: access to the next UTC day included", () => {
    const p = operatorPeriod(new Date("2026-11-24T23:00:00Z"), 1);
    expect(p.renewsAt.toISOString()).toBe("2026-11-25T23:00:00.000Z");
    expect(p).toMatchObject({ startDate: "2026-11-24", endDate: "2026-11-25" });
  });
  it("a week renews seven days later", () => {
    const p = operatorPeriod(new Date("2026-12-30T08:00:00Z"), 7);
    expect(p).toMatchObject({ startDate: "2026-12-30", endDate: "2027-01-06" });
  });
});
