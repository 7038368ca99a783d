/**
 * The one place uploaded files live, for every server process (issue 24 item 2): homework, exam documents made on
 * first read, report cards, profile photos. Two implementations (server/adapters/storage): a local directory
 * (`DATA_DIR/uploads`, the default: right for one machine) and any S3-compatible object store (`STORAGE=s3`: AWS S3,
 * MinIO, Garage, R2). Keys are paths the server made (`exams/<exam>/<user>/<uuid>`, `avatars/<uuid>.png`…), never a
 * name a pupil chose; `assertKey` refuses anything else before it reaches a disk or a bucket.
 */

interface StoredHead {
  size: number;
}

export interface SignedLinkOptions {
  /** Seconds the link is good for (short: minutes). */
  expiresInSeconds: number;
  /** The Content-Type the answer carries. */
  contentType?: string;
  /** The Content-Disposition the answer carries (`inline; filename="…"`). */
  disposition?: string;
}

export interface FileStore {
  readonly kind: "local" | "s3";
  /** Writes the whole object at once: no reader ever sees it half written. */
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  /** The object as a web stream, or null when there is none. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** The object's size, or null when there is none. */
  head(key: string): Promise<StoredHead | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, sorted by key. */
  list(prefix: string): Promise<Array<{ key: string; size: number }>>;
  /** A short-lived link that reads the object without a session (S3: a presigned GET; local: an HMAC-signed path). */
  signedUrl(key: string, options: SignedLinkOptions): Promise<string>;
}

const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** A key the server made: relative, no `.` or `..` segment, no hidden name, nothing but letters, digits and `._-/`. */
export function assertKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.length > 512) throw new Error(`storage key refused: ${JSON.stringify(key)}`);
  return key;
}

/** A prefix of keys (`exams/1/2/`, `avatars/`…): the same rules, and it may end with `/`. */
export function assertPrefix(prefix: string): string {
  const bare = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  if (bare !== "") assertKey(bare);
  return prefix;
}

/** The whole object in memory (small files only: photos, report cards, homework under its size limit), or null. */
export async function readAll(store: FileStore, key: string): Promise<Uint8Array | null> {
  const stream = await store.get(key);
  if (!stream) return null;
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
