#!/usr/bin/env node
// `npm run dev`: the API under `tsx watch` on :3000 and Vite on :5173 (which proxies /api, /svc and /health to :3000),
// side by side, each line prefixed with [api] or [web]. Ctrl-C (or either process exiting) stops both.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { ROOT } from "./lib/build-if-needed.mjs";

const tty = process.stdout.isTTY;
const paint = (code, s) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
const apiPort = process.env.API_PORT || "3000";

// The local sign-in provider (issue 21), in this process: the API is told where it is through SOCIAL_SANDBOX.
const apiEnv = { PORT: apiPort };
{
  const env = { ...process.env };
  const { startSandboxFor } = await import("./lib/social-sandbox.mjs");
  await startSandboxFor(env, (line) => console.error(`[dev] ${line}`));
  if (env.SOCIAL_SANDBOX) apiEnv.SOCIAL_SANDBOX = env.SOCIAL_SANDBOX;
}

const procs = [
  {
    name: "api",
    color: 36,
    cmd: "npx",
    args: ["--no-install", "tsx", "watch", "--clear-screen=false", "server/main.ts"],
    env: apiEnv,
  },
  {
    name: "web",
    color: 35,
    cmd: "npx",
    args: ["--no-install", "vite", "--port", "5173", "--strictPort"],
    env: { API_URL: process.env.API_URL || `http://localhost:${apiPort}` },
  },
];

let stopping = false;
let exitCode = 0;

function prefixLines(stream, prefix, out) {
  createInterface({ input: stream }).on("line", (line) => out.write(`${prefix} ${line}\n`));
}

for (const p of procs) {
  const prefix = paint(p.color, `[${p.name}]`);
  // Own process group (detached) so that stopping kills npx and everything under it.
  p.child = spawn(p.cmd, p.args, {
    cwd: ROOT,
    env: { ...process.env, ...(tty ? { FORCE_COLOR: "1" } : {}), ...p.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  prefixLines(p.child.stdout, prefix, process.stdout);
  prefixLines(p.child.stderr, prefix, process.stderr);
  p.child.on("error", (error) => {
    console.error(`${prefix} failed to start: ${error.message}`);
    stop(1);
  });
  p.child.on("exit", (code, signal) => {
    p.exited = true;
    if (!stopping) console.error(`${prefix} exited (${signal ?? code}); stopping the other process`);
    stop(code ?? 1);
  });
}

function killGroup(p, signal) {
  // The group may outlive its leader (npx), so it is signalled even after the leader exited.
  if (!p.child?.pid) return;
  try {
    process.kill(-p.child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stop(code = 0) {
  if (!stopping) {
    stopping = true;
    exitCode = code;
    for (const p of procs) killGroup(p, "SIGTERM");
    // Escalate if something ignores SIGTERM.
    setTimeout(() => {
      for (const p of procs) killGroup(p, "SIGKILL");
      process.exit(exitCode);
    }, 5000).unref();
  }
  if (procs.every((p) => p.exited)) process.exit(exitCode);
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
process.on("SIGHUP", () => stop(0));
process.on("exit", () => {
  for (const p of procs) killGroup(p, "SIGKILL");
});
