import { clockOffsetMs } from "@domain/exams";

/**
 * The server's clock as the device can read it: the server's time of the last answer that carried one, carried forward
 * on the monotonic clock (`performance.now()`), so a wrong device clock, or one changed while the exam runs, changes
 * nothing; a reload or a new answer syncs again.
 */
let anchor: { serverMs: number; perfMs: number } | null = null;

/** Records the server time of an answer received between `sentPerf` and `receivedPerf` (performance.now()). */
export function syncServerClock(serverTimeIso: string, sentPerf: number, receivedPerf: number): void {
  // The server's time at `receivedPerf`: the answer's time plus half the round trip.
  anchor = { serverMs: clockOffsetMs(serverTimeIso, sentPerf, receivedPerf) + (sentPerf + receivedPerf) / 2 + (receivedPerf - sentPerf) / 2, perfMs: receivedPerf };
}

/** The server's "now" in ms (the device's clock until a first sync). */
export function serverNow(): number {
  return anchor ? anchor.serverMs + (performance.now() - anchor.perfMs) : Date.now();
}

