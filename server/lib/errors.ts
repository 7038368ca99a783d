import type { ErrorCode } from "../../domain/errors";
import { ERROR_DESCRIPTIONS } from "./error-descriptions";

/** A failure the client should see, with its HTTP status, code and optional field errors. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    readonly code: ErrorCode,
    readonly errors?: Record<string, string[]>,
    message?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_DESCRIPTIONS[code]);
  }
}

export const fieldError = (status: 400 | 404 | 422, field: string, code: ErrorCode) => new AppError(status, code, { [field]: [code] });
export const forbidden = (code: ErrorCode = "forbidden") => new AppError(403, code);
export const notFound = () => new AppError(404, "not_found");

/** Seconds a client is asked to wait before retrying while the database is away (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 503 `database_unavailable`: the database cannot be reached right now; the same request (same key) may be sent again. */
const databaseUnavailable = () =>
  new AppError(503, "database_unavailable", undefined, undefined, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });

/**
 * SQLSTATEs that mean "the connection or the server is gone or refused us", not "this request is wrong": class 08
 * (connection exception), 57P01–57P03 (terminated by an administrator, crash shutdown, cannot connect now), 25P03
 * (the session was ended by `idle_in_transaction_session_timeout`), 53300 (too many connections), 57014 (the statement
 * timeout cancelled a statement that waited too long).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|25P03|53300|57014)$/;
/** Socket errors of the driver (no SQLSTATE): refused, reset, timed out, unreachable. */
const UNAVAILABLE_ERRNO = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** node-postgres and pg-pool say these in words only. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Query read timeout|Connection ended unexpectedly)/;

/** Errors of opening a connection (any SQLSTATE: a database that refuses connections answers 55000), marked by the driver's client. */
const connectFailures = new WeakSet<object>();

/** Marks an error raised while a new database connection was being opened: whatever it says, the database is away. */
export function markConnectFailure(err: unknown): void {
  if (err && typeof err === "object") connectFailures.add(err);
}

/**
 * True when `err` (or an error it wraps in `cause`, as Drizzle does) means that the database could not be reached or
 * dropped the connection: the request may succeed when sent again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AppError) return false;
    if (connectFailures.has(e)) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/** The answer for any thrown value: itself when it is an `AppError`, 503 when the database is away, else null (a 500). */
export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err)) return databaseUnavailable();
  return null;
}

/** The driver's own words for a failure: SQLSTATE and message of the innermost `cause` (Drizzle's own message is the query), for logs. */
export function causeText(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && e && typeof e === "object" && (e as { cause?: unknown }).cause; depth++) e = (e as { cause?: unknown }).cause;
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return `${typeof code === "string" ? `${code} ` : ""}${typeof message === "string" ? message : String(e)}`.slice(0, 300);
}
