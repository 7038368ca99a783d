/**
 * Keeping a chapter for offline study (React-free; the lessons feature gives it the lessons' queries).
 *
 * 1. `fetchOfflineManifest`: the chapter's lessons — keepable, or why they need a connection (YouTube, quiz, locked) —
 *    and its files under /media with their sizes, from the server in one request: the size is known before anything
 *    is downloaded.
 * 2. `checkStorage`: asks `navigator.storage.persist()` (so that the browser does not evict the chapter under storage
 *    pressure) and compares the size with the free space of `navigator.storage.estimate()`.
 * 3. `keepChapter`: the lessons' answers through the app's own queries (`loadLessons`: they land where the query cache
 *    is kept on the device, and give the signed URLs of this session), then each file with a progress report, into
 *    the pupil's kept cache (`keptCache.ts`) under its path without the signature.
 * 4. `removeKeptChapter`: the chapter's files go (unless another kept chapter uses them), then its record.
 *
 * What is kept is recorded per pupil in localStorage (`darsi:kept:<userId>`: chapter → lessons' availability and
 * file paths) for the screens to read at once; `wipeKept` (logout) deletes both the cache and the record.
 */
import type { OfflineAvailability, OfflineManifestDto } from "@domain/offline";
import { mediaPath } from "@domain/offline";
import type { TabletChapterDto } from "@domain/tablet";
import { api } from "../api";
import { KEPT_CACHE_PREFIX, keptCacheName, keptKey, matchKept } from "./keptCache";

const seg = encodeURIComponent;

export interface KeptChapter {
  subject: string;
  chapter: string;
  keptAt: number;
  bytes: number;
  /** Availability of every lesson of the chapter when it was kept. */
  lessons: Record<string, OfflineAvailability>;
  files: string[];
  /** The browser granted persistent storage (the chapter will not be evicted under storage pressure). */
  persisted: boolean;
  /**
   * Kept for the pupil's class on a class tablet (issue 23 item 6): the files are the tablet's shared ones
   * (`darsi-class-<tabletId>`), only this record and the lessons' answers are the pupil's; it is not the pupil's to remove.
   */
  forClass?: boolean;
}

export type KeepFailure = "no_space" | "unsupported" | "network" | "nothing" | "failed";

export class KeepError extends Error {
  constructor(readonly reason: KeepFailure) {
    super(`keep: ${reason}`);
  }
}

export type ChapterKeepState =
  | { status: "none" }
  | { status: "downloading"; done: number; total: number }
  | { status: "kept"; kept: KeptChapter };

/** What the lesson list shows next to a lesson. */
export type LessonOfflineState = "device" | "connection";

// ------------------------------------------------------------------ the record, and who listens to it

const recordKey = (userId: number) => `darsi:kept:${userId}`;
const chapterKey = (subject: string, chapter: string) => `${subject}/${chapter}`;

type Record_ = Record<string, KeptChapter>;
const records = new Map<number, Record_>();
const progress = new Map<string, { done: number; total: number }>();
const listeners = new Set<() => void>();
let version = 0;

function emit(): void {
  version += 1;
  for (const l of listeners) l();
}

