/**
 * Downloading a class tablet's kept chapters (issue 23 item 6) into its shared cache, once for every pupil of the class.
 *
 * - The list comes from `GET /tablet/chapters` (the tablet's credential); each file is fetched once from
 *   `GET /tablet/chapter-file` and stored in `darsi-class-<tabletId>` under its `/media/…` path without signature —
 *   where the service worker finds a pupil's kept files too (`matchKept`), so a pupil's video plays from it offline.
 * - The budget: the chapters in their order, each whole, while the shared files' total stays within
 *   `TABLET_STORAGE_BUDGET_BYTES` (2 GB) and within what the browser says is free (`navigator.storage.estimate()`, 10 %
 *   margin); a chapter that does not fit is "over budget" (the next, smaller, may still fit). Files of chapters no
 *   longer marked (or over budget) are deleted.
 * - Nothing of a pupil is ever written here (no answer, no token): the pupil switch leaves this cache and
 *   `localStorage["darsi:class-chapters"]`; each pupil's own answers and record are theirs and wiped at the switch.
 */
import { TABLET_STORAGE_BUDGET_BYTES, type TabletChapterDto } from "@domain/tablet";
import { readClassKept, writeClassKept } from "@/lib/offline/keep";
import { CLASS_CACHE_PREFIX, classCacheName, keptKey } from "@/lib/offline/keptCache";
import { fetchTabletChapterFile } from "../api/getChapterFile";

export type ClassChapterState =
  { status: "kept" } | { status: "waiting" } | { status: "downloading"; done: number; total: number } | { status: "over_budget" } | { status: "failed" };

interface ClassStorage {
  /** This site's storage in use (the browser's estimate), null when it does not say. */
  used: number | null;
  /** What the shared chapters may take: the fixed budget, or less when the browser's quota is smaller. */
  budget: number;
  /** Bytes of the shared chapters on the tablet. */
  kept: number;
}

const states = new Map<number, ClassChapterState>();
const listeners = new Set<() => void>();
let version = 0;
let running: Promise<void> | null = null;
let storage: ClassStorage = {
  used: null,
  budget: TABLET_STORAGE_BUDGET_BYTES,
  kept: 0,
};

function emit(): void {
  version += 1;
  for (const l of listeners) l();
}

