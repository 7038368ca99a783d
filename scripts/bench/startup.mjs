// Time from `npm start` to the first `GET /health` 200, with dist/ and dist-server/ already built (the caller builds
// them first): a fresh DATA_DIR (PGlite created, migrated and seeded) and a restart on the same DATA_DIR. For comparison,
// the same restart with the sources compiled at start (`node --import tsx server/main.ts`, how `npm start` ran before
// the bundle).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts `cmd args` in its own process group; resolves with the ms until /health answered 200, then stops it. */
async function timeToHealth(root, cmd, args, env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(cmd, args, { cwd: root, env: { ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  let exited = false;
  child.once("exit", () => (exited = true));
  try {
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline && !exited) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status === 200, () => false);
      if (ok) return Math.round(performance.now() - started);
      await sleep(20);
    }
    throw new Error(exited ? `${cmd} ${args.join(" ")} exited before /health answered` : "no /health within 180 s");
  } finally {
    if (!exited) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([gone, sleep(10_000)]);
      if (!exited) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
  }
}

export async function measureStartup({ root, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), "darsi-bench-start-"));
  const env = {
    ...process.env,
    // Not "production": it refuses the demo accounts the bench signs in with (and wants every real provider).
    NODE_ENV: "test",
    JWT_SECRET: randomBytes(32).toString("hex"),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // What is built is what is measured (the caller built it): a source edited meanwhile must not start a build.
    START_SKIP_BUILD: "1",
  };
  delete env.DATABASE_URL;
  try {
    const firstMs = await timeToHealth(root, "npm", ["start", "--silent"], env);
    log(`npm start → /health 200: ${firstMs} ms (fresh DATA_DIR: migrations and seed)`);
    const restartMs = await timeToHealth(root, "npm", ["start", "--silent"], env);
    log(`npm start → /health 200: ${restartMs} ms (restart on the same DATA_DIR)`);
    const tsxMs = await timeToHealth(root, process.execPath, ["--import", "tsx", "server/main.ts"], env);
    log(`node --import tsx server/main.ts → /health 200: ${tsxMs} ms (restart, sources compiled at start)`);
    return { firstMs, restartMs, tsxRestartMs: tsxMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
