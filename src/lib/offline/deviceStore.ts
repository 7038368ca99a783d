/**
 * The device store's page side (DESIGN §4), loaded on the first query of a signed-in user (it brings Dexie):
 * answers kept per user with their age, the outbox and the moments it is replayed, and the logout wipe.
 *
 * Decisions (README "Offline"): an answer kept on the device is shown at once and revalidated in the background when
 * the network allows; in memory, its query's staleTime (3 h for subjects, chapters, alerts, ad cards, free/new
 * contents — SPEC §9) then decides when to ask again. Past that TTL it is still shown offline rather than nothing, for
 * at most `MAX_AGE_MS`. Answers of another build are dropped (buster = build id).
 */
import { partialMatchKey, type Query, type QueryClient, type QueryFunction, type QueryFunctionContext, type QueryKey } from "@tanstack/react-query";
import { ApiRequestError } from "../api";
import { env } from "../env";
import { getSession } from "../session";
import { getDb, type CachedEntry, type OutboxItem } from "./db";
import { OUTBOX_CHANNEL, OUTBOX_SYNC_TAG, enqueue, flushOutbox, pendingItems, type FlushReport } from "./outbox";
import { probeServer, reportPending, reportReachable } from "./status";
import { markDevice } from "./persister";
import { currentUserId, userIdOfToken } from "./user";

/** A kept answer older than this is forgotten, even offline. */
export const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** At most this many answers per user (the oldest go first). */
export const MAX_ENTRIES = 400;

const entryId = (userId: number, queryKey: QueryKey) => `${userId}|${JSON.stringify(queryKey)}`;

/**
 * Opens the database ahead of the first question (a repeat visit starts it while the page's code loads): the first
 * screen's answers then wait only for their reads, not for the open (about 100 ms on a slow phone).
 */
export function openEarly(): void {
  void getDb()
    .open()
    .catch(() => undefined);
}

async function readEntry(userId: number, queryKey: QueryKey, now = Date.now()): Promise<CachedEntry | undefined> {
  const entry = await getDb().entries.get(entryId(userId, queryKey));
  if (!entry) return undefined;
  if (entry.build !== env.buildId || now - entry.savedAt > MAX_AGE_MS || entry.userId !== userId) {
    await getDb().entries.delete(entry.id);
    return undefined;
  }
  return entry;
}

/** Data objects that came from the device: writing them back would only refresh their age wrongly. */
const fromDevice = new WeakSet<object>();

function restore<T>(query: Query, entry: CachedEntry): T {
  if (entry.data && typeof entry.data === "object") fromDevice.add(entry.data);
  // The query stores "now" as its update time when the function resolves; give it the answer's real age right after
  // (as TanStack's own persister does), then revalidate in the background when online: the screen shows the device's
  // copy at once and the server's as soon as it answers.
  setTimeout(() => {
    if (query.state.data !== entry.data) return;
    query.setState({ dataUpdatedAt: entry.savedAt, isInvalidated: entry.invalidated === true });
    if (navigator.onLine !== false) void query.fetch().catch(() => undefined);
  }, 0);
  return entry.data as T;
}

const isNetworkFailure = (error: unknown) => error instanceof ApiRequestError && error.isNetwork;

/** The `persister` of kept queries: from the device when not in memory yet, from the network otherwise, the device again if the network fails. */
export async function answerQuery<T>(
  userId: number,
  queryFn: QueryFunction<T, QueryKey, never>,
  ctx: QueryFunctionContext<QueryKey>,
  query: Query,
): Promise<T> {
  if (query.state.data === undefined) {
    const entry = await readEntry(userId, query.queryKey).catch(() => undefined);
    if (entry) return restore<T>(query, entry);
  }
  try {
    return await queryFn(ctx);
  } catch (error) {
    if (isNetworkFailure(error) && query.state.data === undefined) {
      const entry = await readEntry(userId, query.queryKey).catch(() => undefined);
      if (entry) return restore<T>(query, entry);
    }
    throw error;
  }
}

// ------------------------------------------------------------------ writing answers

const writes = new Map<string, CachedEntry>();
let writeTimer: ReturnType<typeof setTimeout> | undefined;

async function writeQueued(): Promise<void> {
  writeTimer = undefined;
  const owner = currentUserId();
  // Only the signed-in user's answers: a write queued just before a logout never lands after the wipe.
  const batch = [...writes.values()].filter((e) => e.userId === owner);
  writes.clear();
  if (batch.length === 0 || owner === null) return;
  try {
    await getDb().entries.bulkPut(batch);
    markDevice(owner, true);
  } catch {
    // quota or private mode: the screens keep working from the network
  }
}

