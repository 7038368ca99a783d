import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Context, Hono } from "hono";

/**
 * `/api/docs`: the API reference rendered by Scalar (`@scalar/api-reference`, its standalone browser bundle) from
 * `/api/openapi.json`. Everything is served by this server — the page, the bundle (from node_modules, under a path
 * holding its version, cached for good) and the few lines that start it (a file: the Content-Security-Policy runs no
 * inline script) — so the reference works offline and behind the app's own policy, with no CDN.
 */
const BUNDLE_FILE = createRequire(import.meta.url).resolve("@scalar/api-reference/browser/standalone.js");
/** The package's version (its package.json is not among its exports: read beside `dist/browser/`). */
const SCALAR_VERSION = (JSON.parse(readFileSync(join(dirname(BUNDLE_FILE), "../../package.json"), "utf8")) as { version: string }).version;
const DOCS_BUNDLE_PATH = `/api/docs/scalar-${SCALAR_VERSION}.js`;
const DOCS_INIT_PATH = "/api/docs/init.js";

/**
 * Scalar's settings: our document, and nothing from scalar.com — no proxy, no telemetry, and the system's fonts (its
 * Inter and mono faces, declared by its stylesheets, are then never used, so never fetched: the policy's font-src
 * would refuse them).
 */
const INIT_SCRIPT = `Scalar.createApiReference("#docs", ${JSON.stringify({
  url: "/api/openapi.json",
  withDefaultFonts: false,
  customCss: ":root, .scalar-app, .scalar-api-reference { --scalar-font: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; --scalar-font-code: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; }",
  hideClientButton: false,
  telemetry: false,
  showDeveloperTools: "never",
  servers: [{ url: "/api", description: "This server" }],
})});\n`;

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Darsi API</title></head><body><noscript>The API reference needs JavaScript; the document itself is <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<div id="docs"></div><script src="${DOCS_BUNDLE_PATH}"></script><script src="${DOCS_INIT_PATH}"></script></body></html>`;

/** The bundle (3 MB) and its gzip, read and compressed once, at the first request for it. */
let bundle: { raw: Buffer; gz: Buffer } | undefined;
function loadBundle(): { raw: Buffer; gz: Buffer } {
  if (!bundle) {
    const raw = readFileSync(BUNDLE_FILE);
    bundle = { raw, gz: gzipSync(raw, { level: 9 }) };
  }
  return bundle;
}

const acceptsGzip = (c: Context) => /\bgzip\b/i.test(c.req.header("accept-encoding") ?? "");

export function mountApiDocs(app: Hono): void {
  app.get("/api/docs", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(PAGE);
  });
  app.get(DOCS_BUNDLE_PATH, (c) => {
    const { raw, gz } = loadBundle();
    c.header("Content-Type", "text/javascript; charset=utf-8");
    // The path changes with the version: the bundle at this one never does.
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    if (acceptsGzip(c)) {
      c.header("Content-Encoding", "gzip");
      return c.body(new Uint8Array(gz));
    }
    return c.body(new Uint8Array(raw));
  });
  app.get(DOCS_INIT_PATH, (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "no-cache");
    return c.body(INIT_SCRIPT);
  });
}
