/**
 * Money reliability (issue 9 "Reliability"): random point transfers among many wallets from concurrent clients — the
 * sum of all balances never changes, no balance is ever negative, every transfer is applied exactly once, and the
 * ledger reconciles (`checkLedger`).
 *
 * - With TEST_DATABASE=postgres (CI): 1,000 transfers among 50 wallets from 20 concurrent clients over real HTTP to a
 *   real server process (`server/main.ts`) on a throw-away PostgreSQL database; then the same run while that server is
 *   killed with SIGKILL five times and restarted, the clients retrying with their same Idempotency-Keys.
 * - On PGlite (the default `npm test`): a smaller real run in process (200 transfers, 20 wallets, 8 clients), every
 *   fifth answer asked again with its key. PGlite is one session in one process: there is no server to kill.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { freePort } from "./ports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { checkLedger } from "../../server/services/wallet/ledger";
import { createThrowawayDatabase, startTestServer, type TestServer } from "./harness";
import { createWallets, expectedBalances, readBack, runTransfers, type RunResult, type Send, type Wallet } from "./money-reliability";

const ON_POSTGRES = process.env.TEST_DATABASE === "postgres";

/** The invariants of a finished run, checked against the database. */
async function expectExactlyOnce(db: Database["db"], wallets: Wallet[], run: RunResult) {
  expect(run.anomalies, "answers that must never happen").toEqual([]);
  expect(run.samplerViolations, "the sum changed or a balance went below zero during the run").toEqual([]);
  expect(run.samples).toBeGreaterThan(5);
  const view = await readBack(db, wallets);
  // Every start applied once: as many transfers as the clients got ids for, no two clients with the same id.
  expect(new Set(run.created).size).toBe(run.created.length);
  expect(view.transfers.map((t) => t.id).sort((a, b) => a - b)).toEqual([...run.created].sort((a, b) => a - b));
  // Confirmed in the database exactly when a client saw it confirmed; each with one movement of two entries summing to zero.
  const confirmedIds = run.confirmed.map((c) => c.id).sort((a, b) => a - b);
  expect(view.transfers.filter((t) => t.status === "confirmed").map((t) => t.id).sort((a, b) => a - b)).toEqual(confirmedIds);
  expect([...view.movements.keys()].sort((a, b) => a - b)).toEqual(confirmedIds);
  for (const [id, m] of view.movements) expect(m, `movement of transfer ${id}`).toEqual({ entries: 2, sum: 0 });
  for (const c of run.confirmed) {
    const t = view.transfers.find((x) => x.id === c.id)!;
    expect({ from: t.from, to: t.to, amount: t.amount }).toEqual({ from: c.from, to: c.to, amount: c.amount });
  }
  // Balances: what the confirmed transfers say, none below zero, the same sum.
  const expected = expectedBalances(wallets, run.confirmed);
  expect(Object.fromEntries(view.balances)).toEqual(Object.fromEntries(expected));
  const sum = [...view.balances.values()].reduce((a, b) => a + b, 0);
  expect(sum).toBe(wallets.reduce((a, w) => a + w.initial, 0));
  expect(Math.min(...view.balances.values())).toBeGreaterThanOrEqual(0);
  const ledger = await checkLedger(db);
  expect(ledger).toMatchObject({ ok: true, mismatched: [], unbalancedMovements: [], negative: [], total: 0 });
  // Most transfers went through (the amounts are small next to the balances).
  expect(run.confirmed.length).toBeGreaterThan(run.created.length * 0.8);
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: a real server process over real HTTP.

/** A server process of the suite's own on `databaseUrl`: started, SIGKILLed and restarted at will. */
function serverProcess(databaseUrl: string, port: number, secret: string) {
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    JWT_SECRET: secret,
    DATA_DIR: `/tmp/darsi-reliability-${port}`,
    DEV_OUTBOX: "true",
    BOT_CHECK: "off",
    SEED_DEMO: "false",
    RATE_LIMIT_FACTOR: "1000",
    LOG_LEVEL: "error",
    PG_POOL_MAX: "20",
  };
  delete env.TEST_DATABASE;
  async function start(): Promise<number> {
    const t0 = Date.now();
    const c = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
    child = c;
    for (;;) {
      if (c.exitCode !== null) throw new Error(`the server exited with ${c.exitCode}`);
      const ok = await fetch(`${base}/health`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
      if (ok) return Date.now() - t0;
      if (Date.now() - t0 > 60_000) throw new Error("the server did not start within 60 s");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  async function kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once("exit", () => resolve());
      c.kill(signal);
    });
  }
  const send: Send = async (method, path, opts) => {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
    if (opts.key) headers["idempotency-key"] = opts.key;
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  };
  return { base, start, kill, send };
}

