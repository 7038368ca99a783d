/**
 * An opened exam's subject files on the device (issue 22): once the pupil opens an exam whose documents are open to
 * them, each document is downloaded once into their kept cache (`darsi-kept-<userId>`, under its path without the
 * signature, like the kept chapters' files), while the site's storage has room for it (the same check as keeping a
 * chapter: `checkStorage`, the browser's quota with a 10 % margin). The service worker answers these paths from there
 * when the network fails (`service-worker/keptMedia.ts`). The logout wipe deletes that cache with everything else.
 */
import { checkStorage } from "./keep";
import { keptCacheName, keptKey } from "./keptCache";

export interface ExamFileToKeep {
  /** The signed link of the file, as the exam's answer gives it (null while the document is not open). */
  url: string | null;
  /** Bytes, as the exam's answer says. */
  size: number;
}

const running = new Set<string>();

/**
 * Keeps the files not kept yet; stops at the first that does not fit or fails (it is tried again at the next opening).
 * Returns how many files were added.
 */
export async function keepExamFiles(userId: number, files: readonly ExamFileToKeep[]): Promise<number> {
  if (typeof caches === "undefined") return 0;
  const origin = self.location.origin;
  const cache = await caches.open(keptCacheName(userId));
  let added = 0;
  for (const file of files) {
    if (!file.url) continue;
    const key = keptKey(file.url, origin);
    if (running.has(key) || (await cache.match(key))) continue;
    const room = await checkStorage(file.size);
    if (!room.supported || !room.enough) break;
    running.add(key);
    try {
      const res = await fetch(file.url, { credentials: "same-origin" });
      if (!res.ok) break;
      const body = await res.blob();
      const headers = new Headers({ "Content-Type": res.headers.get("Content-Type") ?? "application/octet-stream", "Content-Length": String(body.size) });
      await cache.put(key, new Response(body, { status: 200, headers }));
      added++;
    } catch {
      break;
    } finally {
      running.delete(key);
    }
  }
  return added;
}
