// The public static pages rendered to HTML at build time (issue 22, item 8): /login and /register, in French and signed
// out, with the app's own components (src/app/prerender.tsx, loaded by Vite's module runner with the app's config).
// Written to dist/prerender/<page>.html: dist/index.html with the page inside `#root`. The server sends them for those
// two paths only (server/app.ts); the browser paints the form before the code arrives, and the app's first render
// (src/app/main.tsx) replaces it. For a visitor the page does not fit (another language, a session on the device), it is
// hidden before the first paint: public/boot.js sets `<html data-prerender-off>`, the style below hides the page's
// wrapper (the app's own render, which replaces the wrapper, is not hidden).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Path → file name under dist/prerender/ (and the title the page sets once running). */
const PRERENDERED = [
  { path: "/login", file: "login.html", title: "Connexion · Darsi" },
  { path: "/register", file: "register.html", title: "Créer un compte · Darsi" },
];

const HIDE_STYLE = "<style>html[data-prerender-off] [data-prerendered]{display:none}</style>";

/**
 * dist/index.html with `body` inside #root (no script from the render: the CSP runs none inline; its fields read-only),
 * its title set. The entry's module scripts become modulepreloads (fetched at once, as before) that public/boot.js runs
 * after the first paint (listed in `<meta name="darsi-start">`): run at once, they would hold the page's first paint
 * back until the entry chunk has been evaluated, which is what the prerendered page is there to avoid.
 */
function withPage(indexHtml, body, title) {
  // Fields read-only until the app's render replaces them: what is typed before would be lost with the static page.
  const clean = body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<(input|textarea)\b/gi, '<$1 readonly=""');
  if (!indexHtml.includes('<div id="root"></div>')) throw new Error("prerender: no empty #root in dist/index.html");
  const entries = [];
  const html = indexHtml.replace(/<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/g, (_, src) => {
    entries.push(src);
    return `<link rel="modulepreload" crossorigin href="${src}">`;
  });
  if (!entries.length) throw new Error("prerender: no entry script in dist/index.html");
  return html
    // Light until boot.js applies the stored or system scheme (Mantine's colours hang on this attribute).
    .replace('<html lang="fr" dir="ltr">', '<html lang="fr" dir="ltr" data-mantine-color-scheme="light">')
    .replace('<script src="/boot.js"></script>', `<meta name="darsi-start" content="${entries.join(" ")}" />\n    <script src="/boot.js"></script>`)
    .replace("<title>Darsi</title>", `<title>${title}</title>`)
    .replace("</head>", `  ${HIDE_STYLE}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root"><div data-prerendered="">${clean}</div></div>`);
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
          const html = withPage(indexHtml, await renderPage(page.path), page.title);
          writeFileSync(join(dist, "prerender", page.file), html);
        }
      } finally {
        await server.close();
        restore();
      }
    },
  };
}
