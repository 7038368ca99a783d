#!/usr/bin/env node
// The server Playwright starts (playwright.config.ts → webServer): builds dist/ if needed, then runs the real server on
// port 3100 (E2E_PORT) over a fresh, empty DATA_DIR (seeded with the demo data on start), with the real bot check
// (ALTCHA: the browser solves the proof of work), rate limits relaxed ×1000 and LOG_LEVEL=warn. NODE_ENV is left to
// its development default and DEV_OUTBOX=true, so that the tests read verification codes at GET /api/dev/outbox.
// The DATA_DIR is deleted again when Playwright stops the server (SIGTERM).
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, buildIfNeeded } from "./lib/build-if-needed.mjs";

const port = process.env.E2E_PORT || "3100";
const dataDir = process.env.E2E_DATA_DIR || join(tmpdir(), `darsi-e2e-${port}`);

try {
  await buildIfNeeded();
} catch (error) {
  console.error(`[e2e-server] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  RATE_LIMIT_FACTOR: "1000",
  BOT_CHECK: "altcha",
  LOG_LEVEL: process.env.E2E_LOG_LEVEL || "warn",
  DEV_OUTBOX: "true",
};
delete env.DATABASE_URL; // the embedded database: each run starts from the same seeded state
delete env.NODE_ENV;
// The local sign-in provider (issue 21) on a free port, for tests/e2e/social.spec.ts.
delete env.SOCIAL_SANDBOX;
const { startSandboxFor } = await import("./lib/social-sandbox.mjs");
await startSandboxFor(env, (line) => console.error(`[e2e-server] ${line}`));

console.error(`[e2e-server] http://localhost:${port} (DATA_DIR ${dataDir})`);
const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: ROOT, env, stdio: "inherit" });

let cleaned = false;
function clean() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on("error", (error) => {
  console.error(`[e2e-server] could not start the server: ${error.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  clean();
  process.exit(code ?? (signal ? 1 : 0));
});
