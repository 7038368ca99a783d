import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; used by /health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

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
  if (opts.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.PG_POOL_MAX ?? 20) });
    // An idle connection the server closes (restart, failover, a dropped test database) must not crash the
    // process: the pool replaces it on the next query.
    pool.on("error", (err) => {
      process.stderr.write(JSON.stringify({ time: new Date().toISOString(), level: "warn", msg: "idle database connection lost", error: err.message }) + "\n");
    });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: "postgres",
      ping: async () => void (await pool.query("select 1")),
      close: () => pool.end(),
    };
  }
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
    ping: async () => void (await client.query("select 1")),
    close: () => client.close(),
  };
}
