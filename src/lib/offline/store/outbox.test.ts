import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, resetDbForTests } from "./db";
import { MAX_SERVER_TRIES, enqueue, flushOutbox, pendingItems } from "./outbox";

/** A fake server: applies each Idempotency-Key once, records what it applied, and can be down. */
function fakeServer() {
  const applied: { key: string; body: unknown; token: string }[] = [];
  const seen = new Set<string>();
  let mode: "up" | "down" | "500" | "503" | "422" | "401" | "409" | "429" = "up";
  const fetchImpl = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    if (mode === "down") throw new TypeError("Failed to fetch");
    if (mode === "500") return Response.json({ message: "boom", code: "server_error" }, { status: 500 });
    if (mode === "503") return Response.json({ message: "later", code: "database_unavailable" }, { status: 503, headers: { "Retry-After": "5" } });
    if (mode === "409") return Response.json({ message: "A request with this key is in progress", code: "conflict" }, { status: 409 });
    if (mode === "429") return Response.json({ message: "slow down", code: "rate_limited" }, { status: 429, headers: { "Retry-After": "2" } });
    if (mode === "401") return Response.json({ message: "no", code: "unauthorized" }, { status: 401 });
    if (mode === "422") return Response.json({ message: "bad", code: "validation_failed", errors: { contentId: ["validation_failed"] } }, { status: 422 });
    const key = headers["Idempotency-Key"]!;
    if (!seen.has(key)) {
      seen.add(key);
      applied.push({ key, body: JSON.parse(String(init?.body)), token: headers.Authorization! });
    }
    return Response.json({ payload: { ok: true, n: applied.length } });
  });
  return { applied, fetchImpl, setMode: (m: typeof mode) => (mode = m) };
}

const item = (userId: number, n: number) => ({
  userId,
  kind: "progress" as const,
  key: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  method: "POST" as const,
  url: "/svc/progress/progress",
  headers: { "X-Api-Key": "k" },
  body: { contentId: n },
  scope: `lesson:${n}`,
});

beforeEach(async () => {
  await getDb().delete();
  resetDbForTests();
});
afterEach(() => resetDbForTests());

