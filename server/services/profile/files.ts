import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MIME_OF_KIND, SNIFF_BYTES, sniffKind } from "../../../domain/files";
import type { SniffedKind } from "../../../domain/profile";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError } from "../../lib/errors";
import { uploadsRoot } from "../../lib/uploads";

/** Where the profile's uploads live: `<uploads root>/<area>/<key>` (keys are random, never a user's file name). */
const dirOf = (deps: Pick<Deps, "env">, area: "avatars" | "marksheets") => join(uploadsRoot(deps.env), area);

/**
 * The one file field `field` of a multipart request. The body was counted against the route's `upload.maxBytes`
 * while it arrived (server/app.ts), so at most that many bytes are held here. A request that is not a form, or a form
 * without the file, is a 422 on the field.
 */
export async function readUpload(req: Request, field: string): Promise<{ bytes: Uint8Array; name: string; form: FormData }> {
  let form: FormData;
  try {
    form = await req.formData();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof AppError) throw cause;
    throw fieldError(422, field, "file_required");
  }
  const file = form.get(field);
  if (!file || typeof file === "string" || file.size === 0) throw fieldError(422, field, "file_required");
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    name: file.name || "file",
    form,
  };
}

/** The kind of the bytes by their magic numbers, if it is one of `allowed`; else 422 `file_type_invalid`. */
export function checkKind(bytes: Uint8Array, allowed: readonly SniffedKind[], field: string): { kind: SniffedKind; mime: string } {
  const kind = sniffKind(bytes.subarray(0, SNIFF_BYTES));
  if (!kind || !(allowed as readonly string[]).includes(kind)) throw fieldError(422, field, "file_type_invalid");
  return { kind: kind as SniffedKind, mime: MIME_OF_KIND[kind] };
}

export async function storeFile(deps: Pick<Deps, "env">, area: "avatars" | "marksheets", bytes: Uint8Array, ext: string): Promise<string> {
  const dir = dirOf(deps, area);
  await mkdir(dir, { recursive: true });
  const key = `${randomUUID()}.${ext}`;
  await writeFile(join(dir, key), bytes, { flag: "wx" });
  return key;
}

const SAFE_KEY = /^[0-9a-f-]{36}\.(pdf|jpeg|png|webp)$/;

export async function readStored(deps: Pick<Deps, "env">, area: "avatars" | "marksheets", key: string): Promise<Uint8Array | null> {
  if (!SAFE_KEY.test(key)) return null;
  try {
    return await readFile(join(dirOf(deps, area), key));
  } catch {
    return null;
  }
}

export async function removeStored(deps: Pick<Deps, "env">, area: "avatars" | "marksheets", key: string | null): Promise<void> {
  if (!key || !SAFE_KEY.test(key)) return;
  await rm(join(dirOf(deps, area), key), { force: true });
}

/** A stored file as an HTTP answer: private, never sniffed by the browser, shown inline. */
export function fileResponse(bytes: Uint8Array, mime: string, filename: string): Response {
  return new Response(bytes as unknown as ConstructorParameters<typeof Response>[0], {
    status: 200,
    headers: {
      "Content-Type": mime,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
    },
  });
}