/** Writes the queued answers now. */
export async function writePending(): Promise<void> {
  if (writeTimer) clearTimeout(writeTimer);
  await writeQueued();
}

/** Queues the query's current data for its user (written in batches). */
export function rememberQuery(userId: number, query: Query): void {
  const data = query.state.data;
  if (data === undefined || (data && typeof data === "object" && fromDevice.has(data))) return;
  const id = entryId(userId, query.queryKey);
  writes.set(id, { id, userId, queryKey: [...query.queryKey], data, savedAt: query.state.dataUpdatedAt || Date.now(), build: env.buildId });
  writeTimer ??= setTimeout(() => void writeQueued(), 250);
}

async function prune(userId: number): Promise<void> {
  const db = getDb();
  // Another pupil's answers (their session ended without a logout on this device) are not kept.
  await db.entries.where("userId").notEqual(userId).delete();
  const now = Date.now();
  const mine = await db.entries.where("userId").equals(userId).toArray();
  const dead = mine.filter((e) => e.build !== env.buildId || now - e.savedAt > MAX_AGE_MS).map((e) => e.id);
  const alive = mine.filter((e) => !dead.includes(e.id)).sort((a, b) => b.savedAt - a.savedAt);
  dead.push(...alive.slice(MAX_ENTRIES).map((e) => e.id));
  if (dead.length > 0) await db.entries.bulkDelete(dead);
}

// ------------------------------------------------------------------ outbox

export interface OutboxRequest {
  kind: OutboxItem["kind"];
  url: string;
  method?: OutboxItem["method"];
  headers?: Record<string, string>;
  body: unknown;
  scope: string;
}

export type OutboxResult<T> = { status: "sent"; payload: T } | { status: "queued" };

let client: QueryClient | undefined;

async function refreshPending(userId: number | null): Promise<void> {
  if (userId === null) {
    reportPending(0, []);
    return;
  }
  const items = await pendingItems(userId).catch(() => [] as OutboxItem[]);
  reportPending(
    items.length,
    items.map((i) => i.scope),
  );
}

/**
 * What a delivered item changes on the screens (query-key prefixes): progress moves the subjects and chapters and the
 * home's latest recordings (their percentages); a bookmark the bookmarks list. Alerts, ad cards and free/new contents
 * keep their 3-hour TTL.
 */
const CHANGED_BY: Record<OutboxItem["kind"], ReadonlyArray<readonly string[]>> = {
  progress: [["subjects"], ["home", "latest-recordings"]],
  bookmark: [["bookmarks"]],
};


/** Marks the user's kept answers under these prefixes as out of date: a later start shows them and refetches at once. */
async function invalidateOnDevice(userId: number, prefixes: ReadonlyArray<readonly string[]>): Promise<void> {
  await getDb()
    .entries.where("userId")
    .equals(userId)
    .filter((e) => prefixes.some((p) => partialMatchKey(e.queryKey, p)))
    .modify({ invalidated: true });
}

/**
 * `direct`: the item this flush was started for (its answer goes straight to its caller). Delivered work marks what
 * it changed as out of date, in memory and on the device; work replayed from earlier also refreshes the lesson lists.
 * Never the open lesson itself: a new signed media URL would restart the video.
 */
function afterFlush(userId: number, report: FlushReport, direct?: number): void {
  if (report.stoppedBy === "network") reportReachable(false);
  else if (report.sent.size > 0 || report.rejected.length > 0) reportReachable(true);
  for (const r of report.rejected) console.warn("outbox: refused by the server", r.status, r.code, r.item.kind, r.item.scope);
  const kinds = new Set(report.delivered.map((i) => i.kind));
  const prefixes = [...kinds].flatMap((kind) => CHANGED_BY[kind]);
  const replayed = report.delivered.some((i) => i.id !== direct) || report.rejected.some((r) => r.item.id !== direct);
  if (client) {
    for (const prefix of prefixes) void client.invalidateQueries({ queryKey: [...prefix] });
    if (replayed) void client.invalidateQueries({ queryKey: ["lessons", "list"] });
  }
  if (prefixes.length > 0) void invalidateOnDevice(userId, prefixes).catch(() => undefined);
  if (report.remaining > 0) scheduleRetry(report.stoppedBy);
  else retryDelay = BASE_RETRY_MS;
  void refreshPending(userId);
}

