import type { Context } from "hono";
import type { FileAnswer } from "../../services/exams/exams";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";

/** How long the object store's signed link to a file is good for: the time to start reading it, not to keep it. */
const FILE_LINK_SECONDS = 300;

/**
 * A stored exam file as the answer: its own type, inline (the PDF preview frames it: same-origin framing allowed for
 * this answer only), never sniffed, private to the browser's cache. On S3 the bytes do not pass through the API: once
 * the caller's access is checked, the answer is a redirect to a short-lived presigned link of the object, carrying the
 * same type and disposition (the bucket's origin is in the app's CSP).
 */
export async function serveFile(c: Context, deps: Deps, f: FileAnswer): Promise<Response> {
  const safeName = f.name.replace(/[^\w.\- ]+/g, "_");
  const disposition = `${c.req.query("download") === "1" ? "attachment" : "inline"}; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(f.name)}`;
  c.header("Cache-Control", "private, no-store");
  if (deps.files.kind === "s3") {
    if (!(await deps.files.head(f.storageKey))) throw notFound();
    return c.redirect(await deps.files.signedUrl(f.storageKey, { expiresInSeconds: FILE_LINK_SECONDS, contentType: f.mime, disposition }), 302);
  }
  // Read through the file store: whichever process (or machine) wrote it.
  const body = await deps.files.get(f.storageKey);
  if (!body) throw notFound();
  c.header("Content-Type", f.mime);
  c.header("Content-Length", String(f.size));
  c.header("Content-Disposition", disposition);
  c.header("X-Frame-Options", "SAMEORIGIN");
  // An SVG or a PDF opened directly runs nothing of ours and reaches nothing: no scripts, same-origin framing only.
  c.header("Content-Security-Policy", "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'");
  return c.body(body);
}
