/**
 * The process outlives its database (issue 18, item 1).
 *
 * - Everywhere (PGlite and PostgreSQL): the app's one error mapper (`server/lib/errors.ts` `toAppError`) turns each
 *   class of database failure into 503 `database_unavailable` with `Retry-After`, and nothing else; the app answers
 *   503 on a request whose database fails, and `/health` 503 `{"database":"down"}`.
 * - With TEST_DATABASE=postgres (CI): a real server process (`server/main.ts`) on a throw-away database of its own.
 *   Logins, progress posts and point transfers with Idempotency-Keys run while the server's backends are terminated
 *   20 times (some idle, some inside a transaction: one held on a row lock, so that it is surely terminated mid
 *   transaction); every failed keyed request is sent again with its key. Nothing is restarted: at the end the server
 *   is the same PID, every keyed write happened exactly once, and `npm run admin -- ledger-check` passes through it.
 *   Then the database goes away without touching the cluster (`ALLOW_CONNECTIONS false` and its backends terminated):
 *   requests answer 503 `database_unavailable` within 10 s and `/health` 503 `{"database":"down"}`; connections
 *   allowed again, `/health` answers 200 within 5 s, and the refused writes go through once with their keys.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { freePort } from "./ports";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { openDatabase, type Database, type Db } from "../../server/db/client";
import { chapters, contents, idempotencyKeys, progress, subjects, users } from "../../server/db/schema";
import { AppError, markConnectFailure, toAppError } from "../../server/lib/errors";
import type { Deps } from "../../server/lib/deps";
import { checkLedger } from "../../server/services/wallet/ledger";
import { createThrowawayDatabase, DEMO_PASSWORD, startTestServer, type TestServer } from "./harness";
import { createWallets, expectedBalances, newestCode, readBack, runTransfers, type Answer, type Send, type Wallet } from "./money-reliability";

const ON_POSTGRES = process.env.TEST_DATABASE === "postgres";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An error as node-postgres makes one for an ErrorResponse of the server. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "FATAL" });
/** Drizzle wraps the driver's error (`DrizzleQueryError`, its message is the query). */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });

describe("the app's one error mapper: database failures are 503 database_unavailable", () => {
  const unavailable: Array<[string, unknown]> = [
    ["57P01 terminated by an administrator (pg_terminate_backend)", pgError("57P01", "terminating connection due to administrator command")],
    ["57P02 crash shutdown", pgError("57P02", "terminating connection because of crash of another server process")],
    ["57P03 cannot connect now (starting up, shutting down)", pgError("57P03", "the database system is starting up")],
    ["25P03 idle_in_transaction_session_timeout", pgError("25P03", "terminating connection due to idle-in-transaction timeout")],
    ["08006 connection failure", pgError("08006", "connection failure")],
    ["08001 unable to connect", pgError("08001", "could not connect to server")],
    ["53300 too many connections", pgError("53300", "too many connections for database")],
    ["57014 statement timeout", pgError("57014", "canceling statement due to statement timeout")],
    ["the driver's 'Connection terminated unexpectedly'", new Error("Connection terminated unexpectedly")],
    ["a connect timeout", new Error("Connection terminated due to connection timeout")],
    ["the pool's wait for a connection", new Error("timeout exceeded when trying to connect")],
    ["a client that already failed", new Error("Client has encountered a connection error and is not queryable")],
    ["ECONNREFUSED", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED", errno: -111, syscall: "connect" })],
    ["ECONNRESET", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET", syscall: "read" })],
    ["a terminated backend wrapped by Drizzle", wrapped(pgError("57P01", "terminating connection due to administrator command"))],
    ["a refused connect wrapped by Drizzle", wrapped(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))],
  ];
  it.each(unavailable)("%s → 503 database_unavailable with Retry-After", (_label, err) => {
    const mapped = toAppError(err);
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped).toMatchObject({ status: 503, code: "database_unavailable", headers: { "Retry-After": "5" } });
  });

  it("a connection refused by the database itself (55000 'not currently accepting connections') is 503 only as a failure to connect", () => {
    const refused = pgError("55000", 'database "darsi" is not currently accepting connections');
    expect(toAppError(wrapped(refused))).toBeNull();
    markConnectFailure(refused);
    expect(toAppError(wrapped(refused))).toMatchObject({ status: 503, code: "database_unavailable" });
  });

  const notUnavailable: Array<[string, unknown]> = [
    ["23505 unique violation", wrapped(pgError("23505", "duplicate key value violates unique constraint"))],
    ["23514 check violation", wrapped(pgError("23514", "new row violates check constraint"))],
    ["22P02 invalid text representation", wrapped(pgError("22P02", "invalid input syntax for type integer"))],
    ["40P01 deadlock", wrapped(pgError("40P01", "deadlock detected"))],
    ["a programming error", new TypeError("cannot read properties of undefined")],
    ["a thrown string", "boom"],
  ];
  it.each(notUnavailable)("%s stays a 500 (not a database outage)", (_label, err) => {
    expect(toAppError(err)).toBeNull();
  });

  it("an AppError is answered as itself", () => {
    const own = new AppError(402, "insufficient_balance");
    expect(toAppError(own)).toBe(own);
  });
});

