import type { ApiError, ApiSuccess, ErrorCode } from "@domain/errors";
import { isErrorCode } from "@domain/errors";
import { env } from "./env";
import { initialLocale } from "./i18n";
import { getSession } from "./session";
import { reportReachable } from "./offline/status";

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

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Send without the bearer token even when signed in. */
  anonymous?: boolean;
  idempotencyKey?: string;
  base?: string;
  /** Extra headers (e.g. a service's API key); they never replace Authorization or Idempotency-Key. */
  headers?: Record<string, string>;
}

function buildUrl(base: string, path: string, query?: RequestOptions["query"]): string {
  const url = `${base}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** Calls the product API and unwraps the envelope of DESIGN §3. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
  // The interface's language: the codes and messages this call makes the server send are written in it.
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": initialLocale(), ...options.headers };
  const session = options.anonymous ? null : getSession();
  if (session) headers.Authorization = `Bearer ${session.token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(buildUrl(options.base ?? env.apiBase, path, options.query), {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    reportReachable(false);
    throw new ApiRequestError(0, "network_error", "Network error");
  }
  reportReachable(true);
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    json = null;
  }
  if (!res.ok) {
    const e = (json ?? {}) as Partial<ApiError>;
    const retry = res.headers.get("Retry-After");
    throw new ApiRequestError(
      res.status,
      isErrorCode(e.code) ? e.code : "server_error",
      typeof e.message === "string" ? e.message : `Server error ${res.status}`,
      e.errors ?? {},
      retry ? Number(retry) : null,
    );
  }
  return (json ?? { payload: null }) as ApiSuccess<T>;
}