/** Subscribe to any change of what is kept or downloading (returns the unsubscribe function). */
export function subscribeKept(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever what is kept or downloading changes (for `useSyncExternalStore`). */
export const keptVersion = () => version;

function readRecord(userId: number): Record_ {
  let r = records.get(userId);
  if (r) return r;
  try {
    const raw = localStorage.getItem(recordKey(userId));
    r = raw ? (JSON.parse(raw) as Record_) : {};
  } catch {
    r = {};
  }
  records.set(userId, r);
  return r;
}

function writeRecord(userId: number, r: Record_): void {
  records.set(userId, r);
  try {
    if (Object.keys(r).length === 0) localStorage.removeItem(recordKey(userId));
    else localStorage.setItem(recordKey(userId), JSON.stringify(r));
  } catch {
    // storage full: the record stays in memory for this visit
  }
  emit();
}

export function chapterKeepState(userId: number | null, subject: string, chapter: string): ChapterKeepState {
  if (userId === null) return { status: "none" };
  const p = progress.get(`${userId}|${chapterKey(subject, chapter)}`);
  if (p) return { status: "downloading", ...p };
  const kept = readRecord(userId)[chapterKey(subject, chapter)];
  return kept ? { status: "kept", kept } : { status: "none" };
}

/** On this device when its chapter is kept and the lesson was keepable; otherwise it needs a connection. */
export function lessonOfflineState(userId: number | null, subject: string, chapter: string, lesson: string): LessonOfflineState {
  if (userId === null) return "connection";
  const kept = readRecord(userId)[chapterKey(subject, chapter)];
  return kept?.lessons[lesson] === "keepable" ? "device" : "connection";
}

// ------------------------------------------------------------------ size and storage

export function fetchOfflineManifest(subject: string, chapter: string, signal?: AbortSignal): Promise<OfflineManifestDto> {
  return api<OfflineManifestDto>(`/student/subjects/${seg(subject)}/chapters/${seg(chapter)}/offline-manifest`, { signal }).then((r) => r.payload);
}

export interface StorageCheck {
  /** Cache Storage and a service worker are there: kept files can be stored and served offline. */
  supported: boolean;
  /** Free bytes for this site (quota − usage), null when the browser does not say. */
  free: number | null;
  enough: boolean;
}

/** Whether `bytes` more fit in this site's storage (with a 10 % margin). */
export async function checkStorage(bytes: number): Promise<StorageCheck> {
  const supported = typeof caches !== "undefined" && typeof navigator !== "undefined" && "serviceWorker" in navigator;
  if (!supported) return { supported, free: null, enough: false };
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (!estimate || estimate.quota === undefined) return { supported, free: null, enough: true };
  const free = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  return { supported, free, enough: bytes * 1.1 <= free };
}

/** Asks the browser to keep this site's storage under pressure; true when granted (or already). */
async function askPersistence(): Promise<boolean> {
  const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  if (await storage.persisted?.().catch(() => false)) return true;
  return storage.persist().catch(() => false);
}

// ------------------------------------------------------------------ keeping

/** A keepable lesson's answer, loaded through the app's queries: its slug and the (signed) URLs of its files. */
interface LoadedLesson {
  slug: string;
  urls: string[];
}

export interface KeepOptions {
  userId: number;
  manifest: OfflineManifestDto;
  /** Loads the chapter's list and these lessons' answers where the app keeps its queries; returns their file URLs. */
  loadLessons: (slugs: string[]) => Promise<LoadedLesson[]>;
  signal?: AbortSignal;
  /** How many files download at once. */
  parallel?: number;
  /** A class tablet's chapter: its files are already in the tablet's shared cache; nothing is downloaded. */
  forClass?: boolean;
}

async function download(url: string, cache: Cache, key: string, onBytes: (n: number) => void, signal?: AbortSignal): Promise<number> {
  const res = await fetch(url, { signal, credentials: "same-origin" });
  if (!res.ok || !res.body) throw new KeepError(res.status === 0 ? "network" : "failed");
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
    onBytes(value.byteLength);
  }
  const headers = new Headers({ "Content-Type": res.headers.get("Content-Type") ?? "application/octet-stream", "Content-Length": String(total), "Accept-Ranges": "bytes" });
  await cache.put(key, new Response(new Blob(chunks as BlobPart[]), { status: 200, headers }));
  return total;
}

/** Paths used by the pupil's other kept chapters (never deleted with this one). */
function pathsInUse(userId: number, except: string): Set<string> {
  const used = new Set<string>();
  for (const [key, kept] of Object.entries(readRecord(userId))) if (key !== except) for (const p of kept.files) used.add(p);
  return used;
}

/**
 * Downloads the chapter for offline study: its lessons' answers, then its files with progress (`chapterKeepState`
 * reports it to every screen). Throws a `KeepError`; what was downloaded of a failed attempt is removed again.
 */
