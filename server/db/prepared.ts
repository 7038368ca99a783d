/**
 * Statements of the hottest reads, built once per database and sent as named prepared statements.
 *
 * Building a query's text in the ORM on every call was a quarter of the server's busy time, and PostgreSQL planned the
 * large ones (`GET /auth/me`: users joined to 7 tables plus subqueries) from scratch on every request: 1.7–2.6 ms of
 * planning for 0.15–0.5 ms of execution. A named statement (`.prepare(name)` with `sql.placeholder`s) is parsed once per
 * pooled connection, and after five executions PostgreSQL keeps its generic plan (plan_cache_mode auto) when it costs
 * no more than the custom ones — which holds for these lookups by key. On PGlite the statement text is built once too
 * (PGlite runs each statement unnamed).
 *
 * `preparedFor(build)` returns a getter: the statement of a given database (or transaction) object, built on first use.
 */
import type { Db, Tx } from "./client";

export function preparedFor<T>(build: (db: Db) => T): (db: Db | Tx) => T {
  const cache = new WeakMap<object, T>();
  return (db) => {
    let statement = cache.get(db);
    if (statement === undefined) {
      statement = build(db as Db);
      cache.set(db, statement);
    }
    return statement;
  };
}

/** A prepared statement's `execute`, whatever the driver. */
interface Executable<R> {
  execute(placeholders?: Record<string, unknown>): Promise<R[]>;
}

/**
 * The rows of a list of ids through two prepared statements of one query: `one` (placeholder `id`) for a single id,
 * `many` (placeholder `ids`, an array: `= any($ids)`) for several. PostgreSQL plans an array statement anew at every
 * execution (its generic plan, made for an array of unknown length, never looks cheaper than a plan for the array at
 * hand), a cost the batch of requests it serves shares; the one-id statement keeps its generic plan after five
 * executions, so an idle server's batches of one are not planned each time.
 */
export function executeByIds<R>(one: Executable<R>, many: Executable<R>, ids: readonly unknown[], params: Record<string, unknown> = {}): Promise<R[]> {
  return ids.length === 1 ? one.execute({ ...params, id: ids[0] }) : many.execute({ ...params, ids });
}
