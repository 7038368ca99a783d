/**
 * The one dispatcher loop (server/lib/dispatcher.ts) the push and message queues share, on its own: the backoff
 * schedule and the verdicts, one pass at a time however often it is kicked, the database away (said once, tried again
 * at the next tick, "back" said once) and closed under it (it stops). Its queues are tested on a real server in
 * push-failures, notifications and messaging-*.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createDispatcher, MAX_ATTEMPTS, retryDelayS, verdictOf } from "../../server/lib/dispatcher";
import type { Deps } from "../../server/lib/deps";

const lines: Array<{ level: string; message: string }> = [];
const log = {
  debug: () => undefined,
  info: (message: string) => void lines.push({ level: "info", message }),
  warn: (message: string) => void lines.push({ level: "warn", message }),
  error: (message: string) => void lines.push({ level: "error", message }),
};
// The loop only logs through its deps; `deliver` is the test's.
const deps = { log } as unknown as Deps;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  lines.length = 0;
});

describe("the dispatcher loop", () => {
  it("waits 30 s, 2 min, 8 min, 32 min, 2 h 8 min, or longer when the provider asks; fails after the sixth try or a refusal", () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayS(n))).toEqual([30, 120, 480, 1920, 7680]);
    expect(retryDelayS(1, 300)).toBe(300);
    expect(retryDelayS(3, 300)).toBe(480);
    const down = { ok: false, permanent: false, error: "503" } as const;
    expect(verdictOf(down, MAX_ATTEMPTS - 1)).toBe("retry");
    expect(verdictOf(down, MAX_ATTEMPTS)).toBe("failed");
    expect(verdictOf({ ...down, permanent: true }, 1)).toBe("failed");
    expect(verdictOf({ ok: true }, MAX_ATTEMPTS)).toBe("sent");
  });

  it("runs one pass at a time: a burst of kicks while a pass runs is one more pass, not one per kick", async () => {
    let passes = 0;
    let inFlight = 0;
    let overlap = false;
    const d = createDispatcher("test", async () => {
      passes += 1;
      inFlight += 1;
      overlap ||= inFlight > 1;
      await pause(100);
      inFlight -= 1;
    });
    stops.push(d.start(deps));
    d.kick();
    await pause(30);
    for (let i = 0; i < 20; i += 1) d.kick();
    await pause(700);
    expect(overlap).toBe(false);
    // The first kick's two wake-ups (now and 300 ms) and the burst's: a handful of passes, never twenty.
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(passes).toBeLessThanOrEqual(4);
  });

  it("while the database is away it says so once and tries again; once back, says so; closed under it, it stops", async () => {
    const answers: Array<"down" | "ok" | "closed"> = ["down", "down", "down", "ok", "closed"];
    let calls = 0;
    const d = createDispatcher("test", async () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      if (answer === "down") throw new Error("query failed", { cause: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }) });
      if (answer === "closed") throw new Error("PGlite is closed");
    });
    stops.push(d.start(deps));
    // Each kick looks now and 300 ms later: two passes a kick, the last one cut short by the stop.
    for (let i = 0; i < 3; i += 1) {
      d.kick();
      await pause(350);
    }
    expect(calls).toBe(answers.length);
    expect(lines).toEqual([
      { level: "warn", message: "test dispatch: database unavailable, retrying" },
      { level: "info", message: "test dispatch: database back" },
    ]);
    // Stopped: a kick does nothing more.
    d.kick();
    await pause(350);
    expect(calls).toBe(answers.length);
  });
});