export async function keepChapter({ userId, manifest, loadLessons, signal, parallel = 3, forClass = false }: KeepOptions): Promise<KeptChapter> {
  const key = chapterKey(manifest.subject, manifest.chapter);
  const progressKey = `${userId}|${key}`;
  if (progress.has(progressKey)) throw new KeepError("failed");
  const keepable = manifest.lessons.filter((l) => l.availability === "keepable");
  if (keepable.length === 0) throw new KeepError("nothing");
  // A class chapter's files are on the tablet already (within its own budget): only the answers are added.
  const storage = await checkStorage(forClass ? 0 : manifest.bytes);
  if (!storage.supported) throw new KeepError("unsupported");
  if (!storage.enough) throw new KeepError("no_space");
  const persisted = await askPersistence();

  // The answers count for a little of the bar (about 4 kB each), the files for their bytes.
  const answerWeight = 4_096;
  const state = { done: 0, total: manifest.bytes + keepable.length * answerWeight };
  const report = () => {
    progress.set(progressKey, { done: Math.min(state.done, state.total), total: state.total });
    emit();
  };
  report();

  const origin = self.location.origin;
  const cache = await caches.open(keptCacheName(userId));
  const added: string[] = [];
  try {
    let loaded: LoadedLesson[];
    try {
      loaded = await loadLessons(keepable.map((l) => l.slug));
    } catch {
      throw new KeepError("network");
    }
    state.done += keepable.length * answerWeight;
    report();

    // Each file once, with the signed URL its lesson's answer gave.
    const urlOf = new Map<string, string>();
    for (const l of loaded) for (const u of l.urls) urlOf.set(mediaPath(new URL(u, origin).pathname), u);
    const queue = manifest.files.slice();
    const worker = async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        if (signal?.aborted) throw new KeepError("failed");
        const cacheKey = keptKey(f.path, origin);
        // Already on the device: in the pupil's kept cache, or in the class tablet's shared one.
        if ((await cache.match(cacheKey)) || (await matchKept(cacheKey, origin))) {
          state.done += f.bytes;
          report();
          continue;
        }
        if (forClass) throw new KeepError("failed");
        const url = urlOf.get(f.path);
        if (!url) throw new KeepError("failed");
        let got = 0;
        try {
          await download(url, cache, cacheKey, (n) => {
            got += n;
            state.done += n;
            report();
          }, signal);
        } catch (e) {
          throw e instanceof KeepError ? e : new KeepError("network");
        }
        added.push(f.path);
        state.done += f.bytes - got; // the manifest's size and the bytes received may differ a little
        report();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));

    const kept: KeptChapter = {
      subject: manifest.subject,
      chapter: manifest.chapter,
      keptAt: Date.now(),
      bytes: manifest.bytes,
      lessons: Object.fromEntries(manifest.lessons.map((l) => [l.slug, l.availability])),
      files: manifest.files.map((f) => f.path),
      persisted,
      ...(forClass ? { forClass } : {}),
    };
    progress.delete(progressKey);
    writeRecord(userId, { ...readRecord(userId), [key]: kept });
    return kept;
  } catch (error) {
    const used = pathsInUse(userId, key);
    await Promise.all(added.filter((p) => !used.has(p)).map((p) => cache.delete(keptKey(p, origin)))).catch(() => undefined);
    progress.delete(progressKey);
    emit();
    throw error instanceof KeepError ? error : new KeepError("failed");
  }
}

/** Removes a kept chapter: its files (those no other kept chapter uses), then its record. */
export async function removeKeptChapter(userId: number, subject: string, chapter: string): Promise<void> {
  const key = chapterKey(subject, chapter);
  const kept = readRecord(userId)[key];
  if (!kept) return;
  const used = pathsInUse(userId, key);
  if (typeof caches !== "undefined") {
    const cache = await caches.open(keptCacheName(userId));
    await Promise.all(kept.files.filter((p) => !used.has(p)).map((p) => cache.delete(keptKey(p, self.location.origin))));
  }
  const next = { ...readRecord(userId) };
  delete next[key];
  writeRecord(userId, next);
}

