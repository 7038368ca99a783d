/**
 * The one fetch core of the browser (DESIGN §3): every call to the product API and its services goes through it — the
 * bearer token, `Accept-Language`, the Idempotency-Key, the error envelope (`./envelope.ts`, shared with the outbox and
 * the service worker) and the reachability the top bar shows are written here once. Modes: a JSON body (`body`), a body
 * sent as is (`raw`: a form, a file, an upload chunk, with its own Content-Type), and a file answer (`apiBlob`).
 */
import type { ApiSuccess } from "@domain/errors";
import { deviceId } from "../device";
import { env } from "../env";
import { initialLocale } from "../i18n";
import { getSession } from "../session";
import { reportReachable } from "../offline/status";
import { errorOfAnswer, networkError, readJson } from "./envelope";

export { ApiRequestError, isLostAnswer, isSessionEnded } from "./envelope";

interface CommonOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Send without the bearer token even when signed in. */
  anonymous?: boolean;
  idempotencyKey?: string;
  base?: string;
  /** Extra headers (a service's API key, `Upload-Offset`…); they never replace Authorization or Idempotency-Key. */
  headers?: Record<string, string>;
}

/** A JSON body (serialised here), or none. */
interface JsonBody {
  body?: unknown;
  raw?: never;
  contentType?: never;
}

/** A body sent as is: a FormData (no `contentType`: the browser writes the multipart boundary), a Blob, bytes. */
interface RawBody {
  raw: BodyInit;
  contentType?: string;
  body?: never;
}

export type RequestOptions = CommonOptions & (JsonBody | RawBody);

function buildUrl(base: string, path: string, query?: RequestOptions["query"]): string {
  const url = `${base}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function headersFor(options: RequestOptions, accept: string): Record<string, string> {
  // The interface's language: the codes and messages this call makes the server send are written in it.
  const headers: Record<string, string> = { Accept: accept, "Accept-Language": initialLocale(), ...options.headers };
  const session = options.anonymous ? null : getSession();
  if (session) headers.Authorization = `Bearer ${session.token}`;
  const device = deviceId();
  if (device) headers["X-Device-Id"] = device;
  if (options.raw !== undefined) {
    if (options.contentType) headers["Content-Type"] = options.contentType;
  } else if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  return headers;
}

/** Sends the request; answers the successful Response, throws the envelope's ApiRequestError otherwise. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(buildUrl(options.base ?? env.apiBase, path, options.query), {
      method: options.method ?? "GET",
      headers: headersFor(options, accept),
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    reportReachable(false);
    throw networkError();
  }
  reportReachable(true);
  if (!res.ok) throw errorOfAnswer(res, await readJson(res));
  return res;
}

/**
 * A successful answer's envelope. A body whose reading is cut is never "no body": an abort stays an abort (a cancelled
 * query keeps what it had) and a connection lost mid-answer is a network error (retried, or shown as offline), so no
 * query ever resolves — and is kept on the device — with an empty payload it was not sent. A 2xx that is not JSON (a
 * captive portal's page) is not the API's answer either: a network error.
 */
async function readSuccess(res: Response): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    reportReachable(false);
    throw networkError();
  }
  if (text === "") return { payload: null };
  try {
    return JSON.parse(text) as unknown;
  } catch {
    reportReachable(false);
    throw networkError();
  }
}

/** Calls the product API and unwraps the envelope of DESIGN §3 (a JSON body, a raw body or none). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
  const res = await send(path, options, "application/json");
  return (await readSuccess(res)) as ApiSuccess<T>;
}

/** A file the API serves to its owner only (a report card, the avatar): fetched with the bearer token, as a Blob. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const res = await send(path, options, "*/*");
  try {
    return await res.blob();
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    reportReachable(false);
    throw networkError();
  }
}
