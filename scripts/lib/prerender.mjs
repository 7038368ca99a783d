// The public static pages rendered to HTML at build time (issue 22, item 8): /login and /register, in French and signed
// out, with the app's own components (src/app/prerender.tsx, loaded by Vite's module runner with the app's config).
// Written to dist/prerender/<page>.html: dist/index.html with the page inside `#root`. The server sends them for those
// two paths only (server/app.ts); the browser paints the form before the code arrives, and the app's first render
// (src/app/main.tsx) replaces it. For a visitor the page does not fit (another language, a session on the device), it is
// hidden before the first paint: public/boot.js sets `<html data-prerender-off>`, the style below hides the page's
// wrapper (the app's own render, which replaces the wrapper, is not hidden).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transform } from "esbuild";
import { criticalCss } from "./critical-css.mjs";

/** Path → file name under dist/prerender/ (and the title the page sets once running). */
const PRERENDERED = [
  { path: "/login", file: "login.html", title: "Connexion · Darsi" },
  { path: "/register", file: "register.html", title: "Créer un compte · Darsi" },
];

const HIDE_STYLE = "html[data-prerender-off] [data-prerendered]{display:none}";

/** The inline script's hash as the Content-Security-Policy names it (`'sha256-…'`). */
const cspHash = (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * dist/index.html with `body` inside #root (no script from the render; its fields read-only), its title set, and nothing
 * to wait for before the first paint (issue 22, item 8):
 * - boot.js inline (`bootJs`, minified), allowed by the server's CSP through its hash (dist/prerender/csp.json);
 * - the CSS the page needs inline (scripts/lib/critical-css.mjs); the whole stylesheet is named in
 *   `<meta name="darsi-css">` and loaded by boot.js after the first paint (with a `<noscript>` link for a browser
 *   without JavaScript);
 * - the entry's module scripts named in `<meta name="darsi-start">`: boot.js fetches them after the first paint and
 *   runs them once the stylesheet is in (run at once, Chromium evaluated the entry chunk before painting the page;
 *   fetched at once, its 140 kB shared the connection with the page itself).
 */
function withPage(indexHtml, body, title, bootJs, css) {
  // Fields read-only and buttons disabled until the app's render replaces them: what is typed before would be lost with
  // the static page, and a button of it (the language switcher's) does nothing yet — a tap on it waits for the app's.
  const clean = body
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<(input|textarea)\b/gi, '<$1 readonly=""')
    // The password's visibility toggle is left enabled: Mantine hides a disabled one, and the field would move at the
    // app's render (a tap on it changes nothing that could be lost).
    .replace(/<button\b(?![^>]*\sdisabled)(?![^>]*PasswordInput-visibilityToggle)/gi, '<button disabled=""');
  if (!indexHtml.includes('<div id="root"></div>')) throw new Error("prerender: no empty #root in dist/index.html");
  const entries = [];
  const sheets = [];
  const html = indexHtml
    .replace(/\s*<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/g, (_, src) => {
      entries.push(src);
      return "";
    })
    // The entry's static imports (Vite's modulepreloads): fetched by boot.js with the entry.
    .replace(/\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g, (_, src) => {
      if (!entries.includes(src)) entries.unshift(src);
      return "";
    })
    .replace(/\s*<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g, (_, href) => {
      sheets.push(href);
      return "";
    });
  if (!entries.length) throw new Error("prerender: no entry script in dist/index.html");
  if (!sheets.length) throw new Error("prerender: no stylesheet in dist/index.html");
  if (!html.includes('<script src="/boot.js"></script>')) throw new Error("prerender: no boot.js in dist/index.html");
  const page = html
    // Light until boot.js applies the stored or system scheme (Mantine's colours hang on this attribute).
    .replace('<html lang="fr" dir="ltr">', '<html lang="fr" dir="ltr" data-mantine-color-scheme="light">')
    .replace("<title>Darsi</title>", `<title>${title}</title>`)
    .replace('<div id="root"></div>', `<div id="root"><div data-prerendered="">${clean}</div></div>`);
  const { css: critical, kept, dropped } = criticalCss(css, page);
  const head = [
    `<meta name="darsi-start" content="${entries.join(" ")}" />`,
    `<meta name="darsi-css" content="${sheets.join(" ")}" />`,
    `<script>${bootJs}</script>`,
    `<style>${critical}${HIDE_STYLE}</style>`,
    `<noscript>${sheets.map((href) => `<link rel="stylesheet" href="${href}">`).join("")}</noscript>`,
  ].join("\n    ");
  return { html: page.replace('<script src="/boot.js"></script>', head), kept, dropped };
}

/** A memory localStorage for the render (signed out, no stored language), restored afterwards. */
function withMemoryStorage() {
  const had = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
  const store = new Map();
  Object.defineProperty(globalThis, "localStorage", {
    configurable: true,
    value: {
      getItem: (k) => (store.has(k) ? store.get(k) : null),
      setItem: (k, v) => void store.set(k, String(v)),
      removeItem: (k) => void store.delete(k),
      clear: () => store.clear(),
      key: (i) => [...store.keys()][i] ?? null,
      get length() {
        return store.size;
      },
    },
  });
  return () => {
    if (had) Object.defineProperty(globalThis, "localStorage", had);
    else delete globalThis.localStorage;
  };
}

/** Vite plugin: after the client build, renders the pages into dist/prerender/. */
export function prerenderPages() {
  let root = process.cwd();
  let outDir = "dist";
  return {
    name: "darsi-prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const { createServer } = await import("vite");
      const dist = join(root, outDir);
      const indexHtml = readFileSync(join(dist, "index.html"), "utf8");
      const sheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/.exec(indexHtml);
      if (!sheet) throw new Error("prerender: no stylesheet in dist/index.html");
      // The entry's stylesheet, then the lazy chunks' (the form's components may be styled by one, e.g. SimpleGrid in
      // the shell's): only the rules that match an element of the page are inlined, whichever file holds them.
      const lazySheets = readdirSync(join(dist, "assets"))
        .filter((f) => f.endsWith(".css") && `assets/${f}` !== sheet[1])
        .sort()
        .map((f) => `assets/${f}`);
      const css = [sheet[1], ...lazySheets].map((f) => readFileSync(join(dist, f), "utf8")).join("\n");
      // public/boot.js as index.html runs it, minified (no comment, no line break to hash differently).
      const bootJs = (await transform(readFileSync(join(dist, "boot.js"), "utf8"), { minify: true, target: "es2017" })).code.trim();
      if (/<\/script/i.test(bootJs)) throw new Error("prerender: boot.js cannot be inlined");
      const restore = withMemoryStorage();
      const server = await createServer({
        root,
        configFile: join(root, "vite.config.ts"),
        logLevel: "warn",
        appType: "custom",
        server: { middlewareMode: true, hmr: false, watch: null, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderPage } = await server.ssrLoadModule("/src/app/prerender.tsx");
        mkdirSync(join(dist, "prerender"), { recursive: true });
        for (const page of PRERENDERED) {
          const { html, kept, dropped } = withPage(indexHtml, await renderPage(page.path), page.title, bootJs, css);
          writeFileSync(join(dist, "prerender", page.file), html);
          this.info?.(`${page.path}: ${kept} CSS rules inline, ${dropped} left to the stylesheet`);
        }
        // The server's Content-Security-Policy for these pages allows their one inline script by this hash (server/app.ts).
        writeFileSync(join(dist, "prerender", "csp.json"), `${JSON.stringify({ scriptHashes: [cspHash(bootJs)] }, null, 2)}\n`);
      } finally {
        await server.close();
        restore();
      }
    },
  };
}
