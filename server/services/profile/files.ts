import { randomUUID } from "node:crypto";
import { MIME_OF_KIND, SNIFF_BYTES, sniffKind } from "../../../domain/files";
import type { SniffedKind } from "../../../domain/profile";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError } from "../../lib/errors";
import { readAll } from "../../lib/storage";

/** The profile's uploads live in the file store (server/lib/storage.ts) as `<area>/<key>` (keys are random, never a user's file name). */
type Area = "avatars" | "marksheets";

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

export async function storeFile(deps: Pick<Deps, "files">, area: Area, bytes: Uint8Array, ext: string): Promise<string> {
  const key = `${randomUUID()}.${ext}`;
  await deps.files.put(`${area}/${key}`, bytes);
  return key;
}

const SAFE_KEY = /^[0-9a-f-]{36}\.(pdf|jpeg|png|webp)$/;

export async function readStored(deps: Pick<Deps, "files">, area: Area, key: string): Promise<Uint8Array | null> {
  if (!SAFE_KEY.test(key)) return null;
  return readAll(deps.files, `${area}/${key}`);
}

export async function removeStored(deps: Pick<Deps, "files">, area: Area, key: string | null): Promise<void> {
  if (!key || !SAFE_KEY.test(key)) return;
  await deps.files.delete(`${area}/${key}`);
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
