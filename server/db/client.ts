import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import type Pg from "pg";
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
  /**
   * Runs `onPayload` for every `NOTIFY` on `channel` (lib/events.ts), from this process or another over the same
   * database, once the sender's transaction has committed; `onPayload("")` also after the listening connection was
   * lost and opened again (notifications sent meanwhile are lost: look at the tables). Returns the unsubscribe.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The pool's connections (PostgreSQL; PGlite has one, never waited for): checked out, idle, and requests waiting for one. */
  poolStats(): { inUse: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

const DEFAULT_PING_MS = 2000;

/** The advisory lock held while one process migrates and seeds (`pg_advisory_lock` takes a 64-bit key: this name's hash). */
const BOOT_LOCK = "darsi:boot";
/** What runs once the migrations are applied, still under the boot lock on PostgreSQL (the seed). */
export type Setup = (db: Db) => Promise<void>;

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
function postgresSettings() {
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
 * Migrations run first on a connection of their own, without the statement timeout, under the boot lock.
 */
async function openPostgres(url: string, setup: Setup | undefined): Promise<Database> {
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

  // Migrations and the setup (the seed) run once however many processes start together: each takes the boot lock on
  // its own connection and waits there while another migrates and seeds; the next finds the work done.
  const migrator = new MarkedClient(common);
  migrator.on("error", (err) => logLine("warn", "database connection lost (migrations)", { error: err.message }));
  await migrator.connect();
  let pool: InstanceType<typeof pg.Pool> | undefined;
  try {
    await migrator.query("select pg_advisory_lock(hashtextextended($1, 0))", [BOOT_LOCK]);
    await migrate(drizzle(migrator, { schema }), { migrationsFolder });
    pool = openPool(pg, common, MarkedClient, settings);
    if (setup) await setup(drizzle(pool, { schema }) as unknown as Db);
  } catch (err) {
    await pool?.end().catch(() => undefined);
    throw err;
  } finally {
    // Ending the connection releases the lock too; unlocking first hands it over at once.
    await migrator.query("select pg_advisory_unlock(hashtextextended($1, 0))", [BOOT_LOCK]).catch(() => undefined);
    await migrator.end().catch(() => undefined);
  }
  const db = drizzle(pool, { schema });
  const listener = openListener(common, MarkedClient);
  return {
    db: db as unknown as Db,
    kind: "postgres",
    ping: (timeoutMs) => withTimeout(pool.query("select 1"), timeoutMs ?? DEFAULT_PING_MS, "ping"),
    listen: listener.listen,
    poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** How long the listening connection waits before opening again after it was lost (doubling up to the last). */
const LISTEN_RETRY_MS = [250, 500, 1000, 2000, 5000];

/**
 * The one connection of a process that LISTENs (a pooled connection cannot: it goes back to the pool). Opened on the
 * first `listen`; when it is lost (database restarted, terminated) it is opened again with a growing wait, every channel
 * listened again, and every handler told `""` so that it looks at its tables for what it missed. A pooler in front of
 * PostgreSQL must give this connection a session of its own (PgBouncer: session mode, or a direct URL).
 */
function openListener(common: Record<string, unknown>, Client: PgModule["Client"]) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: InstanceType<PgModule["Client"]> | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const quote = (channel: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: bad channel name ${channel}`);
    return channel;
  };
  const tellAll = (payload: string) => {
    for (const set of handlers.values()) for (const h of set) h(payload);
  };
  const lost = (c: InstanceType<PgModule["Client"]>, err: Error) => {
    if (client !== c) return;
    client = undefined;
    c.end().catch(() => undefined);
    if (closed) return;
    if (failures === 0) logLine("warn", "database listener lost: reconnecting", { error: err.message });
    const wait = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => void connect().catch(() => undefined), wait);
    retry.unref?.();
  };
  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const c = new Client({ ...common });
      c.on("error", (err: Error) => lost(c, err));
      c.on("end", () => lost(c, new Error("connection ended")));
      c.on("notification", (n: { channel: string; payload?: string }) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? "");
      });
      try {
        await c.connect();
        for (const channel of handlers.keys()) await c.query(`listen ${quote(channel)}`);
        client = c;
        if (failures > 0) {
          logLine("warn", "database listener back", { after_tries: failures });
          tellAll("");
        }
        failures = 0;
      } catch (err) {
        client = c;
        lost(c, err as Error);
        throw err;
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
      quote(channel);
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onPayload);
      if (connecting) await connecting.catch(() => undefined);
      if (!client && !closed) await connect().catch(() => undefined);
      else if (first && client) await client.query(`listen ${quote(channel)}`).catch(() => undefined);
      return async () => {
        set.delete(onPayload);
        if (set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        await client?.query(`unlisten ${quote(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}

type PgModule = typeof Pg;

/** The pool of the requests, its clients' errors logged (once a second at most) and never fatal. */
function openPool(pg: PgModule, common: Record<string, unknown>, Client: PgModule["Client"], settings: ReturnType<typeof postgresSettings>) {
  const pool = new pg.Pool({
    ...common,
    Client,
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
  return pool;
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
 * (`memory://` keeps it in memory, for tests). Applies the committed migrations, then runs `setup` (on PostgreSQL both
 * under the boot lock: N processes starting together on an empty database migrate and seed it once).
 */
export async function openDatabase(opts: { url?: string | undefined; dataDir: string; setup?: Setup }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.setup);
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
  if (opts.setup) await opts.setup(db as unknown as Db);
  return {
    db: db as unknown as Db,
    kind: "pglite",
    ping: (timeoutMs) => withTimeout(client.query("select 1"), timeoutMs ?? DEFAULT_PING_MS, "ping"),
    // PGlite delivers NOTIFY to its own listeners (one process: the sender is the listener), after commit too.
    listen: async (channel, onPayload) => {
      const off = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await off();
      };
    },
    poolStats: () => ({ inUse: 0, idle: 1, waiting: 0 }),
    close: () => client.close(),
  };
}
