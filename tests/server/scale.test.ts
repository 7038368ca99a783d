/**
 * Several processes (issue 24, items 1 and 3), with real server processes (`server/main.ts` through tsx).
 *
 * - Everywhere: WORKERS is read and checked at boot; with the embedded PGlite more than one worker is refused, and a
 *   server started so exits at once with the message.
 * - On PostgreSQL (TEST_DATABASE=postgres, each test on a throw-away database of its own):
 *   - WORKERS=2: two worker processes answer on the one port (`/health` names the process outside production: the
 *     simplest proof that needs no extra route, and production never tells it); a worker killed is replaced while the
 *     port keeps answering; SIGTERM to the primary while a request is in flight (a client still sending its body) lets
 *     that request finish, then every worker and the primary exit 0.
 *   - Three server processes started at the same moment on an empty database: all healthy, each migration applied
 *     once, the seed written once (each demo account once, one "seeded demo accounts" log line across the three).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { freePort } from "./ports";
import { availableParallelism } from "node:os";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "../../server/env";
import { createThrowawayDatabase, DEMO_PASSWORD } from "./harness";

const ON_POSTGRES = process.env.TEST_DATABASE === "postgres";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PG_URL = "postgres://u@127.0.0.1:5432/darsi";

describe("WORKERS at boot", () => {
  it("is 1 by default, a number of processes, or auto (one per core)", () => {
    expect(loadEnv({}).WORKERS).toBe(1);
    expect(loadEnv({ WORKERS: "1" }).WORKERS).toBe(1);
    expect(loadEnv({ WORKERS: "4", DATABASE_URL: PG_URL }).WORKERS).toBe(4);
    expect(loadEnv({ WORKERS: "auto", DATABASE_URL: PG_URL }).WORKERS).toBe(availableParallelism());
    for (const bad of ["0", "-1", "two", "1.5", "auto2"]) expect(() => loadEnv({ WORKERS: bad, DATABASE_URL: PG_URL }), bad).toThrow(/WORKERS must be a whole number from 1, or auto/);
  });

  it("more than one worker on the embedded PGlite is refused, with what to do", () => {
    expect(() => loadEnv({ WORKERS: "2" })).toThrow(/WORKERS: 2 processes need PostgreSQL \(DATABASE_URL\): the embedded PGlite database belongs to one process/);
    if (availableParallelism() > 1) expect(() => loadEnv({ WORKERS: "auto" })).toThrow(/WORKERS: auto \(\d+ cores\) processes need PostgreSQL/);
  });

  it("a server started with WORKERS=2 on PGlite exits at once with the message, listening nowhere", async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), WORKERS: "2", DATA_DIR: `/tmp/darsi-scale-pglite-${port}` });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain("WORKERS: 2 processes need PostgreSQL (DATABASE_URL)");
    expect(await health(port)).toBeNull();
  }, 60_000);

  it("workers that keep dying at boot are replaced with a growing wait, not in a loop; SIGTERM still ends the primary with 0", async () => {
    const port = await freePort();
    // Nothing listens on port 1: every worker fails to open its database and exits at once.
    const server = startServer({ PORT: String(port), WORKERS: "2", DATABASE_URL: "postgres://darsi@127.0.0.1:1/darsi", DATA_DIR: `/tmp/darsi-scale-loop-${port}`, PG_CONNECT_TIMEOUT_MS: "500" });
    const waitsSoFar = () =>
      server
        .output()
        .split("\n")
        .filter((l) => l.includes("worker died: replacing it"))
        .map((l) => (JSON.parse(l) as { restart_in_ms: number }).restart_in_ms);
    // A worker takes seconds to boot on a loaded machine: wait for the third death rather than for a fixed time.
    const deadline = Date.now() + 60_000;
    while (waitsSoFar().length < 3 && Date.now() < deadline) await sleep(250);
    const waits = waitsSoFar();
    // Without the backoff, two workers dying within a second of their start would have been replaced dozens of times:
    // each replacement waits twice as long as the one before.
    expect(waits.length, server.output().slice(-2000)).toBeGreaterThanOrEqual(3);
    expect(waits.length).toBeLessThanOrEqual(8);
    expect(waits.slice(0, 4)).toEqual([1000, 2000, 4000, 8000].slice(0, Math.min(4, waits.length)));
    expect(server.child.exitCode).toBeNull();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 90_000);
});

// ---------------------------------------------------------------------------------------------------------------

interface Server {
  child: ChildProcess;
  /** Resolves with the exit code (128 + n for a signal). */
  exited: Promise<number>;
  output(): string;
}

