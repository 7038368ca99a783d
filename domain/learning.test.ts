import { describe, expect, it } from "vitest";
import {
  abbreviateInstructor,
  aggregateProgress,
  capPercentage,
  chapterNumber,
  isCompleted,
  mergeRanges,
  truncate,
  watchedPercentage,
  watchedSeconds,
  type Range,
} from "./learning";

describe("progress rules", () => {
  it("caps percentages to 0–100 and treats non-numbers as 0", () => {
    expect(capPercentage(130)).toBe(100);
    expect(capPercentage(-5)).toBe(0);
    expect(capPercentage(Number.NaN)).toBe(0);
    expect(capPercentage(Infinity)).toBe(0);
    expect(capPercentage(42.5)).toBe(42.5);
  });

  it("completes strictly above 80 %", () => {
    expect(isCompleted(80)).toBe(false);
    expect(isCompleted(80.1)).toBe(true);
    expect(isCompleted(100)).toBe(true);
    expect(isCompleted(250)).toBe(true);
    expect(isCompleted(0)).toBe(false);
  });

  it("merges overlapping and touching ranges, whatever their order", () => {
    const posts: Range[] = [
      [50, 100],
      [0, 50],
      [120, 130],
      [90, 110],
      [125, 140],
    ];
    const expected = [
      [0, 110],
      [120, 140],
    ];
    expect(mergeRanges(posts)).toEqual(expected);
    expect(mergeRanges([...posts].reverse())).toEqual(expected);
    expect(mergeRanges([posts[2]!, posts[0]!, posts[4]!, posts[1]!, posts[3]!])).toEqual(expected);
  });

  it("drops empty or inverted ranges and clamps negatives", () => {
    expect(mergeRanges([[10, 10], [20, 5], [-5, 3]])).toEqual([[0, 3]]);
    expect(mergeRanges([])).toEqual([]);
  });

  it("never goes backwards: adding a range cannot lower the watched time", () => {
    const base: Range[] = [[0, 60], [100, 160]];
    const before = watchedSeconds(base);
    for (const extra of [[10, 20], [50, 120], [200, 201], [0, 0]] as Range[]) {
      expect(watchedSeconds([...base, extra])).toBeGreaterThanOrEqual(before);
    }
  });

  it("computes the percentage against the duration, capped at 100", () => {
    expect(watchedPercentage([[0, 30]], 120)).toBe(25);
    expect(watchedPercentage([[0, 200]], 120)).toBe(100);
    expect(watchedPercentage([[0, 60], [30, 90]], 100)).toBe(90);
    expect(watchedPercentage([[0, 10]], 0)).toBe(0);
  });

  it("aggregates chapter and subject progress as a capped mean", () => {
    expect(aggregateProgress([])).toBe(0);
    expect(aggregateProgress([100, 50, 0])).toBe(50);
    expect(aggregateProgress([100, 150])).toBe(100);
    expect(aggregateProgress([33.33, 33.33, 33.34])).toBe(33.3);
  });
});

describe("display rules", () => {
  it("numbers chapters 01, 02 …", () => {
    expect(chapterNumber(0)).toBe("01");
    expect(chapterNumber(9)).toBe("10");
    expect(chapterNumber(99)).toBe("100");
  });

  it("abbreviates the instructor", () => {
    expect(abbreviateInstructor({ name: "mohamed", last_name: "Ben Ali" })).toBe("M. Ben Ali");
    expect(abbreviateInstructor({ name: "", last_name: "Trabelsi" })).toBe("Trabelsi");
    expect(abbreviateInstructor(null)).toBe("");
  });

  it("truncates by characters, Arabic included, with an ellipsis", () => {
    expect(truncate("Limites et continuité", 56)).toBe("Limites et continuité");
    expect(truncate("abcdefghijklmnop", 15)).toBe("abcdefghijklmn…");
    expect(Array.from(truncate("الأعداد المركبة والتحويلات النقطية", 15))).toHaveLength(15);
  });
});
