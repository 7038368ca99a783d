/**
 * The outbox's page side (DESIGN §4), loaded on demand (it brings Dexie, 33 kB gzip): work that must reach the server
 * (progress posts, bookmark presses, quiz answers) is stored in the outbox store first (`./store`, the module the service worker
 * imports too), then sent; this module decides when to replay (now, on reconnection, on return to the tab, after a
 * backoff, and through the worker's Background Sync), tells the top bar what waits, and marks the screens a delivered
 * item changed as out of date.
 */
import type { QueryClient } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import { ApiRequestError } from "../api";
import { env } from "../env";
import { keyRoots } from "../queryKeys";
import { toast } from "../toast";
import { latestRecordingsKey, lessonListsKey } from "../queryKeys";
import { quizzesKey } from "../quizzesKey";
import { getSession } from "../session";
import {
  OUTBOX_CHANNEL,
  OUTBOX_SYNC_TAG,
  enqueue,
  flushHomework,
  flushOutbox,
  forgetHomework,
  forgetTokenForReplay,
  homeworkOf,
  keepTokenForReplay,
  pendingItems,
  queueHomework,
  type FlushReport,
  type HomeworkFile,
  type HomeworkItem,
  type HomeworkProgress,
  type HomeworkReport,
  type OutboxItem,
} from "./store";
import { markOutbox } from "./pending";
import { probeServer, reportPending, reportReachable } from "./status";
import { currentUserId, userIdOfToken } from "./user";

export interface OutboxRequest {
  kind: OutboxItem["kind"];
  url: string;
  method?: OutboxItem["method"];
  headers?: Record<string, string>;
  body: unknown;
  scope: string;
  /** A service with a token of its own (the quiz service): where the item's bearer is asked when it is sent. */
  exchange?: string;
}

export type OutboxResult<T> = { status: "sent"; payload: T } | { status: "queued" };

let client: QueryClient | undefined;

async function refreshPending(userId: number | null): Promise<void> {
  if (userId === null) {
    reportPending(0, []);
    return;
  }
  let scopes: string[] = [];
  try {
    const [items, homework] = await Promise.all([pendingItems(userId), homeworkOf(userId)]);
    scopes = [...items.map((i) => i.scope), ...homework.filter((h) => !h.refused).map((h) => `exam:${h.examId}`)];
    // A refusal not yet read keeps the store loaded at start, so that the exam's page can say so.
    markOutbox(userId, items.length + homework.length);
  } catch {
    // the store cannot be read: the marker stays as it was
  }
  reportPending(scopes.length, scopes);
  notifyHomework();
}

/**
 * What a delivered item changes on the screens (query-key prefixes): progress moves the subjects and chapters and the
 * home's latest recordings (their percentages); a bookmark the bookmarks list; a quiz answer below. Alerts, ad cards and free/new contents
 * keep their 3-hour TTL.
 */
const CHANGED_BY: Record<OutboxItem["kind"], ReadonlyArray<readonly string[]>> = {
  progress: [keyRoots.subjects, latestRecordingsKey],
  bookmark: [keyRoots.bookmarks],
  // A quiz answer moves the quiz's best score, the lesson's check mark (its list) and the subjects' percentages.
  quiz: [quizzesKey, lessonListsKey, keyRoots.subjects],
};

