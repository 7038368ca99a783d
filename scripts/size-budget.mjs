#!/usr/bin/env node
// Size budget of the /login route, run by `npm run build` after `vite build`.
//
// What /login loads, computed from the build output alone (no Vite manifest needed):
//   1. dist/index.html: the entry <script type="module" src>, every <link rel="modulepreload"> and every
//      <link rel="stylesheet">;
//   2. the static imports of those chunks, recursively: `import … from "./x.js"`, `import "./x.js"` and
//      `export … from "./x.js"` (minified forms too). Dynamic `import("./x.js")` is NOT followed: it is what
//      code splitting defers;
//   3. HEURISTIC — the route's lazy chunk(s): TanStack Router's autoCodeSplitting puts a route's component in a chunk
//      named after its route file, and the router loads it as soon as /login matches. So every JS/CSS asset whose file
//      name starts with `login` (routes/_public/login.tsx → assets/login-<hash>.js) is counted too, with its static
//      imports — and so is the lazy chunk of its pathless layout route (routes/_public.tsx → assets/_public-<hash>.js),
//      which the router loads alongside. If those route files are renamed or moved, change LOGIN_PREFIXES.
//      The file name must continue with "-" or "." after the prefix: `login_.$provider.callback.tsx` is another route.
//      (Shared chunks get the name of their main module, so an unrelated chunk sharing a prefix would be over-counted:
//      the error is on the safe side.)
// Sizes are gzip at zlib's default level 6 (what the server's compress middleware sends), in bytes; budgets in KiB.
//
// Writes dist/size-report.json { login: { js, css, files: [...] }, budgets } and exits 1 over budget.
// bench.mjs imports measureRoute() to measure other routes.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { basename, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { ROOT, markBuilt } from "./lib/build-if-needed.mjs";

export const KIB = 1024;
// homeJs: the signed-in home's first load (issue 8: 250 kB so that the code stays ordinary), measured by the bench.
export const BUDGETS = { loginJs: 160 * KIB, loginCss: 15 * KIB, homeJs: 250 * KIB };
// `botcheck.worker`: the invisible bot check starts when the sign-in form shows.
export const LOGIN_PREFIXES = ["login", "_public", "botcheck.worker"];

/** Attributes of one HTML start tag, lower-cased names. */
function attributes(tag) {
  const attrs = {};
  for (const m of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  }
  return attrs;
}

/** The entry scripts, modulepreloads and stylesheets named in index.html (as URL paths). */
export function parseIndexHtml(html) {
  const scripts = [];
  const preloads = [];
  const styles = [];
  for (const m of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const a = attributes(m[2]);
    if (m[1].toLowerCase() === "script") {
      if (a.src && a.type === "module") scripts.push(a.src);
      continue;
    }
    const rel = (a.rel ?? "").toLowerCase().split(/\s+/);
    if (!a.href) continue;
    if (rel.includes("modulepreload")) preloads.push(a.href);
    else if (rel.includes("stylesheet")) styles.push(a.href);
  }
  return { scripts, preloads, styles };
}