export function subscribeClassChapters(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const classChaptersVersion = () => version;
export const classChapterState = (id: number): ClassChapterState | undefined => states.get(id);
export const classStorage = () => storage;
export const classSyncRunning = () => running !== null;

const supported = () => typeof caches !== "undefined" && typeof navigator !== "undefined" && "serviceWorker" in navigator;

async function estimate(): Promise<{
  used: number | null;
  free: number | null;
}> {
  const e = await navigator.storage?.estimate?.().catch(() => undefined);
  if (!e || e.quota === undefined) return { used: e?.usage ?? null, free: null };
  return { used: e.usage ?? null, free: Math.max(0, e.quota - (e.usage ?? 0)) };
}

/** Reads what the site uses now (for the start screen), without downloading anything. */
export async function measureClassStorage(tabletId: number): Promise<void> {
  const { used } = await estimate();
  const record = readClassKept(tabletId);
  const done = new Set(record?.downloaded ?? []);
  const sizes = new Map<string, number>();
  for (const c of record?.chapters ?? []) if (done.has(c.id)) for (const f of c.files) sizes.set(f.path, f.bytes);
  storage = {
    ...storage,
    used,
    kept: [...sizes.values()].reduce((n, b) => n + b, 0),
  };
  for (const c of record?.chapters ?? []) if (!states.has(c.id)) states.set(c.id, done.has(c.id) ? { status: "kept" } : { status: "waiting" });
  emit();
}

/**
 * Brings the shared cache to the class's list: what is missing of the chapters that fit is downloaded (in order, one
 * file at a time: a class's network is shared), what is no longer wanted is deleted. One run at a time; a run asked
 * while one is going waits for it.
 */
export function syncClassChapters(tabletId: number, chapters: TabletChapterDto[]): Promise<void> {
  if (running) return running;
  running = run(tabletId, chapters).finally(() => {
    running = null;
    emit();
  });
  emit();
  return running;
}

async function run(tabletId: number, chapters: TabletChapterDto[]): Promise<void> {
  states.clear();
  if (!supported()) {
    for (const c of chapters) states.set(c.id, { status: "failed" });
    writeClassKept({
      tabletId,
      chapters,
      downloaded: [],
      checkedAt: Date.now(),
    });
    return;
  }
  void navigator.storage?.persist?.().catch(() => false);
  // Another tablet's shared cache (this device was another class's tablet before): gone.
  for (const name of await caches.keys()) if (name.startsWith(CLASS_CACHE_PREFIX) && name !== classCacheName(tabletId)) await caches.delete(name);
  const cache = await caches.open(classCacheName(tabletId));
  const origin = self.location.origin;
  const present = new Set((await cache.keys()).map((r) => r.url));
  const has = (path: string) => present.has(keptKey(path, origin));

  // Which chapters fit: each whole, in order, within the budget and the free space.
  const { free } = await estimate();
  const sizeOf = new Map<string, number>();
  for (const c of chapters) for (const f of c.files) sizeOf.set(f.path, f.bytes);
  const onDevice = [...sizeOf].filter(([p]) => has(p)).reduce((n, [, b]) => n + b, 0);
  const budget = Math.min(TABLET_STORAGE_BUDGET_BYTES, free === null ? Infinity : onDevice + free * 0.9);
  const chosen = new Set<string>();
  let total = 0;
  const fits: TabletChapterDto[] = [];
  for (const c of chapters) {
    const extra = c.files.filter((f) => !chosen.has(f.path)).reduce((n, f) => n + f.bytes, 0);
    if (total + extra > budget) {
      states.set(c.id, { status: "over_budget" });
      continue;
    }
    total += extra;
    for (const f of c.files) chosen.add(f.path);
    fits.push(c);
    states.set(c.id, c.files.every((f) => has(f.path)) ? { status: "kept" } : { status: "waiting" });
  }
  // Files of chapters no longer kept (unmarked, or over budget now) leave the tablet.
  const wanted = new Set([...chosen].map((p) => keptKey(p, origin)));
  for (const url of present) if (!wanted.has(url)) await cache.delete(url);
  const downloaded = new Set(fits.filter((c) => states.get(c.id)?.status === "kept").map((c) => c.id));
  const save = () =>
    writeClassKept({
      tabletId,
      chapters,
      downloaded: [...downloaded],
      checkedAt: Date.now(),
    });
  const keptBytes = () => [...chosen].filter((p) => has(p)).reduce((n, p) => n + (sizeOf.get(p) ?? 0), 0);
  storage = { used: (await estimate()).used, budget, kept: keptBytes() };
  save();
  emit();

  for (const c of fits) {
    if (downloaded.has(c.id)) continue;
    const missing = c.files.filter((f) => !has(f.path));
    const all = missing.reduce((n, f) => n + f.bytes, 0);
    let done = 0;
    states.set(c.id, { status: "downloading", done, total: all });
    emit();
    try {
      for (const f of missing) {
        if (has(f.path)) continue;
        const blob = await fetchTabletChapterFile(f.path);
        const headers = new Headers({
          "Content-Type": blob.type || "application/octet-stream",
          "Content-Length": String(blob.size),
          "Accept-Ranges": "bytes",
        });
        await cache.put(keptKey(f.path, origin), new Response(blob, { status: 200, headers }));
        present.add(keptKey(f.path, origin));
        done += f.bytes;
        states.set(c.id, { status: "downloading", done, total: all });
        emit();
      }
    } catch {
      // The network (or the server) failed: this chapter and the next wait for the next refresh.
      states.set(c.id, { status: "failed" });
      storage = { ...storage, kept: keptBytes() };
      emit();
      return;
    }
    states.set(c.id, { status: "kept" });
    downloaded.add(c.id);
    save();
    storage = { used: (await estimate()).used, budget, kept: keptBytes() };
    emit();
  }
}

/** The tablet is turned off: its shared chapters leave the device (files and list). */
export async function forgetClassChapters(): Promise<void> {
  writeClassKept(null);
  states.clear();
  if (typeof caches !== "undefined") for (const name of await caches.keys()) if (name.startsWith(CLASS_CACHE_PREFIX)) await caches.delete(name);
  emit();
}
