import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, URL } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
import { LINGUI_BABEL_PLUGINS } from "./scripts/lib/lingui-source-messages.mjs";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { VitePWA } from "vite-plugin-pwa";
import { prerenderPages } from "./scripts/lib/prerender.mjs";

/** Writes .br and .gz beside each text asset, so the server sends them without compressing per request. */
function precompress(): Plugin {
  return {
    name: "darsi-precompress",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      for (const [fileName, item] of Object.entries(bundle)) {
        if (!/\.(js|css|svg|webmanifest)$/.test(fileName)) continue;
        const source = item.type === "chunk" ? item.code : item.source;
        const buf = Buffer.from(source);
        if (buf.length < 1024) continue;
        writeFileSync(join(dir, `${fileName}.br`), brotliCompressSync(buf, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(join(dir, `${fileName}.gz`), gzipSync(buf, { level: 9 }));
      }
    },
  };
}

/**
 * The PWA is always a production build, whatever NODE_ENV the shell (or the server that runs `npm start`) has: Vite
 * builds a development bundle (React's dev build, no working service worker) when NODE_ENV=development is set. Runs
 * in the `config` hook, before Vite reads NODE_ENV to decide `isProduction` (and `import.meta.env.DEV`).
 */
function productionBuild(): Plugin {
  return {
    name: "darsi-production-build",
    enforce: "pre",
    config(_config, { command }) {
      if (command === "build") process.env.NODE_ENV = "production";
    },
  };
}

/** Roots of the `shell` chunk (their static imports come along): the layout, the home and subject lists, and the shell's
 * own code — not the subject page or the bookmarks, which stay lazy so that the home's first load stays in budget. */
const SHELL_ROUTES = /[\\/]src[\\/]routes[\\/]_auth(\.tsx|[\\/](index|subjects|courses)\.tsx)\?tsr-split/;
const SIGNED_IN_SHELL = (id: string) => SHELL_ROUTES.test(id) || /[\\/]src[\\/]app[\\/]shell[\\/]/.test(id);
/** Lazy modules a signed-in start needs before its first render, preloaded with the shell: the query cache's persister. */
const SIGNED_IN_FIRST = /[\\/]src[\\/]lib[\\/]offline[\\/]queryPersister\.ts$/;

/**
 * Fewer, earlier chunks for a signed-in start: the code of the signed-in shell (the authenticated layout and the list
 * pages: home and subjects, with the chunks they import and the shell's own lazy parts)
 * is named in a `<meta name="darsi-signed-in">` of index.html; `public/boot.js` turns it into `<link rel="modulepreload">`
 * when a session is on the device, so that those chunks are fetched and compiled while the entry chunk is evaluated,
 * instead of one after the other once the router has matched. The sign-in page loads none of it.
 */
function signedInPreload(): Plugin {
  const ROUTES = SHELL_ROUTES;
  // Lazy parts of the shell worth having at once; heavy or rare ones (lesson viewer, quiz, other languages, the outbox's
  // database, the operator's unsubscribe dialog) and what loads after the first screen anyway (the push client,
  // src/lib/push; the home's gift slider, once the pupil scrolls to it; the lite mode's menu part and data counter; a class
  // tablet's vault, which needs the outbox's database) load when needed.
  const NOT_PRELOADED = /^(Activity|LessonViewer|QuizPlayer|catalog-|sync-|keep|Modal|WelcomeModal|SearchCombobox|Combobox|Select|notifications|LazyNotifications|Notifications|MessagesMenu|PopupDialog|UnsubscribeDialog|push-|GiftSlider|GiftCard|getGifts|referral|LiteMenuSection|dataUsage|vault|store)/;
  return {
    name: "darsi-signed-in-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = new Map(Object.values(bundle).filter((c) => c.type === "chunk").map((c) => [c.fileName, c]));
        const entry = [...chunks.values()].find((c) => c.isEntry);
        const initial = new Set<string>();
        const addInitial = (file: string) => {
          if (initial.has(file)) return;
          initial.add(file);
          for (const i of chunks.get(file)?.imports ?? []) addInitial(i);
        };
        if (entry) addInitial(entry.fileName);
        const wanted = new Set<string>();
        const add = (file: string, lazyDepth: number) => {
          const chunk = chunks.get(file);
          if (!chunk || wanted.has(file) || initial.has(file)) return;
          const base = file.replace(/^assets\//, "");
          if (NOT_PRELOADED.test(base)) return;
          wanted.add(file);
          for (const i of chunk.imports) add(i, lazyDepth);
          if (lazyDepth > 0) for (const d of chunk.dynamicImports) add(d, lazyDepth - 1);
        };
        for (const chunk of chunks.values()) {
          if (chunk.moduleIds.some((id) => ROUTES.test(id))) add(chunk.fileName, chunk.moduleIds.some((id) => /[\\/]_auth\.tsx\?tsr-split/.test(id)) ? 1 : 0);
          else if (chunk.moduleIds.some((id) => SIGNED_IN_FIRST.test(id))) add(chunk.fileName, 0);
        }
        const list = [...wanted].map((f) => `/${f}`).join(" ");
        // Before boot.js, which reads it.
        return html.replace('<script src="/boot.js"></script>', `<meta name="darsi-signed-in" content="${list}" />\n    <script src="/boot.js"></script>`);
      },
    },
  };
}

