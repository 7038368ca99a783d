import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { markConnectFailure } from "../lib/errors";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; used by /health. Rejects when no answer came within `timeoutMs` (default 2 s). */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

const DEFAULT_PING_MS = 2000;

/** Resolves when `work` does, rejects when it did not within `ms` (the work itself goes on, its answer ignored). */
async function withTimeout(work: Promise<unknown>, ms: number, what: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A whole number of milliseconds from the environment (`fallback` when unset); anything else stops the boot. */
function millisFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number of milliseconds, got ${JSON.stringify(raw)}`);
  return value;
}

/** The pool's settings (README, Configuration): size, and the timeouts that keep a request from waiting on a database that is away. */
export function postgresSettings() {
  const max = millisFromEnv("PG_POOL_MAX", 20);
  if (max < 1) throw new Error("PG_POOL_MAX must be at least 1");
  const statementTimeoutMs = millisFromEnv("PG_STATEMENT_TIMEOUT_MS", 5000);
  return {
    max,
    /** Opening a connection, and waiting for a free one of the pool. */
    connectTimeoutMs: millisFromEnv("PG_CONNECT_TIMEOUT_MS", 3000),
    /** The server cancels a longer statement (57014: 503). 0 turns it off. */
    statementTimeoutMs,
    /** The driver gives up on an answer a little later, for a server that cannot even cancel (network gone). */
    queryTimeoutMs: statementTimeoutMs > 0 ? statementTimeoutMs + 1000 : 0,
    /** A transaction left open this long is ended by the server (its locks freed). */
    idleInTransactionTimeoutMs: millisFromEnv("PG_IDLE_IN_TRANSACTION_TIMEOUT_MS", 60_000),
  };
}

function logLine(level: "warn" | "error", msg: string, fields: Record<string, unknown>): void {
  process.stderr.write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + "\n");
}

/**
 * PostgreSQL through a `pg` pool that outlives its database:
 * - every client gets an `error` listener from the moment it exists (a checked-out client whose backend is terminated,
 *   idle or inside a transaction, emits `error`: without a listener that ended the process). A client that failed is
 *   no longer queryable, so the pool discards it when it is released (`_queryable`), and a transaction on it fails:
 *   the server rolled it back when the backend ended;
 * - errors of opening a connection are marked (`markConnectFailure`): the request answers 503 `database_unavailable`
 *   whatever the server said (a database that refuses connections answers 55000);
 * - a connection is opened within `PG_CONNECT_TIMEOUT_MS` (also the longest wait for a free one), a statement runs at
 *   most `PG_STATEMENT_TIMEOUT_MS`, TCP keepalive finds dead peers, and the pool opens new connections on demand, so
 *   the first request after the database is back succeeds.
 * Migrations run first on a connection of their own, without the statement timeout.
 */
async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const settings = postgresSettings();
  const common = { connectionString: url, application_name: "darsi", connectionTimeoutMillis: settings.connectTimeoutMs, keepAlive: true, keepAliveInitialDelayMillis: 10_000 };

  class MarkedClient extends pg.Client {
    override connect(): Promise<void>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<void> | void {
      if (callback) {
        super.connect((err: Error) => {
          if (err) markConnectFailure(err);
          callback(err);
        });
        return;
      }
      return super.connect().catch((err: unknown) => {
        markConnectFailure(err);
        throw err;
      });
    }
  }

  const migrator = new MarkedClient(common);
  migrator.on("error", (err) => logLine("warn", "database connection lost (migrations)", { error: err.message }));
  await migrator.connect();
  try {
    await migrate(drizzle(migrator, { schema }), { migrationsFolder });
  } finally {
    await migrator.end().catch(() => undefined);
  }

  const pool = new pg.Pool({
    ...common,
    Client: MarkedClient,
    max: settings.max,
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs, query_timeout: settings.queryTimeoutMs } : {}),
    ...(settings.idleInTransactionTimeoutMs > 0 ? { idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs } : {}),
  });
  let lastLost = 0;
  pool.on("connect", (client) => {
    client.on("error", (err: Error & { code?: string }) => {
      // Once a second at most: a restart ends every connection at once.
      if (Date.now() - lastLost < 1000) return;
      lastLost = Date.now();
      logLine("warn", "database connection lost", { code: err.code, error: err.message });
    });
  });
  // The idle clients' errors reach the pool too (it has already removed them): logged by the client's own listener.
  pool.on("error", () => undefined);
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    ping: (timeoutMs) => withTimeout(pool.query("select 1"), timeoutMs ?? DEFAULT_PING_MS, "ping"),
    close: () => pool.end(),
  };
}

/**
 * PGlite runs in this process's thread: statements queued by many requests would otherwise run back to back in one turn
 * of the event loop, and since Node accepts one new connection per turn, the 50th new connection of a burst waited
 * 6–7 s before its first request was even read. Statements outside a transaction therefore go one at a time, each
 * after a `setImmediate` (the event loop accepts connections and reads requests in between). A transaction's own
 * statements run through its `tx` and are not delayed.
 */
function yieldBetweenStatements(client: { query: (...args: never[]) => Promise<unknown> }): void {
  const query = client.query.bind(client);
  let tail: Promise<unknown> = Promise.resolve();
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  client.query = ((...args: never[]) => {
    const run = tail.then(turn).then(() => query(...args));
    tail = run.catch(() => undefined);
    return run;
  }) as typeof client.query;
}

/**
 * Opens the database: PostgreSQL when `url` is given, otherwise embedded PGlite in `dataDir`
 * (`memory://` keeps it in memory, for tests). Applies the committed migrations.
 */
export async function openDatabase(opts: { url?: string | undefined; dataDir: string }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let client: InstanceType<typeof PGlite>;
  if (opts.dataDir === "memory://") {
    client = new PGlite();
  } else {
    const dir = join(opts.dataDir, "pg");
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  yieldBetweenStatements(client);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    ping: (timeoutMs) => withTimeout(client.query("select 1"), timeoutMs ?? DEFAULT_PING_MS, "ping"),
    close: () => client.close(),
  };
}