describe("in process: requests whose database fails answer 503, /health says the database is down", () => {
  let h: TestServer;
  beforeAll(async () => {
    h = await startTestServer();
  });
  afterAll(() => h?.close());

  /** The same app on a database whose every call fails as a terminated connection does. */
  function appOnFailingDatabase(token: string) {
    const lost = () => new Error("Connection terminated unexpectedly");
    const failing = new Proxy({} as Db, {
      get: () => () => {
        throw lost();
      },
    });
    const database: Database = { ...h.deps.database, db: failing, ping: () => Promise.reject(lost()) };
    const deps: Deps = { ...h.deps, db: failing, database };
    const app = createApp(deps);
    const bindings = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 40000, remoteFamily: "IPv4" } } };
    return (method: string, path: string, init: { body?: unknown; key?: string } = {}) =>
      app.request(
        path,
        {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(init.body === undefined ? {} : { "content-type": "application/json" }),
            ...(init.key ? { "idempotency-key": init.key } : {}),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        },
        bindings,
      );
  }

  it("a read, a keyed write and /health", async () => {
    const token = await h.login("eleve@darsi.tn");
    const request = appOnFailingDatabase(token);
    for (const res of [
      await request("GET", "/api/auth/me"),
      await request("POST", "/api/student/transfer-points", { body: { toUser: "22000002", points: 10_000 }, key: randomUUID() }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(await res.json()).toMatchObject({ code: "database_unavailable" });
    }
    const health = await request("GET", "/health");
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ database: "down" });
    // The real database is untouched: the ordinary app still answers.
    expect((await h.request("GET", "/health")).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: a real server process on a database of its own, whose backends the test terminates.

type SendOptions = Parameters<Send>[2] & { headers?: Record<string, string> };
/** The progress service's key (server/env.ts PROGRESS_API_KEY, its default). */
const PROGRESS_HEADERS = { "x-api-key": "darsi-web-progress" };

/** The server process: started once, never restarted; its log lines are kept. */
function serverProcess(databaseUrl: string, port: number, secret: string) {
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    JWT_SECRET: secret,
    DATA_DIR: `/tmp/darsi-db-resilience-${port}`,
    DEV_OUTBOX: "true",
    BOT_CHECK: "off",
    SEED_DEMO: "true",
    RATE_LIMIT_FACTOR: "1000",
    LOG_LEVEL: "warn",
    PG_POOL_MAX: "10",
  };
  delete env.TEST_DATABASE;
  const log: string[] = [];
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    const t0 = Date.now();
    const c = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
    child = c;
    let partial = "";
    const collect = (chunk: Buffer) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      log.push(...lines);
    };
    c.stdout!.on("data", collect);
    c.stderr!.on("data", collect);
    for (;;) {
      if (c.exitCode !== null) throw new Error(`the server exited with ${c.exitCode}: ${log.slice(-20).join("\n")}`);
      const ok = await fetch(`${base}/health`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
      if (ok) return;
      if (Date.now() - t0 > 120_000) throw new Error("the server did not start within 120 s");
      await sleep(200);
    }
  }
  async function stop(): Promise<void> {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once("exit", () => resolve());
      c.kill("SIGTERM");
    });
  }
  /** One HTTP call (`Send` of the money suite), with the headers a service may also need (the progress service's API key). */
  const send = async (method: "GET" | "POST", path: string, opts: SendOptions): Promise<Answer & { headers: Headers }> => {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...opts.headers, authorization: `Bearer ${opts.token}` };
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
    return { status: res.status, json, headers: res.headers };
  };
  return {
    base,
    log,
    start,
    stop,
    send,
    get pid() {
      return child?.pid;
    },
    get exitCode() {
      return child?.exitCode ?? child?.signalCode ?? null;
    },
    get alive() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
  };
}