/** Logout: everything this pupil kept goes — the files and the record. */
export async function wipeKept(userId: number): Promise<void> {
  for (const k of [...progress.keys()]) if (k.startsWith(`${userId}|`)) progress.delete(k);
  records.delete(userId);
  try {
    localStorage.removeItem(recordKey(userId));
  } catch {
    // nothing to remove
  }
  if (typeof caches !== "undefined") await caches.delete(keptCacheName(userId)).catch(() => false);
  emit();
}

/**
 * At start: kept files of anyone but the signed-in pupil go (a session that ended without a logout on this device),
 * and a record whose files the browser evicted is forgotten, so that nothing claims to be on the device when it is not.
 */
export async function pruneKept(userId: number): Promise<void> {
  try {
    for (const k of Object.keys(localStorage)) if (k.startsWith("darsi:kept:") && k !== recordKey(userId)) localStorage.removeItem(k);
  } catch {
    // storage unavailable: nothing was recorded either
  }
  if (typeof caches === "undefined") return;
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(KEPT_CACHE_PREFIX) && n !== keptCacheName(userId)).map((n) => caches.delete(n)));
  const record = readRecord(userId);
  if (Object.keys(record).length === 0) return;
  const next: Record_ = {};
  for (const [key, kept] of Object.entries(record)) {
    // In the pupil's kept cache or, for a class tablet's chapter, in the tablet's shared one.
    const present = await Promise.all(kept.files.map((p) => matchKept(keptKey(p, self.location.origin), self.location.origin).then(Boolean)));
    if (present.every(Boolean)) next[key] = kept;
  }
  if (Object.keys(next).length !== Object.keys(record).length) writeRecord(userId, next);
}

/**
 * A class tablet's kept chapters (issue 23 item 6), as the device holds them: which chapters the class keeps and which
 * of them are wholly downloaded into the tablet's shared cache (`classCacheName`). Here, in the module both features
 * already share (a module of its own would be one more chunk named in the entry's preload list); the tablet feature
 * writes it (its start screen downloads), the lessons feature reads it (each pupil's chapters become theirs offline).
 *
 * Stored in localStorage `darsi:class-chapters`: chapter ids, slugs, kinds, names, file paths and sizes — the class's
 * catalogue, nothing of any pupil — so the pupil switch leaves it, like the shared files.
 */
const CLASS_KEPT_KEY = "darsi:class-chapters";

export interface ClassKeptRecord {
  tabletId: number;
  /** The class's chapters as last read from the server (`GET /tablet/chapters`), in order. */
  chapters: TabletChapterDto[];
  /** The ids of the chapters whose every file is in the shared cache. */
  downloaded: number[];
  /** When the list was last read from the server (ms). */
  checkedAt: number;
}

export function readClassKept(tabletId: number): ClassKeptRecord | null {
  try {
    const raw = localStorage.getItem(CLASS_KEPT_KEY);
    const r = raw ? (JSON.parse(raw) as ClassKeptRecord) : null;
    return r && r.tabletId === tabletId && Array.isArray(r.chapters) && Array.isArray(r.downloaded) ? r : null;
  } catch {
    return null;
  }
}

export function writeClassKept(record: ClassKeptRecord | null): void {
  try {
    if (record) localStorage.setItem(CLASS_KEPT_KEY, JSON.stringify(record));
    else localStorage.removeItem(CLASS_KEPT_KEY);
  } catch {
    // storage full: the list is read again at the next refresh
  }
}

/** The class's chapters wholly on this tablet: what each pupil signing in gets as theirs offline. */
export function downloadedClassChapters(tabletId: number): TabletChapterDto[] {
  const r = readClassKept(tabletId);
  if (!r) return [];
  const done = new Set(r.downloaded);
  return r.chapters.filter((c) => done.has(c.id));
}
