import type { Context } from "hono";
import type { FileAnswer } from "../../services/exams/exams";
import { GENERATED_PREFIX, generatedBytes } from "../../services/exams/pdf";
import { readStream } from "../../services/exams/storage";
import type { Deps } from "../../lib/deps";

/**
 * A stored exam file as the answer: its own type, inline (the PDF preview frames it: same-origin framing allowed for
 * this answer only), never sniffed, private to the browser's cache.
 */
export function serveFile(c: Context, deps: Deps, f: FileAnswer): Response {
  const safeName = f.name.replace(/[^\w.\- ]+/g, "_");
  c.header("Content-Type", f.mime);
  c.header("Content-Length", String(f.size));
  c.header("Content-Disposition", `${c.req.query("download") === "1" ? "attachment" : "inline"}; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(f.name)}`);
  c.header("Cache-Control", "private, no-store");
  c.header("X-Frame-Options", "SAMEORIGIN");
  // An SVG or a PDF opened directly runs nothing of ours and reaches nothing: no scripts, same-origin framing only.
  c.header("Content-Security-Policy", "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'");
  if (f.storageKey.startsWith(GENERATED_PREFIX)) return c.body(generatedBytes(f.storageKey) as Uint8Array<ArrayBuffer>);
  return c.body(readStream(deps.env, f.storageKey));
}
