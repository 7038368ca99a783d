// Shared by start.mjs, bench.mjs and e2e-server.mjs: rebuild dist/ only when it is missing or stale.
//
// dist/ is stale when dist/index.html or dist/.build-id is missing, or when any input is newer than dist/index.html.
// Inputs: every file and folder (a folder's mtime changes when a file in it is added, removed or renamed) under
// src/, public/, domain/, service-worker/, plus index.html, vite.config.ts, lingui.config.ts, package-lock.json.
// Test files count too (cheap and simple: a rebuild is never wrong, a stale build is).
//
// dist/.build-id marks a build completed by our scripts (written here after `vite build`, and by size-budget.mjs
// after `npm run build`): a dist/ left by an interrupted or foreign build is rebuilt.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const INPUT_DIRS = ["src", "public", "domain", "service-worker"];
const INPUT_FILES = ["index.html", "vite.config.ts", "lingui.config.ts", "package-lock.json"];

/** The newest mtime (ms) under a path, with the path that has it. */
export function newest(path, best = { mtime: 0, path: "" }) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return best;
  }
  if (st.mtimeMs > best.mtime) best = { mtime: st.mtimeMs, path };
  if (st.isDirectory()) {
    for (const entry of readdirSync(path)) {
      if (entry === "node_modules" || entry === ".git") continue;
      best = newest(join(path, entry), best);
    }
  }
  return best;
}

/** Why dist/ must be rebuilt, or null when it is up to date. */
function staleReason(root = ROOT) {
  const dist = join(root, "dist");
  const index = join(dist, "index.html");
  if (!existsSync(index)) return "dist/index.html is missing";
  if (!existsSync(join(dist, ".build-id"))) return "dist/.build-id is missing";
  const built = statSync(index).mtimeMs;
  let best = { mtime: 0, path: "" };
  for (const d of INPUT_DIRS) best = newest(join(root, d), best);
  for (const f of INPUT_FILES) best = newest(join(root, f), best);
  if (best.mtime > built) return `${relative(root, best.path)} is newer than dist/index.html`;
  return null;
}

/** Writes dist/.build-id: a digest of dist/index.html (which names every hashed entry asset). */
export function markBuilt(root = ROOT) {
  const dist = join(root, "dist");
  const digest = createHash("sha256").update(readFileSync(join(dist, "index.html"))).digest("hex").slice(0, 16);
  writeFileSync(join(dist, ".build-id"), `${digest}\n`);
  return digest;
}

/** Runs a command with inherited stdio; resolves with its exit code. */
function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", cwd: ROOT, ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Builds with `npx vite build` when dist/ is stale. Resolves to { built, reason }; rejects when the build fails.
 * `log` receives one-line progress messages (default: stderr, so stdout stays clean for reports).
 */
export async function buildIfNeeded({ root = ROOT, force = false, log = (m) => console.error(m) } = {}) {
  const reason = force ? "forced" : staleReason(root);
  if (!reason) {
    log("[build] dist/ is up to date");
    return { built: false, reason: null };
  }
  log(`[build] ${reason}: running vite build`);
  const started = Date.now();
  // Always a production build, whatever NODE_ENV the server is started with (vite.config.ts forces it too).
  const code = await run("npx", ["--no-install", "vite", "build"], { cwd: root, env: { ...process.env, NODE_ENV: "production" } });
  if (code !== 0) throw new Error(`vite build failed (exit ${code})`);
  markBuilt(root);
  log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { built: true, reason };
}
