// The production server bundle: server/main.ts and what it imports of server/ and domain/, bundled by esbuild into
// dist-server/main.mjs (ESM, Node 20, packages left to node_modules), with the SQL migrations copied beside it
// (server/db/client.ts finds them next to itself: `new URL("./migrations", import.meta.url)`). `npm start` and the bench
// run it with plain `node`: no TypeScript compiled at start. `npm run dev` and the tests keep running the sources (tsx).
//
// Rebuilt when dist-server/main.mjs is missing or older than any file under server/ or domain/, tsconfig.base.json,
// package-lock.json or this script (a build takes about a second).
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { newest } from "./build-if-needed.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SERVER_OUT_DIR = join(ROOT, "dist-server");
export const SERVER_ENTRY = join(SERVER_OUT_DIR, "main.mjs");

const INPUTS = ["server", "domain", "tsconfig.base.json", "package-lock.json", "scripts/lib/build-server.mjs"];

/** Why the bundle must be rebuilt, or null when it is up to date. */
function serverStaleReason(root = ROOT) {
  const entry = join(root, "dist-server", "main.mjs");
  if (!existsSync(entry)) return "dist-server/main.mjs is missing";
  const built = statSync(entry).mtimeMs;
  let best = { mtime: 0, path: "" };
  for (const input of INPUTS) best = newest(join(root, input), best);
  return best.mtime > built ? `${relative(root, best.path)} is newer than dist-server/main.mjs` : null;
}

/** Bundles the server (esbuild's JS API); resolves to { built, reason }. */
export async function buildServerIfNeeded({ root = ROOT, force = false, log = (m) => console.error(m) } = {}) {
  const reason = force ? "forced" : serverStaleReason(root);
  if (!reason) {
    log("[build] dist-server/ is up to date");
    return { built: false, reason: null };
  }
  const started = Date.now();
  const { build } = await import("esbuild");
  const outDir = join(root, "dist-server");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [join(root, "server", "main.ts")],
    outfile: join(outDir, "main.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "warning",
    tsconfig: join(root, "server", "tsconfig.json"),
  });
  cpSync(join(root, "server", "db", "migrations"), join(outDir, "migrations"), { recursive: true });
  log(`[build] ${reason}: server bundled into dist-server/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { built: true, reason };
}
