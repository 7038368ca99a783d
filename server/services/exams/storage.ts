/**
 * Exam files in the file store (server/lib/storage.ts): `exams/<exam>/<user>/<uuid>` for homework,
 * `exams/<exam>/documents/<id>.pdf` for documents. A resumable upload keeps each chunk as a part of its own,
 * `<key>.parts/<offset>`, written by whichever process received it; the last chunk's process joins the parts into the
 * file. Which parts count is the database's `received` (services/exams/uploads.ts), never a process's memory.
 */
import type { FileStore } from "../../lib/storage";
import { readAll } from "../../lib/storage";

const partsPrefix = (storageKey: string) => `${storageKey}.parts/`;

/** The part that holds the bytes from `offset` (offsets padded, so that the keys sort in order). */
export const partKey = (storageKey: string, offset: number) => `${partsPrefix(storageKey)}${String(offset).padStart(12, "0")}`;

/**
 * Reads a chunk's body, at most `max` bytes; answers the bytes that arrived (all of them, or those before the stream
 * failed: a dropped connection keeps what it delivered) and the stream's error if any. `onFirstBytes` sees the first
 * 16 bytes (or fewer when the chunk is shorter) before anything is kept, and throws to refuse the content.
 */
export async function collectChunk(
  body: ReadableStream<Uint8Array> | null,
  max: number,
  onFirstBytes?: (head: Uint8Array) => void,
): Promise<{ bytes: Uint8Array; error: unknown }> {
  const pieces: Uint8Array[] = [];
  let received = 0;
  let error: unknown = null;
  let checked = !onFirstBytes;
  const joined = () => {
    const all = new Uint8Array(received);
    let at = 0;
    for (const p of pieces) {
      all.set(p, at);
      at += p.byteLength;
    }
    return all;
  };
  if (body) {
    const reader = body.getReader();
    try {
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
        if (received + bytes.byteLength > max) bytes = bytes.subarray(0, max - received);
        pieces.push(bytes);
        received += bytes.byteLength;
        if (!checked && (received >= 16 || received >= max)) {
          checked = true;
          onFirstBytes!(joined().subarray(0, 16));
        }
        if (received >= max) break;
      }
    } finally {
      reader.releaseLock();
    }
  }
  if (!checked && received > 0 && !error) onFirstBytes!(joined());
  return { bytes: joined(), error };
}

/**
 * The upload's file from its parts, following the chain of offsets from 0 to `size` (a part left by a write whose
 * commit failed sits off the chain, or was written again over the same key by the retry); null when the chain is broken.
 */
export async function joinParts(files: FileStore, storageKey: string, size: number): Promise<Uint8Array | null> {
  const parts = new Map((await files.list(partsPrefix(storageKey))).map((p) => [Number(p.key.slice(-12)), p]));
  const all = new Uint8Array(size);
  let at = 0;
  while (at < size) {
    const part = parts.get(at);
    if (!part || part.size === 0 || at + part.size > size) return null;
    const bytes = await readAll(files, part.key);
    if (!bytes || bytes.byteLength !== part.size) return null;
    all.set(bytes, at);
    at += bytes.byteLength;
  }
  return all;
}

/** Removes the parts of an upload. */
export async function removeParts(files: FileStore, storageKey: string): Promise<void> {
  for (const p of await files.list(partsPrefix(storageKey))) await files.delete(p.key);
}

/** Removes an upload's file and its parts, whichever exist. */
export async function removeUploadObjects(files: FileStore, storageKey: string): Promise<void> {
  await removeParts(files, storageKey);
  await files.delete(storageKey);
}
