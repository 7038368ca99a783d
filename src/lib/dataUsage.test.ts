import { afterEach, describe, expect, it } from "vitest";
import { addUsage, countDownload, transferredBytes, tunisMonth, usageThisMonth } from "./dataUsage";

const entry = (transferSize: number) => ({ transferSize }) as unknown as PerformanceEntry;

describe("the month's data counter", () => {
  afterEach(() => localStorage.clear());

  it("adds to the month's count", () => {
    expect(addUsage({ month: "2026-11", bytes: 1_000 }, "2026-11", 2_500)).toEqual({ month: "2026-11", bytes: 3_500 });
  });

  it("starts from zero in a new month", () => {
    expect(addUsage({ month: "2026-10", bytes: 9_000_000 }, "2026-11", 300)).toEqual({ month: "2026-11", bytes: 300 });
    expect(addUsage(null, "2026-11", 300)).toEqual({ month: "2026-11", bytes: 300 });
  });

  it("ignores negative and non-numeric sizes", () => {
    expect(addUsage({ month: "2026-11", bytes: 10 }, "2026-11", -5)).toEqual({ month: "2026-11", bytes: 10 });
    expect(addUsage({ month: "2026-11", bytes: 10 }, "2026-11", Number.NaN)).toEqual({ month: "2026-11", bytes: 10 });
  });

  it("counts the month of Africa/Tunis: 23:30 UTC on 31 October is already November there", () => {
    expect(tunisMonth(new Date("2026-10-31T23:30:00Z"))).toBe("2026-11");
    expect(tunisMonth(new Date("2026-10-31T22:30:00Z"))).toBe("2026-10");
  });

  it("keeps the count on the device and shows 0 once the month is over", () => {
    const nov = new Date("2026-11-15T10:00:00Z");
    countDownload(4_000, nov);
    countDownload(1_000, nov);
    expect(usageThisMonth(nov)).toBe(5_000);
    expect(usageThisMonth(new Date("2026-12-02T10:00:00Z"))).toBe(0);
    countDownload(700, new Date("2026-12-02T10:00:00Z"));
    expect(usageThisMonth(new Date("2026-12-02T10:00:00Z"))).toBe(700);
  });

  it("sums what came over the network, not what a cache served (transferSize 0)", () => {
    expect(transferredBytes([entry(1_200), entry(0), entry(35_000)])).toBe(36_200);
  });
});
