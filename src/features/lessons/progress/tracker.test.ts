import { describe, expect, it } from "vitest";
import { ProgressTracker } from "./tracker";

/** Plays from `from` to `to` with timeupdate every 0.25 s; returns whether a flush became due. */
function play(t: ProgressTracker, from: number, to: number): boolean {
  let due = false;
  for (let s = from; s <= to + 1e-9; s += 0.25) due = t.tick(Math.round(s * 100) / 100) || due;
  return due;
}

describe("ProgressTracker", () => {
  it("grows one range while playing continuously and counts its seconds", () => {
    const t = new ProgressTracker();
    play(t, 0, 20);
    expect(t.unsentSeconds).toBeCloseTo(20);
    expect(t.take()).toEqual({ ranges: [[0, 20]], watchedSeconds: 20 });
    expect(t.take()).toBeNull();
  });

  it("starts a new range after a seek and does not count the jump", () => {
    const t = new ProgressTracker();
    play(t, 0, 10);
    t.seek(100);
    play(t, 100, 110);
    expect(t.unsentSeconds).toBeCloseTo(20);
    expect(t.take()?.ranges).toEqual([[0, 10], [100, 110]]);
  });

  it("treats a jump it was not told about as a seek", () => {
    const t = new ProgressTracker();
    play(t, 0, 5);
    play(t, 60, 65);
    expect(t.unsentSeconds).toBeCloseTo(10);
    expect(t.take()?.ranges).toEqual([[0, 5], [60, 65]]);
  });

  it("merges overlapping ranges (watching a part twice counts its range once)", () => {
    const t = new ProgressTracker();
    play(t, 0, 30);
    t.seek(10);
    play(t, 10, 40);
    t.pause();
    expect(t.take()?.ranges).toEqual([[0, 40]]);
  });

  it("is due to flush at 50 counted seconds, not before, and not counting seeks", () => {
    const t = new ProgressTracker();
    expect(play(t, 0, 49)).toBe(false);
    t.seek(500);
    expect(t.tick(500)).toBe(false);
    expect(play(t, 500, 500.75)).toBe(false);
    expect(play(t, 501, 501.25)).toBe(true);
    const batch = t.take();
    expect(batch?.ranges).toEqual([[0, 49], [500, 502]]);
    expect(t.unsentSeconds).toBe(0);
    expect(play(t, 501.5, 540)).toBe(false);
  });

  it("sends only new ranges: playing on after a flush continues from the cut", () => {
    const t = new ProgressTracker();
    play(t, 0, 10);
    expect(t.take()?.ranges).toEqual([[0, 10]]);
    play(t, 10.25, 20);
    expect(t.take()?.ranges).toEqual([[10, 20]]);
  });

  it("loses nothing when a post fails: the ranges go with the next flush", () => {
    const t = new ProgressTracker();
    play(t, 0, 10);
    const failed = t.take()!;
    play(t, 10.25, 15);
    t.restore(failed);
    expect(t.unsentSeconds).toBeCloseTo(15);
    expect(t.take()).toEqual({ ranges: [[0, 15]], watchedSeconds: 15 });
  });

  it("keeps the position and the total across flushes", () => {
    const t = new ProgressTracker();
    play(t, 0, 10);
    t.take();
    play(t, 10.25, 12);
    expect(t.position).toBe(12);
    expect(t.totalSeconds).toBeCloseTo(12);
    expect(t.hasUnsent).toBe(true);
  });
});
