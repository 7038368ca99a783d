/** server/lib/idempotency.ts: once per (user, key), replay, conflicts, failures not remembered, expiry, concurrency. */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, outboxMessages } from "../../server/db/schema";
import { AppError } from "../../server/lib/errors";
import { IDEMPOTENCY_TTL_MS, readIdempotencyKey, requestHash, withIdempotency } from "../../server/lib/idempotency";
import { createClock, startTestServer, type TestServer } from "./harness";

const clock = createClock(new Date("2026-11-20T10:00:00Z"));
let h: TestServer;
beforeAll(async () => {
  h = await startTestServer({ now: clock.now });
});
afterAll(async () => {
  await h?.close();
});

let counter = 0;
/** An operation with a visible side effect: one outbox row per application. */
const apply = (marker: string) => async (tx: Parameters<Parameters<typeof withIdempotency>[4]>[0]) => {
  counter += 1;
  await tx.insert(outboxMessages).values({ to: marker, channel: "sms", kind: "test", body: String(counter) });
  return { applied: counter };
};
const applications = async (marker: string) => {
  const [row] = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(outboxMessages).where(eq(outboxMessages.to, marker));
  return row?.n ?? 0;
};

describe("withIdempotency", () => {
  it("applies once and replays the first answer", async () => {
    const a = await withIdempotency(h.deps, { userId: 1 }, "key-replay-1", "h1", apply("m1"));
    const b = await withIdempotency(h.deps, { userId: 1 }, "key-replay-1", "h1", apply("m1"));
    expect(a.replayed).toBe(false);
    expect(b).toEqual({ result: a.result, replayed: true });
    expect(await applications("m1")).toBe(1);
  });

  it("scopes keys per user and refuses a key reused with another request", async () => {
    await withIdempotency(h.deps, { userId: 1 }, "key-scope-1", "h1", apply("m2"));
    const other = await withIdempotency(h.deps, { userId: 2 }, "key-scope-1", "h2", apply("m2"));
    expect(other.replayed).toBe(false);
    await expect(withIdempotency(h.deps, { userId: 1 }, "key-scope-1", "h2", apply("m2"))).rejects.toMatchObject({ status: 409, code: "idempotency_conflict" });
    expect(await applications("m2")).toBe(2);
  });

  it("does not remember a failed request, and runs every time without a key", async () => {
    const fail = async () => {
      throw new AppError(403, "forbidden");
    };
    await expect(withIdempotency(h.deps, { userId: 1 }, "key-fail-1", "h1", fail)).rejects.toBeInstanceOf(AppError);
    const rows = await h.deps.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, 1), eq(idempotencyKeys.key, "key-fail-1")));
    expect(rows).toEqual([]);
    expect((await withIdempotency(h.deps, { userId: 1 }, "key-fail-1", "h1", apply("m3"))).replayed).toBe(false);
    await withIdempotency(h.deps, { userId: 1 }, undefined, "h1", apply("m4"));
    await withIdempotency(h.deps, { userId: 1 }, undefined, "h1", apply("m4"));
    expect(await applications("m4")).toBe(2);
  });

  it("forgets a key after 24 hours", async () => {
    await withIdempotency(h.deps, { userId: 1 }, "key-ttl-1", "h1", apply("m5"));
    clock.advance(IDEMPOTENCY_TTL_MS - 1000);
    expect((await withIdempotency(h.deps, { userId: 1 }, "key-ttl-1", "h1", apply("m5"))).replayed).toBe(true);
    clock.advance(2000);
    expect((await withIdempotency(h.deps, { userId: 1 }, "key-ttl-1", "h9", apply("m5"))).replayed).toBe(false);
    expect(await applications("m5")).toBe(2);
  });

  it("applies once under concurrent retries", async () => {
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => withIdempotency(h.deps, { userId: 3 }, "key-race-1", "h1", apply("m6"))));
    expect(await applications("m6")).toBe(1);
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    expect(fulfilled.length).toBeGreaterThan(0);
    const answers = new Set(fulfilled.map((r) => JSON.stringify((r as PromiseFulfilledResult<{ result: unknown }>).value.result)));
    expect(answers.size).toBe(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409 });
  });
});

describe("helpers", () => {
  it("checks the header and hashes requests canonically", () => {
    expect(readIdempotencyKey(undefined)).toBeUndefined();
    expect(readIdempotencyKey("")).toBeUndefined();
    expect(readIdempotencyKey("0b5e6c1a-7f1e-4b7e-9a55-1c2d3e4f5a6b")).toBe("0b5e6c1a-7f1e-4b7e-9a55-1c2d3e4f5a6b");
    expect(() => readIdempotencyKey("short")).toThrow(AppError);
    expect(() => readIdempotencyKey("has space in it")).toThrow(AppError);
    expect(requestHash("post", "/a", { b: 1, a: [2, { d: 1, c: 2 }] })).toBe(requestHash("POST", "/a", { a: [2, { c: 2, d: 1 }], b: 1 }));
    expect(requestHash("POST", "/a", { a: 1 })).not.toBe(requestHash("POST", "/a", { a: 2 }));
    expect(requestHash("POST", "/a", {})).not.toBe(requestHash("POST", "/b", {}));
  });
});
