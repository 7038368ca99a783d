/**
 * Where exam files live: `<uploads root>/exams/…` (server/lib/uploads.ts). Keys are relative paths the server made (never a name a pupil chose), so a key cannot leave the root.
 */
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { open, rm, stat, writeFile } from "node:fs/promises";
import { dirname, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { Env } from "../../env";
import { uploadsRoot } from "../../lib/uploads";

export function pathOf(env: Pick<Env, "DATA_DIR">, key: string): string {
  const root = uploadsRoot(env);
  const full = resolve(root, key);
  if (!full.startsWith(root + sep)) throw new Error("storage key outside the uploads root");
  return full;
}

export async function putFile(env: Pick<Env, "DATA_DIR">, key: string, bytes: Uint8Array): Promise<void> {
  const full = pathOf(env, key);
  mkdirSync(dirname(full), { recursive: true });
  await writeFile(full, bytes);
}

/** Creates the empty file of an upload. */
export async function createEmpty(env: Pick<Env, "DATA_DIR">, key: string): Promise<void> {
  await putFile(env, key, new Uint8Array());
}

/**
 * Writes a stream into the file at `offset`, as it arrives; answers how many bytes reached the disk (all of them, or
 * those before the stream failed: a dropped connection keeps what it delivered) and the stream's error if any.
 */
export async function writeAt(
  env: Pick<Env, "DATA_DIR">,
  key: string,
  offset: number,
  body: ReadableStream<Uint8Array> | null,
  max: number,
  onFirstBytes?: (head: Uint8Array) => void,
): Promise<{ written: number; error: unknown }> {
  const handle = await open(pathOf(env, key), "r+");
  let written = 0;
  let error: unknown = null;
  let head: Uint8Array | null = onFirstBytes ? new Uint8Array(0) : null;
  try {
    if (body) {
      const reader = body.getReader();
      for (;;) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (err) {
          error = err;
          break;
        }
        if (chunk.done) break;
        let bytes = chunk.value;
        if (written + bytes.byteLength > max) bytes = bytes.subarray(0, max - written);
        if (head && onFirstBytes) {
          const merged = new Uint8Array(head.byteLength + bytes.byteLength);
          merged.set(head);
          merged.set(bytes, head.byteLength);
          head = merged;
          if (head.byteLength >= 16 || written + bytes.byteLength >= max) {
            onFirstBytes(head); // throws to refuse the content before it is written
            head = null;
          }
        }
        await handle.write(bytes, 0, bytes.byteLength, offset + written);
        written += bytes.byteLength;
        if (written >= max) break;
      }
      if (head && onFirstBytes && head.byteLength > 0 && !error) onFirstBytes(head);
    }
  } finally {
    await handle.close();
  }
  return { written, error };
}

export async function readHead(env: Pick<Env, "DATA_DIR">, key: string, n: number): Promise<Uint8Array> {
  const handle = await open(pathOf(env, key), "r");
  try {
    const buf = new Uint8Array(n);
    const { bytesRead } = await handle.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function truncateTo(env: Pick<Env, "DATA_DIR">, key: string, size: number): Promise<void> {
  const handle = await open(pathOf(env, key), "r+");
  try {
    await handle.truncate(size);
  } finally {
    await handle.close();
  }
}

export async function removeFile(env: Pick<Env, "DATA_DIR">, key: string): Promise<void> {
  await rm(pathOf(env, key), { force: true });
}

export async function fileSize(env: Pick<Env, "DATA_DIR">, key: string): Promise<number | null> {
  try {
    return (await stat(pathOf(env, key))).size;
  } catch {
    return null;
  }
}

/** A web stream of the file (for a Response body). */
export function readStream(env: Pick<Env, "DATA_DIR">, key: string): ReadableStream<Uint8Array> {
  return Readable.toWeb(createReadStream(pathOf(env, key))) as ReadableStream<Uint8Array>;
}

export function writeStream(env: Pick<Env, "DATA_DIR">, key: string) {
  const full = pathOf(env, key);
  mkdirSync(dirname(full), { recursive: true });
  return createWriteStream(full);
}