describe("outbox", () => {
  it("replays in the order the items were made, each once, then is empty", async () => {
    const server = fakeServer();
    for (const n of [3, 1, 2]) await enqueue(item(7, n));
    const report = await flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
    expect(report.sent.size).toBe(3);
    expect(report.remaining).toBe(0);
    expect(server.applied.map((a) => (a.body as { contentId: number }).contentId)).toEqual([3, 1, 2]);
    // A second flush sends nothing.
    await flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
    expect(server.fetchImpl).toHaveBeenCalledTimes(3);
  });

  it("keeps everything while offline and keeps the order when the network returns", async () => {
    const server = fakeServer();
    server.setMode("down");
    await enqueue(item(7, 1));
    await enqueue(item(7, 2));
    const offline = await flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
    expect(offline.stoppedBy).toBe("network");
    expect(offline.remaining).toBe(2);
    // It stopped at the first item: the second was not even tried (order).
    expect(server.fetchImpl).toHaveBeenCalledTimes(1);
    server.setMode("up");
    const back = await flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
    expect(back.remaining).toBe(0);
    expect(server.applied.map((a) => a.key)).toEqual([item(7, 1).key, item(7, 2).key]);
  });

  it("a retry after a lost answer is applied once by the server (same Idempotency-Key)", async () => {
    const server = fakeServer();
    await enqueue(item(7, 1));
    // The request reaches the server but the answer is lost: the item stays and is sent again later.
    let lose = true;
    const flaky = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const res = await server.fetchImpl(url, init);
      if (lose) {
        lose = false;
        throw new TypeError("connection reset");
      }
      return res;
    });
    expect((await flushOutbox({ userId: 7, token: "t7", fetchImpl: flaky })).remaining).toBe(1);
    expect((await flushOutbox({ userId: 7, token: "t7", fetchImpl: flaky })).remaining).toBe(0);
    expect(flaky).toHaveBeenCalledTimes(2);
    expect(server.applied).toHaveLength(1);
  });

  it("sends only the owner's items, under the owner's token", async () => {
    const server = fakeServer();
    await enqueue(item(7, 1));
    await enqueue(item(8, 2));
    await flushOutbox({ userId: 8, token: "t8", fetchImpl: server.fetchImpl });
    expect(server.applied).toEqual([expect.objectContaining({ token: "Bearer t8", body: { contentId: 2 } })]);
    expect((await pendingItems(7)).map((i) => i.body)).toEqual([{ contentId: 1 }]);
  });

  it("drops and reports an item the server refuses (4xx) and goes on with the next", async () => {
    const server = fakeServer();
    await enqueue(item(7, 1));
    server.setMode("422");
    const report = await flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
    expect(report.rejected).toEqual([
      expect.objectContaining({ status: 422, code: "validation_failed", message: "bad", errors: { contentId: ["validation_failed"] } }),
    ]);
    expect(report.remaining).toBe(0);
  });

  it("stops on an expired token and keeps the items for the next sign-in", async () => {
    const server = fakeServer();
    await enqueue(item(7, 1));
    server.setMode("401");
    const report = await flushOutbox({ userId: 7, token: "old", fetchImpl: server.fetchImpl });
    expect(report.stoppedBy).toBe("auth");
    expect(report.remaining).toBe(1);
  });

  it("retries server errors, and gives an item up after MAX_SERVER_TRIES", async () => {
    const server = fakeServer();
    server.setMode("500");
    await enqueue(item(7, 1));
    for (let i = 1; i < MAX_SERVER_TRIES; i++) {
      const r = await flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
      expect(r.stoppedBy).toBe("server");
      expect((await pendingItems(7))[0]!.tries).toBe(i);
    }
    const last = await flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
    expect(last.rejected).toHaveLength(1);
    expect(last.remaining).toBe(0);
  });

  it("keeps an item through any number of 503 database_unavailable (never given up), then delivers it once", async () => {
    const server = fakeServer();
    server.setMode("503");
    await enqueue(item(7, 1));
    await enqueue(item(7, 2));
    for (let i = 0; i < MAX_SERVER_TRIES * 2; i++) {
      const r = await flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
      expect(r.stoppedBy).toBe("server");
      expect(r.rejected).toEqual([]);
      expect(r.remaining).toBe(2);
    }
    expect((await pendingItems(7)).map((i) => i.tries)).toEqual([0, 0]);
    server.setMode("up");
    const back = await flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
    expect(back.remaining).toBe(0);
    expect(server.applied.map((a) => a.key)).toEqual([item(7, 1).key, item(7, 2).key]);
    // Every attempt carried the item's own key: the server could apply it once whatever the number of 503s.
    const keys = server.fetchImpl.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)["Idempotency-Key"]);
    expect(new Set(keys)).toEqual(new Set([item(7, 1).key, item(7, 2).key]));
  });

  it("waits, keeping its key, while the same key is still running elsewhere (409 conflict) or the server refuses for now (429)", async () => {
    const server = fakeServer();
    await enqueue(item(7, 1));
    for (const mode of ["409", "429"] as const) {
      server.setMode(mode);
      const r = await flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
      expect(r.stoppedBy).toBe("server");
      expect(r.rejected).toEqual([]);
      expect(r.remaining).toBe(1);
    }
    server.setMode("up");
    expect((await flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl })).remaining).toBe(0);
    expect(server.applied.map((a) => a.key)).toEqual([item(7, 1).key]);
  });

  it("two flushes at once (two tabs) never send an item twice", async () => {
    const server = fakeServer();
    for (const n of [1, 2, 3]) await enqueue(item(7, n));
    await Promise.all([
      flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl }),
      flushOutbox({ userId: 7, token: "t7", fetchImpl: server.fetchImpl }),
    ]);
    expect(server.fetchImpl).toHaveBeenCalledTimes(3);
    expect(server.applied).toHaveLength(3);
  });
});
