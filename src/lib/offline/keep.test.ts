import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OfflineManifestDto } from "@domain/offline";
import { chapterKeepState, keepChapter, KeepError, lessonOfflineState, removeKeptChapter, subscribeKept, wipeKept } from "./keep";
import { answerRange, keptCacheName } from "./keptCache";

/** Cache Storage in memory (the test environment has none). */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    let s = stores.get(name);
    if (!s) stores.set(name, (s = new Map()));
    const store = s;
    const key = (r: RequestInfo | URL) => (typeof r === "string" ? r : r instanceof URL ? r.href : r.url);
    return {
      match: async (r: RequestInfo | URL) => store.get(key(r))?.clone(),
      put: async (r: RequestInfo | URL, res: Response) => void store.set(key(r), res),
      delete: async (r: RequestInfo | URL) => store.delete(key(r)),
      keys: async () => [...store.keys()].map((u) => new Request(u)),
    };
  };
  return {
    stores,
    api: { open, keys: async () => [...stores.keys()], delete: async (n: string) => stores.delete(n), has: async (n: string) => stores.has(n) },
  };
}

const ORIGIN = self.location.origin;
const USER = 7;
const bytesOf = (n: number) => new Uint8Array(n).fill(1);

function manifest(chapter: string, files: Array<[string, number]>): OfflineManifestDto {
  return {
    subject: "maths",
    chapter,
    files: files.map(([path, bytes]) => ({ path, bytes })),
    bytes: files.reduce((n, [, b]) => n + b, 0),
    lessons: [
      { id: 1, slug: `${chapter}-video`, name: "Vidéo", type: { id: 2, name: "CRYPTED VIDEO" }, availability: "keepable", files: [] },
      { id: 2, slug: `${chapter}-yt`, name: "YouTube", type: { id: 1, name: "YOUTUBE VIDEO" }, availability: "youtube", files: [] },
    ],
  };
}

let cs: ReturnType<typeof fakeCaches>;
let fetched: string[];

beforeEach(() => {
  cs = fakeCaches();
  fetched = [];
  vi.stubGlobal("caches", cs.api);
  Object.defineProperty(navigator, "serviceWorker", { value: {}, configurable: true });
  Object.defineProperty(navigator, "storage", {
    value: { estimate: async () => ({ quota: 10_000_000, usage: 0 }), persist: async () => true, persisted: async () => false },
    configurable: true,
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      fetched.push(url);
      const size = Number(new URL(url, ORIGIN).searchParams.get("size") ?? 100);
      return new Response(bytesOf(size), { status: 200, headers: { "Content-Type": "video/mp4" } });
    }),
  );
});
afterEach(async () => {
  await wipeKept(USER);
  vi.unstubAllGlobals();
});

const signed = (path: string, size: number) => `${path}?otp=abc&playbackInfo=xyz&size=${size}`;