/** A connection to the cluster's `postgres` database (never to the test's own): terminates, alters, watches. */
async function adminConnection(ownUrl: string): Promise<pg.Client> {
  const url = new URL(ownUrl);
  url.pathname = "/postgres";
  url.search = "";
  const client = new pg.Client({ connectionString: url.toString(), application_name: "darsi-test-admin" });
  client.on("error", () => undefined);
  await client.connect();
  return client;
}

interface Backend {
  pid: number;
  state: string;
  inTransaction: boolean;
  waiting: boolean;
}

/** The server's own backends on its own database (application_name `darsi`), never anybody else's. */
async function serverBackends(admin: pg.Client, database: string): Promise<Backend[]> {
  const { rows } = await admin.query<{ pid: number; state: string | null; in_tx: boolean; waiting: boolean }>(
    `select pid, state, xact_start is not null as in_tx, wait_event_type = 'Lock' as waiting
       from pg_stat_activity where datname = $1 and application_name = 'darsi' and pid <> pg_backend_pid()`,
    [database],
  );
  return rows.map((r) => ({ pid: r.pid, state: r.state ?? "", inTransaction: r.in_tx, waiting: r.waiting === true }));
}

async function terminate(admin: pg.Client, pids: number[]): Promise<number> {
  if (pids.length === 0) return 0;
  const { rows } = await admin.query<{ ok: boolean }>(`select pg_terminate_backend(pid) as ok from unnest($1::int[]) as pid`, [pids]);
  return rows.filter((r) => r.ok).length;
}

/** A lesson of the pupil's class, open to them, for progress posts. */
async function lessonsOf(db: Db, email: string, count: number) {
  const [pupil] = await db.select({ id: users.id, division: users.divisionId }).from(users).where(eq(users.email, email));
  const rows = await db
    .select({ contentId: contents.id, chapterId: chapters.id, subjectId: subjects.id })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, pupil!.division!), isNotNull(contents.durationS), eq(contents.isFree, false)))
    .limit(count);
  return { userId: pupil!.id, lessons: rows };
}

