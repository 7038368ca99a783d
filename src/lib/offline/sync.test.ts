import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { setSession, clearSession } from "../session";
import { enqueue, getDb, keepTokenForReplay, resetDbForTests } from "./store";
import { sendThroughOutbox, settled, startSync, stopForSignOut } from "./sync";

/** A token whose payload says `sub` (the device only reads it; the server verifies tokens). */
const tokenFor = (userId: number) => `h.${btoa(JSON.stringify({ sub: String(userId), sid: "x" })).replace(/=+$/, "")}.s`;

beforeEach(async () => {
  await getDb().delete();
  resetDbForTests();
  setSession({ token: tokenFor(7) });
});
afterEach(async () => {
  await settled();
  vi.unstubAllGlobals();
  clearSession();
  resetDbForTests();
});

describe("outbox, page side", () => {
  it("a delivered progress post marks the subjects and latest recordings out of date, not the alerts", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ payload: [] })));
    await startSync(qc);
    await qc.fetchQuery({ queryKey: ["subjects", "list"], queryFn: async () => [{ slug: "maths", progress: 0 }] });
    await qc.fetchQuery({ queryKey: ["home", "latest-recordings", 4], queryFn: async () => [] });
    await qc.fetchQuery({ queryKey: ["home", "alerts"], queryFn: async () => ["alert"] });
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ payload: { expired: false, percentage: 40, completed: false, lastWatchedSecond: 20 } })));
    const result = await sendThroughOutbox({ kind: "progress", url: "/svc/progress/progress", body: { contentId: 1 }, scope: "lesson:1" });
    expect(result).toEqual({ status: "sent", payload: expect.objectContaining({ percentage: 40 }) });
    await settled();
    const invalidated = (key: unknown[]) => qc.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;
    expect([invalidated(["subjects", "list"]), invalidated(["home", "latest-recordings", 4]), invalidated(["home", "alerts"])]).toEqual([true, true, false]);
    expect(await getDb().outbox.count()).toBe(0);
  });

  it("offline, work stays on the device, bound to its owner", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const result = await sendThroughOutbox({ kind: "bookmark", url: "/api/x", body: {}, scope: "lesson:1" });
    expect(result).toEqual({ status: "queued" });
    expect((await getDb().outbox.toArray()).map((i) => [i.userId, i.scope])).toEqual([[7, "lesson:1"]]);
  });

  it("sign-out forgets the token copy and leaves the pupil's unsent items bound to them", async () => {
    await keepTokenForReplay(7, tokenFor(7));
    await enqueue({ userId: 7, kind: "bookmark", key: "k1", method: "POST", url: "/x", headers: {}, body: {}, scope: "lesson:1" });
    await stopForSignOut();
    expect(await getDb().auth.count()).toBe(0);
    // Unsent work stays, bound to its owner (sent at their next sign-in, never as anyone else).
    expect((await getDb().outbox.toArray()).map((i) => i.userId)).toEqual([7]);
  });
});

describe("the outbox marker: the outbox's code loads at start only when something may wait", () => {
  it("follows what the outbox holds: pending while work waits, empty once it is delivered", async () => {
    const { outboxMayHold } = await import("./pending");
    localStorage.removeItem("darsi:outbox:7");
    const qc = new QueryClient();
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await startSync(qc);
    expect(localStorage.getItem("darsi:outbox:7")).toBe("empty");
    expect(await outboxMayHold(7)).toBe(false);
    expect(await sendThroughOutbox({ kind: "bookmark", url: "/api/student/bookmarks/1", body: {}, scope: "lesson:1" })).toEqual({ status: "queued" });
    await settled();
    expect(localStorage.getItem("darsi:outbox:7")).toBe("pending");
    expect(await outboxMayHold(7)).toBe(true);
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ payload: { bookmarked: true } })));
    await startSync(qc);
    expect(await getDb().outbox.count()).toBe(0);
    expect(localStorage.getItem("darsi:outbox:7")).toBe("empty");
  });

  it("without a marker (a device from before it), the outbox may hold something unless its database does not exist", async () => {
    const { outboxMayHold, OUTBOX_DB_NAME } = await import("./pending");
    localStorage.removeItem("darsi:outbox:8");
    vi.stubGlobal("indexedDB", Object.assign(Object.create(indexedDB) as IDBFactory, { databases: async () => [{ name: OUTBOX_DB_NAME, version: 20 }] }));
    expect(await outboxMayHold(8)).toBe(true);
    expect(localStorage.getItem("darsi:outbox:8")).toBeNull();
    vi.stubGlobal("indexedDB", Object.assign(Object.create(indexedDB) as IDBFactory, { databases: async () => [] }));
    expect(await outboxMayHold(8)).toBe(false);
    expect(localStorage.getItem("darsi:outbox:8")).toBe("empty");
  });
});
