/**
 * A class tablet's kept chapters (issue 23 item 6), as the device holds them: which chapters the class keeps and which
 * of them are wholly downloaded into the tablet's shared cache (`classCacheName`). React-free; the tablet feature
 * writes it (its start screen downloads), the lessons feature reads it (each pupil's chapters become theirs offline).
 *
 * Stored in localStorage `darsi:class-chapters`: chapter ids, slugs, kinds, names, file paths and sizes — the class's
 * catalogue, nothing of any pupil — so the pupil switch leaves it, like the shared files.
 */
import type { TabletChapterDto } from "@domain/tablet";

const KEY = "darsi:class-chapters";

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
    const raw = localStorage.getItem(KEY);
    const r = raw ? (JSON.parse(raw) as ClassKeptRecord) : null;
    return r && r.tabletId === tabletId && Array.isArray(r.chapters) && Array.isArray(r.downloaded) ? r : null;
  } catch {
    return null;
  }
}

export function writeClassKept(record: ClassKeptRecord | null): void {
  try {
    if (record) localStorage.setItem(KEY, JSON.stringify(record));
    else localStorage.removeItem(KEY);
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
