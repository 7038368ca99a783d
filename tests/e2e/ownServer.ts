import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { expect } from "@playwright/test";
import { DEMO_PASSWORD } from "./helpers";

/**
 * A server of the spec's own, on its own port and DATA_DIR with the same build (dist/), so that a spec can really stop
 * it and start it again on the same database (DESIGN §6: context.setOffline does not cut service-worker fetches).
 */
export function ownServer(port: number, dataDir: string) {
  const base = `http://localhost:${port}`;
  let server: ChildProcess | null = null;

  async function start(): Promise<void> {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, BOT_CHECK: "off", RATE_LIMIT_FACTOR: "1000", LOG_LEVEL: "warn" };
    delete env.DATABASE_URL;
    delete env.NODE_ENV;
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env, stdio: "inherit" });
    server = child;
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
          return (await fetch(`${base}/health`).catch(() => null))?.ok ?? false;
        },
        { timeout: 120_000, intervals: [250] },
      )
      .toBe(true);
  }

  async function stop(): Promise<void> {
    const child = server;
    server = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
    await expect.poll(async () => (await fetch(`${base}/health`).catch(() => null)) === null).toBe(true);
  }

  /** Starts it on an empty DATA_DIR (seeded on start), for a spec's beforeAll. */
  async function startFresh(): Promise<void> {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    await start();
  }

  /** Stops it and deletes its DATA_DIR, for a spec's afterAll. */
  async function dispose(): Promise<void> {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  async function login(username: string): Promise<{ token: string; expires_at: string }> {
    const res = await fetch(`${base}/api/auth/login_check`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    });
    return (await res.json()).payload;
  }

  async function get<T>(path: string, token: string): Promise<T> {
    const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return (await res.json()).payload as T;
  }

  return { base, start, stop, startFresh, dispose, login, get };
}