const inFlight = new Set<Promise<unknown>>();

/** Resolves once every send started so far has finished (stored and tried). Logout and tests wait on it. */
export async function settled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/** Puts the request in the outbox and tries to deliver it (and everything before it) now. */
export function sendThroughOutbox<T>(req: OutboxRequest): Promise<OutboxResult<T>> {
  const run = send<T>(req);
  inFlight.add(run);
  void run.finally(() => inFlight.delete(run)).catch(() => undefined);
  return run;
}

async function send<T>(req: OutboxRequest): Promise<OutboxResult<T>> {
  const session = getSession();
  const userId = session ? userIdOfToken(session.token) : null;
  if (!session || userId === null) throw new ApiRequestError(401, "unauthorized", "Not signed in");
  const id = await enqueue({
    kind: req.kind,
    url: req.url,
    method: req.method ?? "POST",
    headers: req.headers ?? {},
    body: req.body,
    scope: req.scope,
    userId,
    key: crypto.randomUUID(),
  });
  markDevice(userId, true);
  void refreshPending(userId);
  const report = await flushOutbox({ userId, token: session.token });
  afterFlush(userId, report, id);
  if (report.sent.has(id)) return { status: "sent", payload: report.sent.get(id) as T };
  const refused = report.rejected.find((r) => r.item.id === id);
  if (refused) throw new ApiRequestError(refused.status, refused.code as never, refused.code, refused.errors);
  requestBackgroundSync();
  return { status: "queued" };
}

/** Replays the signed-in user's outbox now (no-op when empty or signed out). */
export async function flushNow(): Promise<FlushReport | null> {
  const session = getSession();
  const userId = session ? userIdOfToken(session.token) : null;
  if (!session || userId === null) return null;
  const report = await flushOutbox({ userId, token: session.token });
  afterFlush(userId, report);
  return report;
}

// ------------------------------------------------------------------ when to replay

const BASE_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60_000;
let retryDelay = BASE_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRetry(reason: FlushReport["stoppedBy"]): void {
  if (reason === "auth" || retryTimer) return; // a new token (sign-in) restarts the replay
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (document.visibilityState === "hidden") return; // on return to the tab
    void probeThenFlush();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
}

/** Asks the server whether it is there (cheap), then replays. */
async function probeThenFlush(): Promise<void> {
  if (await probeServer()) await flushNow();
  else scheduleRetry("network");
}

function requestBackgroundSync(): void {
  const sw = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!sw) return;
  void sw.ready
    .then((reg) => (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined);
}

let started = false;
let channel: BroadcastChannel | undefined;

/**
 * Starts replaying for the signed-in user: now (app start or sign-in), on reconnection, on return to the tab, after
 * backoff; keeps the token where the service worker can replay too; prunes the device's answers.
 */
export async function startSync(queryClient: QueryClient): Promise<void> {
  client = queryClient;
  const session = getSession();
  const userId = session ? userIdOfToken(session.token) : null;
  if (!session || userId === null) return;
  await getDb().auth.put({ id: "current", userId, token: session.token }).catch(() => undefined);
  void prune(userId).catch(() => undefined);
  if (!started) {
    started = true;
    window.addEventListener("online", () => void flushNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") void flushNow();
    });
    if (typeof BroadcastChannel !== "undefined") {
      channel = new BroadcastChannel(OUTBOX_CHANNEL);
      channel.onmessage = () => void refreshPending(currentUserId());
    }
  }
  await refreshPending(userId);
  await flushNow();
}

/** Before logout, while the token is still valid: one last chance for waiting items. */
export async function flushBeforeSignOut(timeoutMs = 3_000): Promise<void> {
  const last = settled().then(() => flushNow().catch(() => null));
  await Promise.race([last, new Promise((r) => setTimeout(r, timeoutMs))]);
}

/**
 * Logout on a shared tablet: the user's kept answers and the token copy go; their unsent outbox items stay on the
 * device, bound to them, and are sent the next time they sign in — never under anyone else's token.
 */
export async function wipeUser(userId: number): Promise<void> {
  for (const [id, entry] of writes) if (entry.userId === userId) writes.delete(id);
  const db = getDb();
  await db.transaction("rw", db.entries, db.auth, async () => {
    await db.entries.where("userId").equals(userId).delete();
    await db.auth.clear();
  });
  // The marker goes too, unless unsent work of this user stays (then it says so, and nothing else).
  markDevice(userId, (await db.outbox.where("userId").equals(userId).count()) > 0);
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
  reportPending(0, []);
}