const started: Server[] = [];
afterEach(async () => {
  // Whatever a failed test left running: its primary (and so its workers) are ended.
  for (const s of started.splice(0)) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      s.child.kill("SIGKILL");
      await s.exited;
    }
  }
});

function startServer(env: Record<string, string>): Server {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    JWT_SECRET: "scale-test-secret-0123456789abcdef0123456789",
    BOT_CHECK: "off",
    SEED_DEMO: "true",
    DEV_OUTBOX: "true",
    LOG_LEVEL: "info",
    PG_POOL_MAX: "4",
    ...env,
  };
  delete full.TEST_DATABASE;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env: full, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout!.on("data", (d: Buffer) => (text += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number>((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1))));
  const server = { child, exited, output: () => text };
  started.push(server);
  return server;
}

interface Health {
  status: number;
  pid?: number;
}

/** GET /health on a connection of its own (the primary hands each new connection to the next worker); null when nothing answers. */
function health(port: number): Promise<Health | null> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/health", agent: false, timeout: 5000 }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => {
        try {
          resolve({ status: res.statusCode ?? 0, pid: (JSON.parse(body) as { pid?: number }).pid });
        } catch {
          resolve({ status: res.statusCode ?? 0 });
        }
      });
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(null));
    req.end();
  });
}