if (ON_POSTGRES) {
  describe("a real server process on PostgreSQL outlives its database", () => {
    const secret = randomBytes(32).toString("hex");
    let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined;
    let dbName = "";
    let server: ReturnType<typeof serverProcess>;
    let own: Database;
    let admin: pg.Client;
    let pid: number | undefined;
    const walletDeps = { secret, now: () => new Date(), env: { TOKEN_TTL_HOURS: 24 } } as unknown as Pick<Deps, "secret" | "env" | "now">;

    beforeAll(async () => {
      throwaway = await createThrowawayDatabase();
      dbName = new URL(throwaway.url).pathname.slice(1);
      server = serverProcess(throwaway.url, await freePort(), secret);
      await server.start(); // migrations and the demo data
      pid = server.pid;
      // The test's own connections carry another application_name: the killer never terminates them.
      own = await openDatabase({ url: `${throwaway.url}?application_name=darsi-test`, dataDir: "memory://" });
      admin = await adminConnection(throwaway.url);
    }, 180_000);

    afterAll(async () => {
      await admin?.query(`alter database ${dbName} allow_connections true`).catch(() => undefined);
      await server?.stop();
      await own?.close().catch(() => undefined);
      await admin?.end().catch(() => undefined);
      await throwaway?.drop();
    });

    /** The error for a server process that ended, with the end of its log. */
    const died = (when: string) => new Error(`the server process ended ${when} (exit ${server.exitCode}):\n${server.log.slice(-15).join("\n")}`);

    /** Signs in over HTTP: the token, or null when the answer was not a 200 (every status noted in `statuses`). */
    async function login(username: string, password: string, statuses: number[] = []): Promise<string | null> {
      const res = await fetch(`${server.base}/api/auth/login_check`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
        signal: AbortSignal.timeout(15_000),
      }).catch(() => null);
      statuses.push(res?.status ?? 0);
      if (!res || res.status !== 200) return null;
      return ((await res.json()) as { payload: { token: string } }).payload.token;
    }

    /** Sends until an answer other than 503/5xx or no answer comes, with the same key every time. */
    async function untilAnswered(method: "GET" | "POST", path: string, opts: SendOptions, seen?: number[]): Promise<Answer> {
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          const res = await server.send(method, path, opts);
          seen?.push(res.status);
          const inProgress = res.status === 409 && res.json?.code === "conflict";
          if (res.status < 500 && !inProgress) return res;
        } catch {
          seen?.push(0);
        }
        if (Date.now() > deadline) throw new Error(`${method} ${path}: no answer within 60 s`);
        await sleep(100);
      }
    }

    it("terminating its backends 20 times under traffic (idle and inside transactions) ends nothing: same PID, every keyed write once, ledger-check passes", async () => {
      const tag = randomBytes(2).toString("hex");
      const wallets = await createWallets(walletDeps, own.db, 24, 400_000, tag);
      const { lessons } = await lessonsOf(own.db, "eleve@darsi.tn", 12);
      expect(lessons.length).toBeGreaterThan(3);
      const statuses: number[] = [];
      const loginToken = (username: string, password: string) => login(username, password, statuses);
      let eleve: string | null = null;
      while (!eleve) eleve = await loginToken("eleve@darsi.tn", DEMO_PASSWORD);

      // Traffic: transfers (start, code, confirm: each retried with its key), progress posts with keys, logins.
      let trafficDone = false;
      const progressKeys: string[] = [];
      const trafficAnomalies: string[] = [];
      const progressLoop = (async () => {
        for (let n = 0; !trafficDone; n++) {
          const lesson = lessons[n % lessons.length]!;
          const key = randomUUID();
          progressKeys.push(key);
          const res = await untilAnswered(
            "POST",
            "/svc/progress/progress",
            { token: eleve, key, headers: PROGRESS_HEADERS, body: { contentId: lesson.contentId, chapterId: lesson.chapterId, subjectId: lesson.subjectId, ranges: [[0, 5 + n]], position: 5 + n } },
            statuses,
          );
          if (res.status !== 200) trafficAnomalies.push(`progress: ${res.status} ${JSON.stringify(res.json)}`);
        }
      })().catch((err: unknown) => void trafficAnomalies.push(`progress: ${String(err)}`));
      const loginLoop = (async () => {
        for (let n = 0; !trafficDone; n++) {
          const w = wallets[n % wallets.length]!;
          await loginToken(w.phone, `Reliable#${tag}`);
          await loginToken("nouveau@darsi.tn", DEMO_PASSWORD);
          await sleep(50);
        }
      })().catch((err: unknown) => void trafficAnomalies.push(`login: ${String(err)}`));
      const transfers = runTransfers({ send: (m, p, o) => server.send(m, p, o).then((r) => (statuses.push(r.status), r)), db: own.db, wallets, transfers: 240, clients: 6, echo: 0.05, seed: 18 });
      // Awaited below; if the killer fails first (the server died), its later rejection is not an unhandled one.
      transfers.catch(() => undefined);

      // The killer: 20 rounds. Round 5 holds a confirm inside its transaction (the test locks the transfer row) and
      // terminates that backend; every third round terminates all the server's backends at once; the others one
      // backend, inside a transaction when there is one, else an idle one.
      const rounds: Array<{ round: number; terminated: number; states: string[] }> = [];
      let held: { status: number; code: unknown; ms: number; retried: Answer; transferId: number } | undefined;
      const diedAfter = (round: number) => died(`after round ${round}`);
      try {
        for (let round = 1; round <= 20; round++) {
          await sleep(250);
          if (!server.alive) throw diedAfter(round - 1);
          if (round === 5) {
            held = await holdAndTerminate(wallets);
            rounds.push({ round, terminated: 1, states: ["waiting on a lock in a transaction"] });
            continue;
          }
          for (let tries = 0; ; tries++) {
            const backends = await serverBackends(admin, dbName);
            const inTx = backends.filter((b) => b.inTransaction);
            const idle = backends.filter((b) => b.state === "idle");
            const chosen = round % 3 === 0 ? backends : round % 2 === 0 && inTx.length ? [inTx[0]!] : idle.length ? [idle[0]!] : backends.slice(0, 1);
            const terminated = await terminate(admin, chosen.map((b) => b.pid));
            if (terminated > 0 || tries > 100) {
              rounds.push({ round, terminated, states: chosen.map((b) => (b.inTransaction ? `${b.state} (in transaction)` : b.state)) });
              break;
            }
            await sleep(20);
          }
        }
      } catch (err) {
        trafficDone = true;
        throw err;
      }
      if (!server.alive) {
        trafficDone = true;
        throw diedAfter(20);
      }
      const run = await transfers;
      trafficDone = true;
      await Promise.all([progressLoop, loginLoop]);
      console.info(
        `db resilience: ${rounds.length} rounds, ${rounds.reduce((s, r) => s + r.terminated, 0)} backends terminated ` +
          `(${rounds.flatMap((r) => r.states).filter((s) => s.includes("transaction")).length} inside a transaction); ` +
          `${run.confirmed.length} transfers confirmed, ${run.retries} retries, ${progressKeys.length} progress posts; ` +
          `answers ${JSON.stringify(countBy(statuses))}`,
      );

      expect(trafficAnomalies).toEqual([]);
      // Nothing ended the process: the same PID, still serving.
      expect(rounds).toHaveLength(20);
      expect(rounds.every((r) => r.terminated > 0)).toBe(true);
      expect(server.alive).toBe(true);
      expect(server.pid).toBe(pid);
      expect(() => process.kill(pid!, 0)).not.toThrow();
      expect((await fetch(`${server.base}/health`)).status).toBe(200);
      expect(server.log.filter((l) => l.includes("unhandled rejection") || l.includes("uncaught"))).toEqual([]);
      expect(server.log.some((l) => l.includes("database connection lost"))).toBe(true);
      // A failure under the terminations was a 503 database_unavailable, never a 500.
      expect(statuses.filter((s) => s === 500)).toEqual([]);

      // The request held inside its transaction and terminated there answered 503; its retry with the key, once.
      expect(held).toMatchObject({ status: 503, code: "database_unavailable" });
      expect(held!.ms).toBeLessThan(10_000);
      expect(held!.retried.status).toBe(200);

      // Every transfer once: as many as the clients got ids for, each confirmed one with one movement of two entries.
      expect(run.anomalies, "answers that must never happen").toEqual([]);
      expect(run.samplerViolations).toEqual([]);
      const view = await readBack(own.db, wallets);
      expect(new Set(run.created).size).toBe(run.created.length);
      expect(view.transfers.map((t) => t.id).sort((a, b) => a - b)).toEqual([...run.created, held!.transferId].sort((a, b) => a - b));
      const confirmedIds = [...run.confirmed.map((c) => c.id), held!.transferId].sort((a, b) => a - b);
      expect(view.transfers.filter((t) => t.status === "confirmed").map((t) => t.id).sort((a, b) => a - b)).toEqual(confirmedIds);
      expect([...view.movements.keys()].sort((a, b) => a - b)).toEqual(confirmedIds);
      for (const [id, m] of view.movements) expect(m, `movement of transfer ${id}`).toEqual({ entries: 2, sum: 0 });
      const heldTransfer = view.transfers.find((t) => t.id === held!.transferId)!;
      const expected = expectedBalances(wallets, [...run.confirmed, { id: heldTransfer.id, from: heldTransfer.from, to: heldTransfer.to, amount: heldTransfer.amount }]);
      expect(Object.fromEntries(view.balances)).toEqual(Object.fromEntries(expected));
      expect(run.confirmed.length).toBeGreaterThan(run.created.length * 0.8);

      // Every progress post once: one stored answer per key (a retry replays it, never a second write).
      const stored = await own.db
        .select({ key: idempotencyKeys.key, status: idempotencyKeys.status })
        .from(idempotencyKeys)
        .where(inArray(idempotencyKeys.key, progressKeys));
      expect(stored.length).toBe(progressKeys.length);
      expect(new Set(stored.map((s) => s.key)).size).toBe(progressKeys.length);
      expect(stored.every((s) => s.status === 200)).toBe(true);
      const rows = await own.db.select({ contentId: progress.contentId }).from(progress).where(inArray(progress.contentId, lessons.map((l) => l.contentId)));
      expect(rows.length).toBeGreaterThan(0);

      // The operator's check, through the running server.
      const check = await runAdmin(["ledger-check"]);
      expect(check.stdout, check.stderr).toContain(": OK");
      expect(check.code).toBe(0);
      expect(await checkLedger(own.db)).toMatchObject({ ok: true, mismatched: [], unbalancedMovements: [], negative: [] });
    }, 300_000);

    /**
     * Starts a transfer, locks its row from a test connection, sends the confirm (it waits on the lock inside its
     * transaction), terminates that backend, then lets go of the lock and sends the confirm again with the same key.
     */
    async function holdAndTerminate(wallets: Wallet[]) {
      const from = wallets[wallets.length - 1]!;
      const to = wallets[0]!;
      const started = await untilAnswered("POST", "/api/student/transfer-points", { token: from.token, body: { toUser: to.phone, points: 10_000 }, key: randomUUID() });
      expect(started.status, JSON.stringify(started.json)).toBe(201);
      const transferId = started.json.payload.id as number;
      const code = await newestCode(own.db, from.phone);
      if (!code) throw new Error(`no transfer code sent to ${from.phone}`);
      const locker = new pg.Client({ connectionString: throwaway!.url, application_name: "darsi-test-locker" });
      locker.on("error", () => undefined);
      await locker.connect();
      try {
        await locker.query("begin");
        await locker.query("select id from transfers where id = $1 for update", [transferId]);
        const key = randomUUID();
        const opts = { token: from.token, query: { confirmationToken: code, transfer: transferId }, key };
        const t0 = Date.now();
        const answer = server.send("POST", "/api/student/confirm-transfer-points", opts);
        answer.catch(() => undefined); // awaited below, unless the wait for the lock fails first
        let waiting: Backend | undefined;
        for (let i = 0; i < 400 && !waiting; i++) {
          if (!server.alive) throw died("while a confirm waited on a lock");
          waiting = (await serverBackends(admin, dbName)).find((b) => b.waiting && b.inTransaction);
          if (!waiting) await sleep(10);
        }
        expect(waiting, "the confirm waits on the row lock inside its transaction").toBeDefined();
        expect(await terminate(admin, [waiting!.pid])).toBe(1);
        const res = await answer;
        const ms = Date.now() - t0;
        await locker.query("rollback");
        const retried = await untilAnswered("POST", "/api/student/confirm-transfer-points", opts);
        return { status: res.status, code: res.json?.code, ms, retried, transferId };
      } finally {
        await locker.end().catch(() => undefined);
      }
    }

    function runAdmin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
      const port = new URL(server.base).port;
      return new Promise((resolve) => {
        const c = spawn(process.execPath, ["--import", "tsx", "server/cli/admin.ts", ...args], {
          env: { ...process.env, PORT: port, JWT_SECRET: secret, DATABASE_URL: throwaway!.url, NODE_ENV: "test", DATA_DIR: "memory://", LOG_LEVEL: "error" },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        c.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
        c.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
        c.on("exit", (code) => resolve({ code, stdout, stderr }));
      });
    }

    it("a database that is away (connections refused, backends terminated): 503 database_unavailable within 10 s, /health down, then 200 within 5 s of its return", async () => {
      const { lessons } = await lessonsOf(own.db, "eleve@darsi.tn", 1);
      const lesson = lessons[0]!;
      const wallets = await createWallets(walletDeps, own.db, 2, 100_000, randomBytes(2).toString("hex"));
      const [from, to] = wallets as [Wallet, Wallet];
      const startKey = randomUUID();
      const progressKey = randomUUID();
      const startOpts = { token: from.token, body: { toUser: to.phone, points: 10_000 }, key: startKey };
      const eleve = await login("eleve@darsi.tn", DEMO_PASSWORD);
      if (!eleve) throw new Error("eleve@darsi.tn could not sign in");
      const progressOpts = {
        token: eleve,
        key: progressKey,
        headers: PROGRESS_HEADERS,
        body: { contentId: lesson.contentId, chapterId: lesson.chapterId, subjectId: lesson.subjectId, ranges: [[0, 10]], position: 10 },
      };

      await admin.query(`alter database ${dbName} allow_connections false`);
      try {
        // Every backend of the database goes (the server's and the test's own): nothing can connect again.
        await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [dbName]);
        const calls: Array<[string, () => Promise<Answer & { headers: Headers }>]> = [
          ["GET /api/auth/me", () => server.send("GET", "/api/auth/me", { token: from.token })],
          ["POST /api/student/transfer-points", () => server.send("POST", "/api/student/transfer-points", startOpts)],
          ["POST /svc/progress/progress", () => server.send("POST", "/svc/progress/progress", progressOpts)],
        ];
        for (const [label, call] of calls) {
          const t0 = Date.now();
          const res = await call();
          const ms = Date.now() - t0;
          expect(res.status, `${label}: ${JSON.stringify(res.json)}`).toBe(503);
          expect(res.json).toMatchObject({ code: "database_unavailable" });
          expect(res.headers.get("retry-after")).toBe("5");
          expect(ms, label).toBeLessThan(10_000);
        }
        const t0 = Date.now();
        const health = await fetch(`${server.base}/health`);
        expect(Date.now() - t0).toBeLessThan(5_000);
        expect(health.status).toBe(503);
        expect(await health.json()).toEqual({ database: "down" });
        // A few seconds away: still the same process, still answering.
        await sleep(3_000);
        expect((await fetch(`${server.base}/health`)).status).toBe(503);
        expect(server.alive).toBe(true);
      } finally {
        await admin.query(`alter database ${dbName} allow_connections true`);
      }
      const back = Date.now();
      for (;;) {
        const res = await fetch(`${server.base}/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
        if (res?.status === 200) break;
        expect(Date.now() - back, "/health is 200 again within 5 s").toBeLessThan(5_000);
        await sleep(100);
      }
      expect(Date.now() - back).toBeLessThan(5_000);

      // The refused writes, sent again with their keys: each applied once.
      const started = await untilAnswered("POST", "/api/student/transfer-points", startOpts);
      expect(started.status, JSON.stringify(started.json)).toBe(201);
      const again = await untilAnswered("POST", "/api/student/transfer-points", startOpts);
      expect(again.json.payload.id).toBe(started.json.payload.id);
      expect((await untilAnswered("POST", "/svc/progress/progress", progressOpts)).status).toBe(200);
      const view = await readBack(own.db, wallets);
      expect(view.transfers.filter((t) => t.from === from.id)).toHaveLength(1);
      const stored = await own.db.select().from(idempotencyKeys).where(inArray(idempotencyKeys.key, [startKey, progressKey]));
      expect(stored).toHaveLength(2);
      expect(server.pid).toBe(pid);
      expect(server.alive).toBe(true);
      expect(server.log.filter((l) => l.includes("unhandled rejection") || l.includes("uncaught"))).toEqual([]);
    }, 120_000);
  });
}

function countBy(values: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
