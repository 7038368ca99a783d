import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "../api";
import { setSession, clearSession } from "../session";
import { getDb, resetDbForTests } from "./db";
import { drainNow, queryPersister, watchQueryCache } from "./persister";
import { sendThroughOutbox, settled, wipeUser } from "./deviceStore";
import { enqueue } from "./outbox";

/** A token whose payload says `sub` (the device store only reads it; the server verifies tokens). */
const tokenFor = (userId: number) => `h.${btoa(JSON.stringify({ sub: String(userId), sid: "x" })).replace(/=+$/, "")}.s`;

function client() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: "always", persister: queryPersister, staleTime: 60_000 } } });
  const stop = watchQueryCache(qc);
  return { qc, stop };
}

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("condition not met");
};

beforeEach(async () => {
  await getDb().delete();
  resetDbForTests();
  setSession({ token: tokenFor(7) });
});
afterEach(async () => {
  // Nothing of this test may land in the next one's database.
  await drainNow();
  clearSession();
  resetDbForTests();
});

describe("device store", () => {
  it("keeps the subjects of a user and answers the next start from the device, before and without the network", async () => {
    const first = client();
    await first.qc.fetchQuery({ queryKey: ["subjects", "list"], queryFn: async () => [{ slug: "maths" }] });
    // Written once the page is idle (first visit: nothing of this user on the device yet).
    await until(async () => (await getDb().entries.count()) === 1);
    first.stop();

    // Next app start, with the server unreachable: the screen gets the kept answer at once, without waiting for the
    // network; the revalidation in the background fails and the kept answer stays.
    const second = client();
    const offlineFn = vi.fn(async () => {
      throw new ApiRequestError(0, "network_error", "Network error");
    });
    const data = await second.qc.fetchQuery({ queryKey: ["subjects", "list"], queryFn: offlineFn });
    expect(data).toEqual([{ slug: "maths" }]);
    await until(async () => offlineFn.mock.calls.length === 1);
    expect(second.qc.getQueryData(["subjects", "list"])).toEqual([{ slug: "maths" }]);
    second.stop();

    // And when the server answers, the revalidation brings its answer in.
    const third = client();
    const fresh = vi.fn(async () => [{ slug: "maths" }, { slug: "physique" }]);
    expect(await third.qc.fetchQuery({ queryKey: ["subjects", "list"], queryFn: fresh })).toEqual([{ slug: "maths" }]);
    await until(async () => (third.qc.getQueryData<unknown[]>(["subjects", "list"]) ?? []).length === 2);
    third.stop();
  });

  it("never keeps queries outside the learning screens (search) and never shows one pupil's data to another", async () => {
    const a = client();
    await a.qc.fetchQuery({ queryKey: ["search", "autocomplete", "mat"], queryFn: async () => ["x"] });
    await a.qc.fetchQuery({ queryKey: ["home", "alerts"], queryFn: async () => ["alert of 7"] });
    await drainNow();
    expect((await getDb().entries.toArray()).map((e) => e.queryKey)).toEqual([["home", "alerts"]]);
    a.stop();

    setSession({ token: tokenFor(8) });
    const b = client();
    const fresh = await b.qc.fetchQuery({ queryKey: ["home", "alerts"], queryFn: async () => ["alert of 8"] });
    expect(fresh).toEqual(["alert of 8"]);
    b.stop();
  });

  it("logout wipes the user's kept answers and leaves another user's outbox items bound to them", async () => {
    const a = client();
    await a.qc.fetchQuery({ queryKey: ["lessons", "lesson", "s", "c", "l"], queryFn: async () => ({ id: 1 }) });
    await drainNow();
    expect(await getDb().entries.count()).toBe(1);
    await getDb().auth.put({ id: "current", userId: 7, token: tokenFor(7) });
    await enqueue({ userId: 7, kind: "bookmark", key: "k1", method: "POST", url: "/x", headers: {}, body: {}, scope: "lesson:1" });
    a.stop();

    await wipeUser(7);
    expect(await getDb().entries.count()).toBe(0);
    expect(await getDb().auth.count()).toBe(0);
    // Unsent work stays, bound to its owner (sent at their next sign-in, never as anyone else).
    expect((await getDb().outbox.toArray()).map((i) => i.userId)).toEqual([7]);
    // The device marker says only that: unsent work of user 7 is here.
    expect(localStorage.getItem("darsi:device:7")).toBe("1");
    await getDb().outbox.clear();
    await wipeUser(7);
    expect(Object.keys(localStorage).filter((k) => k.startsWith("darsi:device"))).toEqual([]);
  });

  it("a network failure with nothing kept is an error (no silent empty screen)", async () => {
    const { qc, stop } = client();
    await expect(
      qc.fetchQuery({
        queryKey: ["subjects", "chapters", "never-opened"],
        queryFn: async () => {
          throw new ApiRequestError(0, "network_error", "Network error");
        },
      }),
    ).rejects.toBeInstanceOf(ApiRequestError);
    stop();
  });

  it("a delivered progress post marks the kept subjects and latest recordings out of date, not the alerts", async () => {
    const a = client();
    await a.qc.fetchQuery({ queryKey: ["subjects", "list"], queryFn: async () => [{ slug: "maths", progress: 0 }] });
    await a.qc.fetchQuery({ queryKey: ["home", "latest-recordings", 4], queryFn: async () => [] });
    await a.qc.fetchQuery({ queryKey: ["home", "alerts"], queryFn: async () => ["alert"] });
    await drainNow();
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ payload: { expired: false, percentage: 40, completed: false, lastWatchedSecond: 20 } })));
    const result = await sendThroughOutbox({ kind: "progress", url: "/svc/progress/progress", body: { contentId: 1 }, scope: "lesson:1" });
    expect(result).toEqual({ status: "sent", payload: expect.objectContaining({ percentage: 40 }) });
    await settled();
    await until(async () => (await getDb().entries.filter((e) => e.invalidated === true).count()) === 2);
    const flags = Object.fromEntries((await getDb().entries.toArray()).map((e) => [JSON.stringify(e.queryKey), e.invalidated === true]));
    expect(flags).toEqual({ '["subjects","list"]': true, '["home","latest-recordings",4]': true, '["home","alerts"]': false });
    expect(await getDb().outbox.count()).toBe(0);
    a.stop();
  });
});