/** Static import specifiers of a built ES module (relative ones only; dynamic import() is skipped). */
export function staticImports(code) {
  const found = new Set();
  // `from"./x.js"` ends every static `import … from` and `export … from`; a dynamic import never has `from`.
  for (const m of code.matchAll(/\bfrom\s*(["'])(\.{1,2}\/[^"'\n]+?)\1/g)) found.add(m[2]);
  // Side-effect imports: `import"./x.js"` / `import './x.js'` (but not `import("./x.js")`).
  for (const m of code.matchAll(/(?:^|[^\w$.])import\s*(["'])(\.{1,2}\/[^"'\n]+?)\1/g)) found.add(m[2]);
  return [...found];
}

/** dist-relative path ("assets/x.js") of a URL path ("/assets/x.js") or of a specifier relative to an importer. */
function resolveAsset(spec, importer) {
  const clean = spec.split(/[?#]/)[0];
  if (/^[a-z]+:\/\//i.test(clean)) return null; // absolute URL: not ours
  const p = clean.startsWith("/") ? clean : posix.join(posix.dirname("/" + importer), clean);
  return posix.normalize(p).replace(/^\/+/, "");
}

function listAssets(distDir) {
  const dir = join(distDir, "assets");
  return existsSync(dir) ? readdirSync(dir).map((f) => `assets/${f}`) : [];
}

/**
 * Everything a route loads: entry, modulepreloads and stylesheets of index.html, the assets whose file name starts
 * with one of `prefixes` (the route's lazy chunks), and all their static imports. Returns gzip totals and the files.
 */
export function measureRoute(distDir, { prefixes = LOGIN_PREFIXES } = {}) {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const { scripts, preloads, styles } = parseIndexHtml(html);
  const files = new Map(); // dist-relative path → { via }
  const queue = [];
  const add = (path, via) => {
    if (!path || files.has(path)) return;
    if (!existsSync(join(distDir, path))) {
      console.warn(`[size] ${via}: ${path} not found in dist/`);
      return;
    }
    files.set(path, { via });
    if (path.endsWith(".js") || path.endsWith(".mjs")) queue.push(path);
  };
  for (const s of scripts) add(resolveAsset(s, "index.html"), "entry");
  for (const s of preloads) add(resolveAsset(s, "index.html"), "modulepreload");
  for (const s of styles) add(resolveAsset(s, "index.html"), "stylesheet");
  for (const asset of listAssets(distDir)) {
    const name = basename(asset);
    // The prefix is the whole route file name: "login-<hash>.js" is /login's chunk, "login_._provider.callback-…" is
    // another route's (/login/$provider/callback), which /login never loads.
    const prefix = /\.(m?js|css)$/.test(name) ? prefixes.find((p) => name.startsWith(p) && /^[-.]/.test(name.slice(p.length))) : undefined;
    if (prefix) add(asset, `route chunk (${prefix}*)`);
  }
  while (queue.length) {
    const chunk = queue.shift();
    const code = readFileSync(join(distDir, chunk), "utf8");
    for (const spec of staticImports(code)) add(resolveAsset(spec, chunk), `import from ${basename(chunk)}`);
  }
  const list = [...files].map(([file, { via }]) => {
    const buf = readFileSync(join(distDir, file));
    return { file, type: file.endsWith(".css") ? "css" : "js", bytes: buf.length, gzip: gzipSync(buf).length, via };
  });
  list.sort((a, b) => (a.type === b.type ? b.gzip - a.gzip : a.type === "js" ? -1 : 1));
  const sum = (type) => list.filter((f) => f.type === type).reduce((n, f) => n + f.gzip, 0);
  return { js: sum("js"), css: sum("css"), files: list };
}

export const kb = (bytes) => `${(bytes / KIB).toFixed(1)} kB`;

/** A plain-text table of a measureRoute() result. */
export function formatTable(title, m) {
  const rows = m.files.map((f) => [f.file, f.type, kb(f.bytes), kb(f.gzip), f.via]);
  const head = ["file", "type", "raw", "gzip", "loaded as"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  return [title, line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

function main() {
  const dist = join(ROOT, "dist");
  if (!existsSync(join(dist, "index.html"))) {
    console.error("[size] dist/index.html is missing: run `vite build` first");
    process.exit(1);
  }
  const login = measureRoute(dist);
  writeFileSync(
    join(dist, "size-report.json"),
    JSON.stringify({ login, budgets: { loginJsGzip: BUDGETS.loginJs, loginCssGzip: BUDGETS.loginCss } }, null, 2) + "\n",
  );
  // `npm run build` is a complete build: mark it so start/bench/e2e do not rebuild it.
  markBuilt(ROOT);

  console.log("\n" + formatTable("Size of /login (gzip)", login) + "\n");
  const jsOk = login.js <= BUDGETS.loginJs;
  const cssOk = login.css <= BUDGETS.loginCss;
  console.log(`JS  ${kb(login.js).padStart(9)} / ${kb(BUDGETS.loginJs)}  ${jsOk ? "ok" : "OVER BUDGET"}`);
  console.log(`CSS ${kb(login.css).padStart(9)} / ${kb(BUDGETS.loginCss)}  ${cssOk ? "ok" : "OVER BUDGET"}`);
  console.log("(written to dist/size-report.json)");
  if (!jsOk || !cssOk) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