async function untilHealthy(port: number, server: Server, within = 120_000): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output().slice(-3000)}`);
    if ((await health(port))?.status === 200) return;
    if (Date.now() - t0 > within) throw new Error(`not healthy within ${within} ms:\n${server.output().slice(-3000)}`);
    await sleep(200);
  }
}

/** The worker pids that answer /health, over `tries` fresh connections. */
async function answeringPids(port: number, tries: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < tries; i++) {
    const h = await health(port);
    if (h?.status === 200 && h.pid) pids.add(h.pid);
  }
  return pids;
}

/** POST /api/auth/login_check whose body is sent in pieces over `ms`: a request in flight that long. */
function slowLogin(port: number, ms: number): { firstSent: Promise<void>; answer: Promise<{ status: number; body: string }> } {
  let sent!: () => void;
  const firstSent = new Promise<void>((r) => (sent = r));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, method: "POST", path: "/api/auth/login_check", agent: false, headers: { "content-type": "application/json", "transfer-encoding": "chunked" } },
      (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    const json = JSON.stringify({ username: "eleve@darsi.tn", password: DEMO_PASSWORD });
    const pieces = 6;
    const size = Math.ceil(json.length / pieces);
    void (async () => {
      for (let i = 0; i < pieces; i++) {
        req.write(json.slice(i * size, (i + 1) * size));
        if (i === 0) sent();
        await sleep(ms / pieces);
      }
      req.end();
    })();
  });
  return { firstSent, answer };
}

if (ON_POSTGRES) {
  describe("WORKERS=2 on PostgreSQL: one port, two processes", () => {
    it("two workers answer; a killed worker is replaced while the port keeps answering; SIGTERM finishes the request in flight and exits 0", async () => {
      const db = await createThrowawayDatabase();
      try {
        const port = await freePort();
        const server = startServer({ PORT: String(port), WORKERS: "2", DATABASE_URL: db.url, DATA_DIR: `/tmp/darsi-scale-${port}` });
        await untilHealthy(port, server);
        const pids = new Set<number>();
        for (let round = 0; round < 50 && pids.size < 2; round++) {
          for (const p of await answeringPids(port, 10)) pids.add(p);
          if (pids.size < 2) await sleep(200);
        }
        expect(pids.size, "two distinct worker processes answer").toBe(2);
        expect(pids.has(server.child.pid!), "the primary serves no HTTP").toBe(false);

        // One worker killed: once the primary has seen it die (a connection handed to it at that very instant is lost
        // with it — node:cluster's limit, the client retries), the other answers every request, and a new worker
        // takes its place.
        const [victim, survivor] = [...pids] as [number, number];
        process.kill(victim, "SIGKILL");
        for (let i = 0; i < 100 && !server.output().includes("worker died: replacing it"); i++) await sleep(50);
        const during: Array<Health | null> = [];
        let replacement: number | undefined;
        const t0 = Date.now();
        while (!replacement && Date.now() - t0 < 30_000) {
          const h = await health(port);
          during.push(h);
          if (h?.pid && h.pid !== survivor && h.pid !== victim) replacement = h.pid;
          await sleep(50);
        }
        expect(replacement, `a new worker answers:\n${server.output().slice(-2000)}`).toBeDefined();
        expect(during.every((h) => h?.status === 200), `every request answered: ${JSON.stringify(during.map((h) => h?.pid ?? h?.status ?? null))}`).toBe(true);
        expect(during.some((h) => h?.pid === survivor)).toBe(true);
        expect(server.output()).toContain("worker died: replacing it");
        expect(server.child.exitCode).toBeNull();

        // A request in flight (its body still coming) when the primary is told to stop: it is answered, then all exit 0.
        const slow = slowLogin(port, 2000);
        await slow.firstSent;
        await sleep(200);
        server.child.kill("SIGTERM");
        const answer = await slow.answer;
        expect(answer.status, answer.body).toBe(200);
        expect(JSON.parse(answer.body).payload.token).toEqual(expect.any(String));
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain("all workers stopped");
        // Every worker is gone with it, and the port is free.
        for (const pid of [survivor, replacement!]) expect(() => process.kill(pid, 0), `worker ${pid} is gone`).toThrow();
        expect(await health(port)).toBeNull();
      } finally {
        await db.drop();
      }
    }, 240_000);
  });

  describe("three processes started at the same moment on an empty database", () => {
    it("all healthy, each migration applied once, the seed written once; one rate limit across them", async () => {
      const db = await createThrowawayDatabase();
      try {
        const ports = [await freePort(), await freePort(), await freePort()];
        const servers = ports.map((port) => startServer({ PORT: String(port), DATABASE_URL: db.url, DATA_DIR: `/tmp/darsi-scale-${port}` }));
        await Promise.all(ports.map((port, i) => untilHealthy(port, servers[i]!)));
        for (const port of ports) expect((await health(port))?.status).toBe(200);

        const journal = JSON.parse(readFileSync("server/db/migrations/meta/_journal.json", "utf8")) as { entries: Array<{ when: number }> };
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        try {
          const migrations = await client.query<{ created_at: string; n: string }>("select created_at, count(*) as n from drizzle.__drizzle_migrations group by created_at order by created_at");
          expect(migrations.rows.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e) => e.when));
          expect(migrations.rows.every((r) => Number(r.n) === 1)).toBe(true);
          const demo = await client.query<{ email: string; n: string }>(
            "select email, count(*) as n from users where email in ('eleve@darsi.tn', 'nouveau@darsi.tn') group by email order by email",
          );
          expect(demo.rows.map((r) => [r.email, Number(r.n)])).toEqual([["eleve@darsi.tn", 1], ["nouveau@darsi.tn", 1]]);
        } finally {
          await client.end();
        }
        const seeded = servers.map((s) => s.output().split("\n").filter((l) => l.includes('"seeded demo accounts"')).length);
        expect(seeded.reduce((a, b) => a + b, 0), `seeded by ${JSON.stringify(seeded)}`).toBe(1);

        // One rate limit for all of them: an account's wrong passwords spread over the three processes count together
        // (login:user, 10 in 10 minutes), so the 11th is refused whichever process it reaches.
        const wrongLogin = (port: number) =>
          fetch(`http://127.0.0.1:${port}/api/auth/login_check`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ username: "nouveau@darsi.tn", password: "Wrong#Password1" }),
          }).then((r) => r.status);
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) statuses.push(await wrongLogin(ports[i % 3]!));
        expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 401));
        expect(statuses[10]).toBe(429);
        expect(await wrongLogin(ports[0]!)).toBe(429);
        expect(await wrongLogin(ports[2]!)).toBe(429);

        for (const s of servers) s.child.kill("SIGTERM");
        expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0, 0]);
      } finally {
        await db.drop();
      }
    }, 240_000);
  });
}
