/**
 * The local-directory store: `<root>/<key>` (root = `DATA_DIR/uploads`, or a temporary directory of this process for an
 * in-memory database). Right for one machine — several processes on it share the directory; several machines need the
 * S3 store. A write goes to `<root>/.tmp/` first and is renamed over its key, so no reader sees it half written.
 * Signed links are paths under `/api/files/` carrying an expiry and an HMAC of the key with the server's secret.
 */
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { hmac, safeEqualHex } from "../../lib/crypto";
import { assertKey, assertPrefix, type FileStore, type SignedLinkOptions } from "../../lib/storage";

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "ENOTDIR";

const linkPayload = (key: string, expires: number, contentType: string, disposition: string) => `file|${key}|${expires}|${contentType}|${disposition}`;

/** Whether a local signed link's query (`expires`, `ct`, `cd`, `signature`) is the server's and still good at `now`. */
export function verifyLocalLink(secret: string, key: string, query: Record<string, string | undefined>, now: Date): boolean {
  const expires = Number(query.expires);
  if (!Number.isInteger(expires) || expires * 1000 < now.getTime() || !query.signature) return false;
  return safeEqualHex(hmac(secret, linkPayload(key, expires, query.ct ?? "", query.cd ?? "")), query.signature);
}

export function createLocalStore(root: string, secret: string, now: () => Date = () => new Date()): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(base, assertKey(key));
    if (!full.startsWith(base + sep)) throw new Error("storage key outside the uploads root");
    return full;
  };

  async function walk(dir: string, into: Array<{ key: string; size: number }>): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (missing(err)) return;
      throw err;
    }
    for (const e of entries) {
      if (e.name.startsWith(".")) continue;
      const full = join(dir, e.name);
      if (e.isDirectory()) await walk(full, into);
      else if (e.isFile()) into.push({ key: relative(base, full).split(sep).join("/"), size: (await stat(full)).size });
    }
  }

  return {
    kind: "local",
    async put(key, bytes) {
      const full = pathOf(key);
      const temporary = join(base, ".tmp", randomUUID());
      await mkdir(dirname(temporary), { recursive: true });
      await mkdir(dirname(full), { recursive: true });
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, full);
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async get(key) {
      const full = pathOf(key);
      try {
        if (!(await stat(full)).isFile()) return null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      return Readable.toWeb(createReadStream(full)) as ReadableStream<Uint8Array>;
    },
    async head(key) {
      try {
        const s = await stat(pathOf(key));
        return s.isFile() ? { size: s.size } : null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      assertPrefix(prefix);
      const lastSlash = prefix.lastIndexOf("/");
      const dir = lastSlash < 0 ? base : join(base, prefix.slice(0, lastSlash));
      const found: Array<{ key: string; size: number }> = [];
      await walk(dir, found);
      return found.filter((f) => f.key.startsWith(prefix)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async signedUrl(key, options: SignedLinkOptions) {
      assertKey(key);
      const expires = Math.floor(now().getTime() / 1000) + options.expiresInSeconds;
      const ct = options.contentType ?? "";
      const cd = options.disposition ?? "";
      const query = new URLSearchParams({ expires: String(expires), ...(ct ? { ct } : {}), ...(cd ? { cd } : {}), signature: hmac(secret, linkPayload(key, expires, ct, cd)) });
      return `/api/files/${key}?${query.toString()}`;
    },
  };
}
