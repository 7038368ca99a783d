/**
 * The outbox (DESIGN §4): progress posts, bookmark presses and quiz answers are written to the device first, then sent. Items are
 * replayed in the order they were made, each once (its Idempotency-Key makes the server apply it once whatever the
 * number of attempts), only under their own user's token, by one tab or worker at a time (Web Locks).
 *
 * React-free and free of page globals: the service worker runs it too (Background Sync).
 */
import { type ApiRequestError, errorOfAnswer, isLostAnswer, isRefusedForNow, isSessionEnded, networkError, readJson } from "../../api/envelope";
import { getDb, type OutboxItem } from "./db";

/**
 * Answers that are lost or refused for now (5xx but 503, 409 conflict, 429, 408: `isLostAnswer`, `isRefusedForNow`) an
 * item may meet before it is given up (and reported as rejected). A 503 (the
 * server's database is away, a restart: `database_unavailable`) means "not delivered yet": the item waits, however
 * long that lasts, without using up its tries, and goes later with its same Idempotency-Key (applied once).
 */
export const MAX_SERVER_TRIES = 10;

export const OUTBOX_CHANNEL = "darsi-outbox";
export const OUTBOX_SYNC_TAG = "darsi-outbox";

interface RejectedItem {
  item: OutboxItem;
  status: number;
  code: ApiRequestError["code"];
  message: string;
  errors: Record<string, string[]>;
}

export interface FlushReport {
  /** Answers (envelope payloads) of the items sent by this flush, by item id. */
  sent: Map<number, unknown>;
  /** The items sent by this flush, in order. */
  delivered: OutboxItem[];
  /** Items the server refused for good (validation, locked lesson…): removed from the outbox. */
  rejected: RejectedItem[];
  /** Why the flush stopped early (items remain), or null when the user's outbox is empty. */
  stoppedBy: "network" | "server" | "auth" | null;
  /** Items of this user still waiting. */
  remaining: number;
}

export interface FlushContext {
  userId: number;
  token: string;
  fetchImpl?: typeof fetch;
}

type NewItem = Omit<OutboxItem, "id" | "createdAt" | "tries">;

/** Stores an item; resolves with its id once it is safely on the device. */
export async function enqueue(item: NewItem, now = Date.now()): Promise<number> {
  const id = await getDb().outbox.add({ ...item, createdAt: now, tries: 0 });
  announce();
  return id as number;
}

/** Items of `userId` in the order they were made. */
export async function pendingItems(userId: number): Promise<OutboxItem[]> {
  return getDb().outbox.where("userId").equals(userId).sortBy("id");
}

async function pendingCount(userId: number): Promise<number> {
  return getDb().outbox.where("userId").equals(userId).count();
}

// ------------------------------------------------------------------ one sender at a time

let localChain: Promise<unknown> = Promise.resolve();

/** Runs `fn` holding the outbox lock: across tabs and the worker with Web Locks, within this context with a chain. */
function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const run = () => {
    const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
    return locks ? (locks.request(OUTBOX_CHANNEL, fn) as Promise<T>) : fn();
  };
  const next = localChain.then(run, run);
  localChain = next.catch(() => undefined);
  return next;
}

// ------------------------------------------------------------------ sending

type Attempt =
  | { kind: "ok"; payload: unknown }
  | { kind: "network" }
  | { kind: "server"; status: number }
  | { kind: "auth" }
  | { kind: "rejected"; error: ApiRequestError };

/** What an answer means for a queued item (the envelope read and the retry rule of `src/lib/api/envelope.ts`). */
function attemptOf(error: ApiRequestError): Attempt {
  if (error.isNetwork) return { kind: "network" };
  if (isSessionEnded(error)) return { kind: "auth" };
  if (isLostAnswer(error) || isRefusedForNow(error)) return { kind: "server", status: error.status };
  return { kind: "rejected", error };
}

/**
 * The bearer an item is sent with: the user's token, or for an item of a service with a token of its own (`exchange`)
 * that service's token, asked with the user's token once per flush (cached in `exchanged`).
 */
async function bearerOf(item: OutboxItem, token: string, fetchImpl: typeof fetch, exchanged: Map<string, string>): Promise<string | Attempt> {
  if (!item.exchange) return token;
  const known = exchanged.get(item.exchange);
  if (known) return known;
  let res: Response;
  try {
    res = await fetchImpl(item.exchange, { method: "POST", headers: { Accept: "application/json", Authorization: `Bearer ${token}` } });
  } catch {
    return attemptOf(networkError());
  }
  const json = await readJson(res);
  if (!res.ok) return attemptOf(errorOfAnswer(res, json));
  const own = (json as { payload?: { token?: unknown } } | null)?.payload?.token;
  if (typeof own !== "string" || own === "") return { kind: "server", status: res.status };
  exchanged.set(item.exchange, own);
  return own;
}

async function attempt(item: OutboxItem, token: string, fetchImpl: typeof fetch, exchanged: Map<string, string>): Promise<Attempt> {
  const bearer = await bearerOf(item, token, fetchImpl, exchanged);
  if (typeof bearer !== "string") return bearer;
  let res: Response;
  try {
    res = await fetchImpl(item.url, {
      method: item.method,
      headers: {
        ...item.headers,
        Accept: "application/json",
        "Content-Type": "application/json",
        Authorization: `Bearer ${bearer}`,
        "Idempotency-Key": item.key,
      },
      body: item.body === undefined ? undefined : JSON.stringify(item.body),
    });
  } catch {
    return attemptOf(networkError());
  }
  const json = await readJson(res);
  if (res.ok) return { kind: "ok", payload: (json as { payload?: unknown } | null)?.payload ?? null };
  return attemptOf(errorOfAnswer(res, json));
}

/**
 * Sends the user's waiting items, oldest first, and stops at the first one that cannot be delivered now (offline,
 * server error, expired token): the order is kept, nothing is skipped. A refused item (4xx) is removed and reported.
 */
export function flushOutbox(ctx: FlushContext): Promise<FlushReport> {
  const fetchImpl = ctx.fetchImpl ?? globalThis.fetch.bind(globalThis);
  return withLock(async () => {
    const db = getDb();
    const report: FlushReport = { sent: new Map(), delivered: [], rejected: [], stoppedBy: null, remaining: 0 };
    const items = await pendingItems(ctx.userId);
    const exchanged = new Map<string, string>();
    for (const item of items) {
      const result = await attempt(item, ctx.token, fetchImpl, exchanged);
      if (result.kind === "ok") {
        await db.outbox.delete(item.id!);
        report.sent.set(item.id!, result.payload);
        report.delivered.push(item);
        continue;
      }
      if (result.kind === "rejected") {
        await db.outbox.delete(item.id!);
        const { status, code, message, errors } = result.error;
        report.rejected.push({ item, status, code, message, errors });
        continue;
      }
      if (result.kind === "server") {
        const tries = result.status === 503 ? item.tries : item.tries + 1;
        if (tries >= MAX_SERVER_TRIES) {
          await db.outbox.delete(item.id!);
          report.rejected.push({ item, status: result.status, code: "server_error", message: `Server error ${result.status}`, errors: {} });
          continue;
        }
        await db.outbox.update(item.id!, { tries });
      }
      report.stoppedBy = result.kind;
      break;
    }
    report.remaining = await pendingCount(ctx.userId);
    if (report.sent.size > 0 || report.rejected.length > 0) announce();
    return report;
  });
}

// ------------------------------------------------------------------ telling the other tabs

/** Tells every tab (and the worker) that the outbox changed, so that their status shows the truth. */
export function announce(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage({ type: "changed" });
  channel.close();
}