/**
 * `direct`: the item this flush was started for (its answer goes straight to its caller). Delivered work marks what
 * it changed as out of date (in memory, hence in the persisted cache too); work replayed from earlier also refreshes
 * the lesson lists.
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
    if (replayed) void client.invalidateQueries({ queryKey: lessonListsKey });
  }
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
  // Marked before it is stored: a page closed in between loads the outbox at its next start and finds out.
  markOutbox(userId, 1);
  const id = await enqueue({
    kind: req.kind,
    url: req.url,
    method: req.method ?? "POST",
    headers: req.headers ?? {},
    body: req.body,
    scope: req.scope,
    ...(req.exchange ? { exchange: req.exchange } : {}),
    userId,
    key: crypto.randomUUID(),
  });
  void refreshPending(userId);
  const report = await flushOutbox({ userId, token: session.token });
  afterFlush(userId, report, id);
  if (report.sent.has(id)) return { status: "sent", payload: report.sent.get(id) as T };
  const refused = report.rejected.find((r) => r.item.id === id);
  if (refused) throw new ApiRequestError(refused.status, refused.code, refused.message, refused.errors);
  requestBackgroundSync();
  return { status: "queued" };
}

/** Replays the signed-in user's outbox now (no-op when empty or signed out). */
async function flushNow(): Promise<FlushReport | null> {
  const session = getSession();
  const userId = session ? userIdOfToken(session.token) : null;
  if (!session || userId === null) return null;
  const report = await flushOutbox({ userId, token: session.token });
  afterFlush(userId, report);
  void sendWaitingHomework();
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
 * backoff; keeps the token where the service worker can replay too.
 */
export async function startSync(queryClient: QueryClient): Promise<void> {
  client = queryClient;
  const session = getSession();
  const userId = session ? userIdOfToken(session.token) : null;
  if (!session || userId === null) return;
  await keepTokenForReplay(userId, session.token).catch(() => undefined);
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

/**
 * Before logout, while the token is still valid: one last chance for waiting items.
 * @public (called through `loadSync()`, which knip does not follow)
 */
export async function flushBeforeSignOut(timeoutMs = 3_000): Promise<void> {
  const last = settled().then(() => flushNow().catch(() => null));
  await Promise.race([last, new Promise((r) => setTimeout(r, timeoutMs))]);
}

// ------------------------------------------------------------------ homework (issue 23 item 4)

const homeworkListeners = new Set<() => void>();
const progress = new Map<number, HomeworkProgress>();
let homeworkRun: Promise<void> | null = null;
let homeworkAgain = false;
let homeworkAbort: AbortController | null = null;

function notifyHomework(): void {
  for (const listener of homeworkListeners) listener();
}

/**
 * Calls `listener` whenever the device's homework rows or an upload's progress change (the exam's page).
 * @public (called through `loadSync()`, which knip does not follow)
 */
export function subscribeHomework(listener: () => void): () => void {
  homeworkListeners.add(listener);
  return () => homeworkListeners.delete(listener);
}

/**
 * Where a waiting file's upload stands, while it goes up.
 * @public (called through `loadSync()`)
 */
export const homeworkProgress = (id: number): HomeworkProgress | undefined => progress.get(id);

/**
 * The signed-in user's homework rows of an exam: waiting, going up, or refused (not yet read).
 * @public (called through `loadSync()`)
 */
export async function queuedHomework(examId: number): Promise<HomeworkItem[]> {
  const userId = currentUserId();
  return userId === null ? [] : homeworkOf(userId, examId);
}

/**
 * The homework's "send": the files are stored on the device first (under the pupil's id), then go up now if the
 * network allows, and otherwise with the outbox's next replay. Resolves once they are on the device.
 * @public (called through `startedSync()`)
 */
export async function sendHomework(examId: number, files: HomeworkFile[]): Promise<void> {
  const session = getSession();
  const userId = session ? userIdOfToken(session.token) : null;
  if (!session || userId === null) throw new ApiRequestError(401, "unauthorized", "Not signed in");
  markOutbox(userId, files.length);
  await queueHomework(userId, examId, `${env.apiBase}/student/content-exam/${examId}/uploads`, files);
  await refreshPending(userId);
  void sendWaitingHomework();
}

/**
 * Cancels a waiting file, or forgets a refusal the pupil has read.
 * @public (called through `loadSync()`)
 */
export async function forgetQueuedHomework(id: number): Promise<void> {
  const userId = currentUserId();
  if (userId === null) return;
  await forgetHomework(userId, id);
  progress.delete(id);
  await refreshPending(userId);
}

/** Sends the signed-in user's waiting homework (one run at a time; a call during a run asks for one more). */
function sendWaitingHomework(): Promise<void> {
  if (homeworkRun) {
    homeworkAgain = true;
    return homeworkRun;
  }
  const run = (async () => {
    do {
      homeworkAgain = false;
      const session = getSession();
      const userId = session ? userIdOfToken(session.token) : null;
      if (!session || userId === null) return;
      homeworkAbort = new AbortController();
      const report = await flushHomework({
        userId,
        token: session.token,
        signal: homeworkAbort.signal,
        onProgress: (p) => {
          progress.set(p.id, p);
          notifyHomework();
        },
      }).catch((e: unknown) => {
        console.warn("homework: not sent", e);
        return null;
      });
      if (report) afterHomework(userId, report);
    } while (homeworkAgain);
  })().finally(() => {
    homeworkRun = null;
    homeworkAbort = null;
  });
  homeworkRun = run;
  inFlight.add(run);
  void run.finally(() => inFlight.delete(run));
  return run;
}

function afterHomework(userId: number, report: HomeworkReport): void {
  // What is still waiting shows as waiting again (a file going up shows its share only while it goes).
  progress.clear();
  if (report.stoppedBy === "network") reportReachable(false);
  else if (report.delivered.length > 0 || report.refused.length > 0) reportReachable(true);
  if (report.delivered.length > 0) {
    toast.success(t`Devoir envoyé`);
    if (client) void client.invalidateQueries({ queryKey: [...keyRoots.exams] });
  }
  if (report.refused.length > 0) toast.warning(t`Un devoir n'a pas pu être envoyé : la page de l'examen dit pourquoi.`);
  if (report.remaining > 0 && report.stoppedBy !== "aborted") scheduleRetry(report.stoppedBy);
  void refreshPending(userId);
}

/**
 * Logout on a shared tablet: the token copy goes and the replay stops; the user's unsent outbox items stay on the
 * device, bound to them, and are sent the next time they sign in — never under anyone else's token.
 */
export async function stopForSignOut(): Promise<void> {
  await forgetTokenForReplay();
  // A homework upload going on stops here (its file stays on the device, for this pupil's next sign-in).
  homeworkAbort?.abort();
  await homeworkRun?.catch(() => undefined);
  progress.clear();
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
  reportPending(0, []);
}
