/**
 * The API's error envelope (DESIGN §3) read once, and the one rule for retrying with an Idempotency-Key. React-free and
 * free of page globals: the fetch core (`./index.ts`), the outbox store and the service worker (through the store) use it.
 */
import type { ApiError } from "@domain/errors";
import { isErrorCode, type ErrorCode } from "@domain/errors";

/** A failed API call: HTTP status (0 for a network failure), the server's code, message and field errors. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "network_error",
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/** The error of a request that never got an answer (offline, server away, connection cut). */
export const networkError = (): ApiRequestError => new ApiRequestError(0, "network_error", "Network error");

/** An answer's JSON body, or null when it has none (or not JSON). */
export async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

/** The error a non-2xx answer stands for: its envelope's code, message and field errors, and its `Retry-After`. */
export function errorOfAnswer(res: Response, json: unknown): ApiRequestError {
  const e = (json && typeof json === "object" ? json : {}) as Partial<Record<keyof ApiError, unknown>>;
  const retry = res.headers.get("Retry-After");
  const seconds = retry === null || retry === "" ? NaN : Number(retry);
  return new ApiRequestError(
    res.status,
    isErrorCode(e.code) ? e.code : "server_error",
    typeof e.message === "string" ? e.message : `Server error ${res.status}`,
    e.errors && typeof e.errors === "object" ? (e.errors as Record<string, string[]>) : {},
    Number.isFinite(seconds) ? seconds : null,
  );
}

/**
 * The answer was lost, or is not known yet: no answer at all (network), a server error (5xx, 503 included: the
 * server's database away), or `409 conflict` (the first request with this key is still running). The request may have
 * been applied, so it is sent again with its SAME Idempotency-Key (the server applies it once and replays its answer).
 * Any other answer is definitive: the key is spent. The one rule for every retry with a key (the money forms, the
 * purchases, the outbox and the service worker's replay).
 */
export function isLostAnswer(err: unknown): boolean {
  if (!(err instanceof ApiRequestError)) return false;
  return err.isNetwork || err.status >= 500 || (err.status === 409 && err.code === "conflict");
}

/** Not applied, refused for now (429 rate limited, 408 timeout): work that waits (the outbox) tries again later. */
export function isRefusedForNow(err: unknown): boolean {
  return err instanceof ApiRequestError && (err.status === 429 || err.status === 408);
}

/** The token no longer opens the account (expired, signed out, password changed): the device signs the user out. */
export function isSessionEnded(err: unknown): boolean {
  return err instanceof ApiRequestError && err.status === 401;
}