const apiTarget = process.env.API_URL ?? "http://localhost:3000";

// Every build gets its own id (`import.meta.env.VITE_BUILD_ID`): answers kept on the device by another build are
// dropped (their shape may have changed). A deployment may pin it (e.g. the commit) with VITE_BUILD_ID.
process.env.VITE_BUILD_ID ??= Date.now().toString(36);

export default defineConfig({
  resolve: {
    alias: {
      "@domain": fileURLToPath(new URL("./domain", import.meta.url)),
      "@": fileURLToPath(new URL("./src", import.meta.url)),
    },
  },
  plugins: [
    productionBuild(),
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "src/routes",
      generatedRouteTree: "src/routeTree.gen.ts",
      codeSplittingOptions: {
        // The sign-in page is what most first visits show: it ships in the initial chunk, no extra round trip.
        splitBehavior: ({ routeId }) => (routeId === "/_public" || routeId === "/_public/login" ? [] : undefined),
      },
    }),
    react(),
    babel({ plugins: LINGUI_BABEL_PLUGINS }),
    lingui(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "service-worker",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,woff2,webmanifest}"],
        // pdf-lib's worker (exam homework, 176 kB gzip) loads on that screen only: never precached for every pupil.
        globIgnores: ["**/icons/maskable-*.png", "**/assets/mergeImages.worker-*.js"],
      },
      devOptions: { enabled: false },
    }),
    signedInPreload(),
    precompress(),
    // /login and /register as HTML (after the bundle: the pages take dist/index.html as their template).
    prerenderPages(),
  ],
  build: {
    target: "es2022",
    sourcemap: process.env.SOURCEMAP ? "hidden" : false,
    cssCodeSplit: true,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      // valibot is imported as `v` everywhere: its calls build schemas and do nothing else, so a DTO schema of
      // `domain/` that a page never reads is dropped from its bundle (the annotations of valibot's own functions are
      // lost when the call sits in another chunk than valibot).
      treeshake: { manualPureFunctions: ["v"] },
      output: {
        codeSplitting: {
          // Everything the first screen needs in one file: one request and better compression on a slow
          // phone than thirty small modulepreloads. Route screens stay in their own lazy chunks.
          groups: [
            { name: "app", tags: ["$initial"], priority: 2 },
            // A signed-in start: the shell and the list pages (with what they import that the entry does not) in one
            // file, preloaded by boot.js, instead of some sixty small chunks read one after the other's parse.
            { name: "shell", test: SIGNED_IN_SHELL, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": apiTarget,
      "/svc": { target: apiTarget, ws: true },
      "/health": apiTarget,
      // The payment sandbox's pages (server/adapters/payments/sandbox-pages.ts).
      "/sandbox": apiTarget,
    },
  },
  preview: { port: 4173 },
});
