import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "../api";
import { clearSession, setSession } from "../session";
import { isKeptOnDevice, keptQueryKeys, persistQueryCache, queryCacheKey, wipeQueryCache } from "./queryCache";

/** A token whose payload says `sub` (the device only reads it; the server verifies tokens). */
const tokenFor = (userId: number) => `h.${btoa(JSON.stringify({ sub: String(userId), sid: "x" })).replace(/=+$/, "")}.s`;

const until = async (check: () => boolean, timeoutMs = 4_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met");
    await new Promise((r) => setTimeout(r, 20));
  }
};

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: "always", staleTime: 60_000 } } });
const saved = (userId: number) => JSON.parse(localStorage.getItem(queryCacheKey(userId)) ?? "null") as { clientState: { queries: { queryKey: unknown[] }[] } } | null;
const savedKeys = (userId: number) => saved(userId)?.clientState.queries.map((q) => q.queryKey) ?? [];

beforeEach(() => {
  localStorage.clear();
  setSession({ token: tokenFor(7) });
});
afterEach(() => {
  clearSession();
  localStorage.clear();
});

describe("persisted query cache", () => {
  it("keeps the learning screens of a pupil and has them before the next start's first render, offline too", async () => {
    const first = client();
    await persistQueryCache(first);
    await first.fetchQuery({ queryKey: ["subjects", "list"], queryFn: async () => [{ slug: "maths" }] });
    await first.fetchQuery({ queryKey: ["search", "autocomplete", "mat"], queryFn: async () => ["x"] });
    await until(() => savedKeys(7).length === 1);
    expect(savedKeys(7)).toEqual([["subjects", "list"]]);

    // Next start: restored before anything renders; the loader's ensureQueryData answers without the network.
    const second = client();
    await persistQueryCache(second);
    expect(second.getQueryData(["subjects", "list"])).toEqual([{ slug: "maths" }]);
    const offline = vi.fn(async () => {
      throw new ApiRequestError(0, "network_error", "Network error");
    });
    expect(await second.ensureQueryData({ queryKey: ["subjects", "list"], queryFn: offline })).toEqual([{ slug: "maths" }]);
    expect(offline).not.toHaveBeenCalled();
    expect(keptQueryKeys(second)).toEqual([["subjects", "list"]]);
    // Kept answers stay in memory (what is saved is what the app has), others follow the usual gcTime.
    expect(second.getQueryCache().find({ queryKey: ["subjects", "list"] })?.gcTime).toBe(Infinity);
  });

  it("a page the device does not have is an error when the server cannot be reached (never an empty screen)", async () => {
    const qc = client();
    await persistQueryCache(qc);
    await expect(
      qc.fetchQuery({
        queryKey: ["subjects", "chapters", "never-opened"],
        queryFn: async () => {
          throw new ApiRequestError(0, "network_error", "Network error");
        },
      }),
    ).rejects.toBeInstanceOf(ApiRequestError);
  });

  it("deletes another pupil's answers and the keys of earlier designs (stored markup) at start", async () => {
    localStorage.setItem(queryCacheKey(8), JSON.stringify({ buster: "dev", timestamp: Date.now(), clientState: { queries: [], mutations: [] } }));
    localStorage.setItem("darsi:snap:7:/subjects", JSON.stringify({ h: "<img src=x onerror=alert(1)>" }));
    localStorage.setItem("darsi:snap:7", "[]");
    localStorage.setItem("darsi:device:7", "1");
    await persistQueryCache(client());
    expect(Object.keys(localStorage).filter((k) => k.startsWith("darsi:"))).toEqual([]);
  });

  it("drops the answers of another build", async () => {
    const old = { buster: "another-build", timestamp: Date.now(), clientState: { mutations: [], queries: [] as unknown[] } };
    old.clientState.queries.push({
      queryKey: ["subjects", "list"],
      queryHash: '["subjects","list"]',
      state: { data: [{ slug: "old" }], dataUpdatedAt: Date.now(), status: "success", fetchStatus: "idle", error: null, errorUpdatedAt: 0, dataUpdateCount: 1, errorUpdateCount: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false },
    });
    localStorage.setItem(queryCacheKey(7), JSON.stringify(old));
    const qc = client();
    await persistQueryCache(qc);
    expect(qc.getQueryData(["subjects", "list"])).toBeUndefined();
    expect(localStorage.getItem(queryCacheKey(7))).toBeNull();
  });

  it("logout wipes the pupil's answers, and a save scheduled just before never writes them back", async () => {
    const qc = client();
    await persistQueryCache(qc);
    await qc.fetchQuery({ queryKey: ["lessons", "lesson", "s", "c", "l"], queryFn: async () => ({ id: 1 }) });
    await until(() => savedKeys(7).length === 1);
    // A change, then logout within the persister's throttle.
    qc.setQueryData(["home", "alerts"], ["new"]);
    clearSession();
    wipeQueryCache(7);
    qc.clear();
    await new Promise((r) => setTimeout(r, 1_300));
    expect(localStorage.getItem(queryCacheKey(7))).toBeNull();
  });

  it("follows sign-in: another pupil starts with nothing of the last one", async () => {
    const qc = client();
    await persistQueryCache(qc);
    await qc.fetchQuery({ queryKey: ["home", "alerts"], queryFn: async () => ["alert of 7"] });
    await until(() => savedKeys(7).length === 1);
    clearSession();
    qc.clear();
    setSession({ token: tokenFor(8) });
    await until(() => localStorage.getItem(queryCacheKey(7)) === null);
    await qc.fetchQuery({ queryKey: ["home", "alerts"], queryFn: async () => ["alert of 8"] });
    await until(() => savedKeys(8).length === 1);
    expect(saved(8)?.clientState.queries).toEqual([expect.objectContaining({ state: expect.objectContaining({ data: ["alert of 8"] }) })]);
  });

  it("keeps only the profile, the learning screens and the wallet's statement", () => {
    expect(isKeptOnDevice(["me"])).toBe(true);
    expect(isKeptOnDevice(["lessons", "lesson", "a", "b", "c"])).toBe(true);
    expect(isKeptOnDevice(["lessons", "quiz", 3])).toBe(false);
    expect(isKeptOnDevice(["search", "autocomplete", "x"])).toBe(false);
    expect(isKeptOnDevice(["wallet", "statement", { page: 1, perPage: 10, kind: null }])).toBe(true);
    expect(isKeptOnDevice(["wallet", "balance-months"])).toBe(true);
    expect(isKeptOnDevice(["wallet", "payment", 3])).toBe(false);
  });

  it("keeps the screens a pupil reads on the bus (issue 22), never a payment, a code, a join link or a timer", () => {
    for (const key of [
      ["offers", "list"],
      ["exams", "list", { subject: null }],
      ["exams", "detail", 4],
      ["exams", "calendar", { offset: 0 }],
      ["sessions", "week", 0],
      ["notifications", "list", "all"],
      ["notifications", "unread"],
      ["messages", "list", "unread"],
      ["messages", "one", 9],
      ["profile", "division-changes"],
      ["history", "subscriptions", { page: 1, perPage: 10 }],
      ["transfers", "history", { page: 1, perPage: 10 }],
      ["reports", "page", { page: 1, perPage: 10 }],
    ])
      expect(isKeptOnDevice(key), JSON.stringify(key)).toBe(true);
    for (const key of [
      ["offers", "discount-code"],
      ["exams", "time", 4],
      ["sessions", "join-link", 3],
      ["notifications", "preferences"],
      ["profile", "avatar", "/a.png"],
      ["transfers", "pending"],
      ["popups"],
      ["referral", "orders"],
    ])
      expect(isKeptOnDevice(key), JSON.stringify(key)).toBe(false);
  });
});
