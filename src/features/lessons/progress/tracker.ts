import { PROGRESS_POST_EVERY_S } from "@domain/constants";
import { mergeRanges, type Range } from "@domain/learning";

/**
 * Counts what a pupil really watches, from the player's `timeupdate` events (pure: no DOM, no timers).
 *
 * - A range grows while the video plays continuously; a seek, a pause or a jump larger than
 *   `maxStepS` (an event lost in a background tab, a seek we were not told about) closes it, and the next
 *   time starts a new one.
 * - Only continuous play counts towards the watched seconds; every `everyS` counted seconds a flush is due.
 * - `take()` hands the ranges not yet sent (merged) and forgets them; `restore()` gives them back when the
 *   post failed, so nothing is lost; a later `take()` sends them with the new ones.
 */
export interface ProgressBatch {
  ranges: Range[];
  /** Seconds counted since the previous batch. */
  watchedSeconds: number;
}

export interface TrackerOptions {
  everyS?: number;
  maxStepS?: number;
}

export class ProgressTracker {
  readonly everyS: number;
  readonly maxStepS: number;
  /** Closed ranges not yet sent. */
  private pending: Range[] = [];
  /** The range growing now (start, last time seen), or null when not playing continuously. */
  private open: [number, number] | null = null;
  private counted = 0;
  private total = 0;
  private lastTime = 0;

  constructor(options: TrackerOptions = {}) {
    this.everyS = options.everyS ?? PROGRESS_POST_EVERY_S;
    this.maxStepS = options.maxStepS ?? 3;
  }

  /** A `timeupdate` while playing. Returns true when a flush is due (`everyS` counted seconds unsent). */
  tick(time: number): boolean {
    if (!Number.isFinite(time) || time < 0) return false;
    this.lastTime = time;
    if (this.open) {
      const step = time - this.open[1];
      if (step >= 0 && step <= this.maxStepS) {
        this.open[1] = time;
        this.counted += step;
        this.total += step;
      } else {
        this.close();
        this.open = [time, time];
      }
    } else {
      this.open = [time, time];
    }
    return this.counted >= this.everyS;
  }

  /** The pupil moved the play head: the current range ends, the next tick starts a new one. */
  seek(time: number): void {
    this.close();
    if (Number.isFinite(time) && time >= 0) this.lastTime = time;
  }

  /** Pause or end: the current range ends. */
  pause(): void {
    this.close();
  }

  /** Seconds counted and not yet sent. */
  get unsentSeconds(): number {
    return this.counted;
  }

  /** Seconds counted in this viewing, sent or not. */
  get totalSeconds(): number {
    return this.total;
  }

  /** The last position seen (where to resume). */
  get position(): number {
    return this.lastTime;
  }

  /** True when something is waiting to be sent. */
  get hasUnsent(): boolean {
    return this.pending.length > 0 || (this.open !== null && this.open[1] > this.open[0]);
  }

  /**
   * Hands the unsent ranges (merged) and forgets them; null when nothing new. The growing range is cut at the
   * current time and keeps growing from there, so playing on does not resend what was taken.
   */
  take(): ProgressBatch | null {
    const ranges: Range[] = [...this.pending];
    if (this.open && this.open[1] > this.open[0]) {
      ranges.push([this.open[0], this.open[1]]);
      this.open = [this.open[1], this.open[1]];
    }
    const merged = mergeRanges(ranges);
    if (!merged.length) return null;
    const batch: ProgressBatch = { ranges: merged, watchedSeconds: this.counted };
    this.pending = [];
    this.counted = 0;
    return batch;
  }

  /** A batch whose post failed: its ranges and seconds go back to be sent with the next flush. */
  restore(batch: ProgressBatch): void {
    this.pending = mergeRanges([...batch.ranges, ...this.pending]);
    this.counted += batch.watchedSeconds;
  }

  private close(): void {
    if (this.open && this.open[1] > this.open[0]) this.pending.push([this.open[0], this.open[1]]);
    this.open = null;
  }
}