if (ON_POSTGRES) {
  describe("money reliability on PostgreSQL: a real server process over HTTP", () => {
    const secret = randomBytes(32).toString("hex");
    let database: Database;
    let server: ReturnType<typeof serverProcess>;
    let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined;

    beforeAll(async () => {
      throwaway = await createThrowawayDatabase();
      server = serverProcess(throwaway.url, await freePort(), secret);
      await server.start(); // migrations run here
      database = await openDatabase({ url: throwaway.url, dataDir: "memory://" });
    }, 120_000);

    afterAll(async () => {
      await server?.kill("SIGTERM");
      await database?.close();
      await throwaway?.drop();
    });

    const deps = () => ({ secret, now: () => new Date(), env: { TOKEN_TTL_HOURS: 24 } }) as never;

    it("1,000 random transfers among 50 wallets from 20 concurrent clients: every one applied exactly once", async () => {
      const wallets = await createWallets(deps(), database.db, 50, 400_000, randomBytes(2).toString("hex"));
      const run = await runTransfers({ send: server.send, db: database.db, wallets, transfers: 1000, clients: 20, echo: 0.05, seed: 1 });
      console.info(`reliability: 1,000 transfers in ${run.seconds.toFixed(1)} s, ${run.confirmed.length} confirmed, ${run.refusedAtStart} + ${run.refusedAtConfirm} refused (402), ${run.samples} samples`);
      await expectExactlyOnce(database.db, wallets, run);
    }, 120_000);

    it("the same while the server is SIGKILLed five times and restarted: clients retry with their keys, same result", async () => {
      const wallets = await createWallets(deps(), database.db, 50, 400_000, randomBytes(2).toString("hex"));
      const TOTAL = 1000;
      const killAt = [120, 280, 450, 620, 800];
      const crashes: Array<{ at: number; restartMs: number }> = [];
      let chain: Promise<void> = Promise.resolve();
      const onProgress = (done: number) => {
        if (killAt.length && done >= killAt[0]!) {
          const at = killAt.shift()!;
          chain = chain.then(async () => {
            await server.kill("SIGKILL");
            const restartMs = await server.start();
            crashes.push({ at, restartMs });
          });
        }
      };
      const run = await runTransfers({ send: server.send, db: database.db, wallets, transfers: TOTAL, clients: 20, echo: 0.05, seed: 2, onProgress });
      await chain;
      console.info(
        `reliability with crashes: ${run.seconds.toFixed(1)} s, ${crashes.length} SIGKILLs (restarts ${crashes.map((c) => `${c.restartMs} ms`).join(", ")}), ` +
          `${run.retries} retries, ${run.confirmed.length} confirmed`,
      );
      expect(crashes).toHaveLength(5);
      expect(run.retries).toBeGreaterThan(0);
      await expectExactlyOnce(database.db, wallets, run);
    }, 180_000);
  });
} else {
  describe("money reliability on PGlite: in process, smaller (the process-killing run needs PostgreSQL: TEST_DATABASE=postgres)", () => {
    let h: TestServer;
    beforeAll(async () => {
      h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "1000" } });
    });
    afterAll(() => h?.close());

    it("200 random transfers among 20 wallets from 8 concurrent clients, answers asked again with their keys: exactly once", async () => {
      const wallets = await createWallets(h.deps, h.deps.db, 20, 300_000, randomBytes(2).toString("hex"));
      const send: Send = (method, path, opts) =>
        h.request(method, path, { token: opts.token, body: opts.body, query: opts.query, headers: opts.key ? { "Idempotency-Key": opts.key } : {} });
      const run = await runTransfers({ send, db: h.deps.db, wallets, transfers: 200, clients: 8, echo: 0.2, seed: 3 });
      await expectExactlyOnce(h.deps.db, wallets, run);
    }, 120_000);
  });
}
