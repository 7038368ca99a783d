/**
 * Where the files of chapters kept for offline study live (React-free: the page writes, the service worker reads).
 *
 * One Cache Storage cache per pupil, `darsi-kept-<userId>`, deleted by the logout wipe. A file is stored under its
 * `/media/…` path WITHOUT the signature (`otp`, `playbackInfo`): signatures are bound to a session and expire, the
 * kept copy is found whatever signature the page asks with. The service worker answers `/media/…` from these
 * caches first (ranges too, for videos), and only then goes to the network.
 */

export const KEPT_CACHE_PREFIX = "darsi-kept-";

/**
 * A class tablet's shared chapters (issue 23 item 6): `darsi-class-<tabletId>`, the media of the chapters its class
 * keeps, downloaded once with the tablet's credential and shared by every pupil of the class. It holds lesson files
 * only (no answer of any pupil, no token), so the pupil switch leaves it: the logout wipe deletes `darsi-kept-*` and
 * `darsi-images*`, never this prefix. Stored like a pupil's kept files (path without signature), found the same way.
 */
export const CLASS_CACHE_PREFIX = "darsi-class-";
export const classCacheName = (tabletId: number) => `${CLASS_CACHE_PREFIX}${tabletId}`;

/**
 * An exam's subject document (`/api/student/content-exam/{exam}/documents/{doc}`, signed): kept in the same cache once
 * the pupil opened the exam (`src/lib/offline/examFiles.ts`), answered by the worker from it when the network fails.
 */
const EXAM_DOCUMENT_PATH = /^\/api\/student\/content-exam\/\d+\/documents\/\d+$/;

export const isExamDocument = (url: URL): boolean => EXAM_DOCUMENT_PATH.test(url.pathname);

export const keptCacheName = (userId: number) => `${KEPT_CACHE_PREFIX}${userId}`;

/** The cache key of a /media URL (absolute or a path): its origin and path, never its query. */
export function keptKey(url: string, origin: string): string {
  const u = new URL(url, origin);
  return `${u.origin}${u.pathname}`;
}

/**
 * A kept file for this URL, from the pupil's kept cache (logout deletes a pupil's; start-up prunes others') or the
 * class tablet's shared one.
 */
export async function matchKept(url: string, origin: string): Promise<Response | undefined> {
  if (typeof caches === "undefined") return undefined;
  const names = (await caches.keys()).filter((n) => n.startsWith(KEPT_CACHE_PREFIX) || n.startsWith(CLASS_CACHE_PREFIX));
  const key = keptKey(url, origin);
  for (const name of names) {
    const hit = await (await caches.open(name)).match(key);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The part of a kept (complete, 200) answer that a `Range: bytes=…` request asks for, as a 206 — what a video
 * element needs to play and seek. A range it cannot satisfy answers 416; no Range header, the whole answer.
 */
export async function answerRange(rangeHeader: string | null, whole: Response): Promise<Response> {
  if (!rangeHeader) return whole;
  const m = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader.trim());
  const blob = await whole.blob();
  const size = blob.size;
  let start: number;
  let end: number;
  if (!m || (m[1] === "" && m[2] === "")) return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
  const part = blob.slice(start, end + 1);
  const headers = new Headers(whole.headers);
  headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  headers.set("Content-Length", String(part.size));
  headers.set("Accept-Ranges", "bytes");
  return new Response(part, { status: 206, statusText: "Partial Content", headers });
}
