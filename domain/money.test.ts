import { describe, expect, it } from "vitest";
import { ceilToDinar, isMillimes, percentOf, percentOfDown, splitMillimes, tnd } from "./money";

describe("money in millimes", () => {
  it("converts whole dinars and refuses fractions", () => {
    expect(tnd(69)).toBe(69_000);
    expect(() => tnd(1.5)).toThrow();
  });
  it("takes percentages up for prices and down for payouts", () => {
    expect(percentOf(69_000, 5)).toBe(3_450);
    expect(percentOf(1_001, 10)).toBe(101);
    expect(percentOfDown(1_009, 5)).toBe(50);
    expect(ceilToDinar(51_750)).toBe(52_000);
    expect(ceilToDinar(52_000)).toBe(52_000);
  });
  it("splits an amount into dinars and millimes", () => {
    expect(splitMillimes(3_450)).toEqual({ negative: false, dinars: 3, millimes: 450 });
    expect(splitMillimes(-120_000)).toEqual({ negative: true, dinars: 120, millimes: 0 });
    expect(isMillimes(5)).toBe(true);
    expect(isMillimes(5.5)).toBe(false);
    expect(isMillimes(-1)).toBe(false);
  });
});
