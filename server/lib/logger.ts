import { AsyncLocalStorage } from "node:async_hooks";

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** The request being served (its id), for every log line written while it runs: app.ts sets it per request. */
const requestScope = new AsyncLocalStorage<string>();

/** Runs `fn` as part of request `id`: every log line written meanwhile (by any logger) carries `request_id`. */
export function withRequestId<T>(id: string, fn: () => T): T {
  return requestScope.run(id, fn);
}

/** A client's X-Request-Id kept as is: 1 to 128 visible ASCII characters (no spaces, nothing to forge a log line with). */
export const REQUEST_ID_PATTERN = /^[\x21-\x7e]{1,128}$/;

/**
 * One JSON object per line on stdout (structured logs), with the `request_id` of the request being served. Never give
 * it passwords or codes.
 */
export function createLogger(level: Level | "silent" = "info"): Logger {
  const min = ORDER[level];
  const write = (lvl: Level, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    const requestId = requestScope.getStore();
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...(requestId ? { request_id: requestId } : {}), ...fields });
    (lvl === "error" || lvl === "warn" ? process.stderr : process.stdout).write(line + "\n");
  };
  return {
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
  };
}
