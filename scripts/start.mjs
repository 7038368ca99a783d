#!/usr/bin/env node
// `npm start`: build the PWA when dist/ is missing or stale and the server bundle when dist-server/ is (esbuild, about a
// second: scripts/lib/build-server.mjs), then run the bundle with plain `node` (API + dist/) on PORT (3000). No
// TypeScript is compiled at start.
//
// NODE_ENV is passed through untouched: unset means the server's development defaults (JWT secret generated once in
// DATA_DIR), which is what a laptop demo wants. Set NODE_ENV=production (with JWT_SECRET) for a real deployment. The
// server serves dist/ in both cases, and dist/ is always a production build whatever NODE_ENV is.
//
// WORKERS=N (PostgreSQL only): the server started here is the cluster's primary and forks its own workers
// (server/cluster.ts); the signals forwarded below reach it, and it drains them before it exits.
//
// The demo turns the dev outbox on (DEV_OUTBOX=true: verification codes readable at GET /api/dev/outbox) and says so,
// unless NODE_ENV=production or DEV_OUTBOX is set explicitly. The server alone keeps it off unless asked.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { constants } from "node:os";
import { ROOT, buildIfNeeded } from "./lib/build-if-needed.mjs";
import { SERVER_ENTRY, buildServerIfNeeded } from "./lib/build-server.mjs";

// START_SKIP_BUILD=1: run what is built without looking for newer sources (a deployment that built in CI; the bench's
// start-time measure, which must not include a build triggered by someone editing the checkout meanwhile).
try {
  if (process.env.START_SKIP_BUILD === "1") {
    if (!existsSync(join(ROOT, "dist", "index.html")) || !existsSync(SERVER_ENTRY)) throw new Error("START_SKIP_BUILD=1 but dist/ or dist-server/ is not built");
  } else {
    await buildIfNeeded();
    await buildServerIfNeeded();
  }
} catch (error) {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const env = { ...process.env, PORT: process.env.PORT || "3000", DATA_DIR: process.env.DATA_DIR || "./.data" };
if (env.DEV_OUTBOX === undefined && env.NODE_ENV !== "production") {
  env.DEV_OUTBOX = "true";
  console.error(
    "[start] demo: dev outbox ON — every SMS/e-mail code is readable at GET /api/dev/outbox " +
      "(DEV_OUTBOX=false to turn it off; always off with NODE_ENV=production)",
  );
}
// The local sign-in provider (issue 21) lives in this process, beside the server it serves; never in production, where
// the server refuses SOCIAL_SANDBOX anyway. oauth2-mock-server is a dev dependency: only imported here.
if (env.NODE_ENV !== "production") {
  try {
    const { startSandboxFor } = await import("./lib/social-sandbox.mjs");
    await startSandboxFor(env, (line) => console.error(`[start] ${line}`));
  } catch (error) {
    console.error(`[start] the local sign-in provider did not start (${error instanceof Error ? error.message : String(error)}): no social buttons`);
    delete env.SOCIAL_SANDBOX;
  }
}
const child = spawn(process.execPath, ["--enable-source-maps", SERVER_ENTRY], { cwd: ROOT, env, stdio: "inherit" });

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on("error", (error) => {
  console.error(`[start] could not start the server: ${error.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
});
