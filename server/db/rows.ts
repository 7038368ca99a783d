import type { SQL } from "drizzle-orm";
import type { Db, Tx } from "./client";

/**
 * The rows of a raw SQL statement, on both drivers: drizzle's `execute` answers `{ rows }` on node-postgres and on
 * PGlite alike, but types it per driver. `T` is what the statement selects (name its columns as the type does).
 */
export async function selectRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