describe("keeping a chapter", () => {
  it("downloads each file once under its path without the signature, reports progress to the end, and records the lessons", async () => {
    const m = manifest("derivabilite", [
      ["/media/videos/demo-1.mp4", 3000],
      ["/media/attachments/resume.pdf", 500],
    ]);
    const seen: number[] = [];
    const stop = subscribeKept(() => {
      const s = chapterKeepState(USER, "maths", "derivabilite");
      if (s.status === "downloading") seen.push(s.done / s.total);
    });
    await keepChapter({
      userId: USER,
      manifest: m,
      loadLessons: async (slugs) => {
        expect(slugs).toEqual(["derivabilite-video"]);
        return [{ slug: "derivabilite-video", urls: [signed("/media/videos/demo-1.mp4", 3000), signed("/media/attachments/resume.pdf", 500)] }];
      },
    });
    stop();
    expect(fetched).toHaveLength(2);
    const keys = [...cs.stores.get(keptCacheName(USER))!.keys()].sort();
    expect(keys).toEqual([`${ORIGIN}/media/attachments/resume.pdf`, `${ORIGIN}/media/videos/demo-1.mp4`]);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1]!)).toBe(true);
    expect(chapterKeepState(USER, "maths", "derivabilite")).toMatchObject({ status: "kept", kept: { bytes: 3500 } });
    expect(lessonOfflineState(USER, "maths", "derivabilite", "derivabilite-video")).toBe("device");
    expect(lessonOfflineState(USER, "maths", "derivabilite", "derivabilite-yt")).toBe("connection");
    expect(lessonOfflineState(USER, "maths", "suites", "derivabilite-video")).toBe("connection");
  });

  it("keeps a file another kept chapter uses when one chapter is removed; logout wipes the cache and the record", async () => {
    const load = (chapter: string) => async () => [{ slug: `${chapter}-video`, urls: [signed("/media/videos/demo-1.mp4", 100), signed(`/media/magazines/${chapter}.svg`, 10)] }];
    for (const chapter of ["a", "b"]) {
      await keepChapter({ userId: USER, manifest: manifest(chapter, [["/media/videos/demo-1.mp4", 100], [`/media/magazines/${chapter}.svg`, 10]]), loadLessons: load(chapter) });
    }
    // The shared clip was downloaded once.
    expect(fetched.filter((u) => u.startsWith("/media/videos/"))).toHaveLength(1);
    await removeKeptChapter(USER, "maths", "a");
    expect([...cs.stores.get(keptCacheName(USER))!.keys()].sort()).toEqual([`${ORIGIN}/media/magazines/b.svg`, `${ORIGIN}/media/videos/demo-1.mp4`]);
    expect(chapterKeepState(USER, "maths", "a").status).toBe("none");
    await wipeKept(USER);
    expect(cs.stores.has(keptCacheName(USER))).toBe(false);
    expect(localStorage.getItem(`darsi:kept:${USER}`)).toBeNull();
    expect(chapterKeepState(USER, "maths", "b").status).toBe("none");
  });

  it("refuses when the free space is too small, and removes what a failed attempt downloaded", async () => {
    const m = manifest("c", [
      ["/media/videos/demo-1.mp4", 100],
      ["/media/videos/demo-2.mp4", 100],
    ]);
    Object.defineProperty(navigator, "storage", { value: { estimate: async () => ({ quota: 150, usage: 0 }), persist: async () => true }, configurable: true });
    await expect(keepChapter({ userId: USER, manifest: m, loadLessons: async () => [] })).rejects.toMatchObject({ reason: "no_space" });
    Object.defineProperty(navigator, "storage", { value: { estimate: async () => ({ quota: 1e9, usage: 0 }), persist: async () => true }, configurable: true });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => (url.includes("demo-2") ? new Response("no", { status: 403 }) : new Response(bytesOf(100), { status: 200 }))),
    );
    const error = await keepChapter({
      userId: USER,
      manifest: m,
      parallel: 1,
      loadLessons: async () => [{ slug: "c-video", urls: [signed("/media/videos/demo-1.mp4", 100), signed("/media/videos/demo-2.mp4", 100)] }],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeepError);
    expect([...(cs.stores.get(keptCacheName(USER))?.keys() ?? [])]).toEqual([]);
    expect(chapterKeepState(USER, "maths", "c").status).toBe("none");
  });
});

describe("byte ranges of a kept file", () => {
  const whole = () => new Response(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), { headers: { "Content-Type": "video/mp4" } });
  it("answers a range as 206 with its bytes, an open range to the end, a suffix range, and 416 past the end", async () => {
    const a = await answerRange("bytes=2-4", whole());
    expect(a.status).toBe(206);
    expect(a.headers.get("Content-Range")).toBe("bytes 2-4/10");
    expect([...new Uint8Array(await a.arrayBuffer())]).toEqual([2, 3, 4]);
    const b = await answerRange("bytes=7-", whole());
    expect([...new Uint8Array(await b.arrayBuffer())]).toEqual([7, 8, 9]);
    const c = await answerRange("bytes=-2", whole());
    expect([...new Uint8Array(await c.arrayBuffer())]).toEqual([8, 9]);
    expect((await answerRange("bytes=20-", whole())).status).toBe(416);
    expect((await answerRange(null, whole())).status).toBe(200);
  });
});
