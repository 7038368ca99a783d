/**
 * The bridge between TanStack Query and the device store (DESIGN §4), small enough for every page: the store itself
 * (Dexie) loads on the first query of a signed-in user.
 *
 * - `queryPersister` (the queries' `persister` option): a query kept on the device and not yet in memory is answered
 *   from the device at once (then revalidated in the background when stale); when the network fails, the device's copy
 *   answers instead of an error.
 * - `watchQueryCache`: every new answer of such a query (from the server or set locally, e.g. an optimistic bookmark)
 *   is written to the device for its user.
 *
 * Dexie (33 kB gzip) stays off the first load's critical path: a marker in localStorage says whether the device holds
 * anything for this user. When it does (a return visit), the store loads with the first query, to answer from it at
 * once. When it does not (first sign-in on this device), queries go to the network and the answers wait in memory
 * until the page is idle, then the store loads and keeps them.
 */
import type { Query, QueryClient, QueryFunction, QueryFunctionContext, QueryKey } from "@tanstack/react-query";
import type * as DeviceStoreModule from "./deviceStore";
import { currentUserId } from "./user";

/** First elements of the query keys kept on the device: the profile and the learning screens. */
const KEPT_ROOTS = new Set(["me", "subjects", "home", "lessons", "bookmarks"]);
/** Of the lessons feature, only the lessons opened and their chapter lists (not reactions, quizzes, report reasons). */
const KEPT_LESSON_KINDS = new Set(["lesson", "list"]);

export function isKeptOnDevice(queryKey: QueryKey): boolean {
  const [root, kind] = queryKey;
  if (typeof root !== "string" || !KEPT_ROOTS.has(root)) return false;
  return root !== "lessons" || (typeof kind === "string" && KEPT_LESSON_KINDS.has(kind));
}

type DeviceStore = typeof DeviceStoreModule;
let loading: Promise<DeviceStore | null> | undefined;

/** The device store module, loaded once (null when IndexedDB is unusable: private mode, old browser). */
export function loadDeviceStore(): Promise<DeviceStore | null> {
  loading ??= import("./deviceStore").then(
    (m) => m,
    () => {
      loading = undefined; // a failed chunk load may succeed later
      return null;
    },
  );
  return loading;
}

const markerKey = (userId: number) => `darsi:device:${userId}`;

/** Whether this device keeps answers or unsent work of `userId` (set by the store, removed by the logout wipe). */
export function deviceHasDataFor(userId: number): boolean {
  try {
    return localStorage.getItem(markerKey(userId)) === "1";
  } catch {
    return false;
  }
}

export function markDevice(userId: number, has: boolean): void {
  try {
    if (has) localStorage.setItem(markerKey(userId), "1");
    else localStorage.removeItem(markerKey(userId));
  } catch {
    // storage unavailable: the store simply loads with the first query next time
  }
}

/** Runs `fn` once the page is idle (or after `timeoutMs` at the latest). */
export function whenIdle(fn: () => void, timeoutMs = 4_000): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, 1_500);
}

export async function queryPersister<T>(queryFn: QueryFunction<T, QueryKey, never>, ctx: QueryFunctionContext<QueryKey>, query: Query): Promise<T> {
  const userId = currentUserId();
  if (userId === null || !isKeptOnDevice(query.queryKey) || !deviceHasDataFor(userId)) return queryFn(ctx);
  const store = await loadDeviceStore();
  if (!store) return queryFn(ctx);
  return store.answerQuery(userId, queryFn, ctx, query);
}

const waiting = new Map<string, { userId: number; query: Query }>();
let drainScheduled = false;

function drain(): void {
  void loadDeviceStore().then((store) => {
    drainScheduled = false;
    const items = [...waiting.values()];
    waiting.clear();
    if (store) for (const { userId, query } of items) store.rememberQuery(userId, query);
  });
}

/** Writes what waits now, without waiting for the idle moment (tests; a caller about to read the device). */
export async function drainNow(): Promise<void> {
  if (waiting.size === 0 && !loading) return;
  const store = await loadDeviceStore();
  const items = [...waiting.values()];
  waiting.clear();
  if (!store) return;
  for (const { userId, query } of items) store.rememberQuery(userId, query);
  await store.writePending();
}

/** Writes kept queries to the device as their data changes. Returns the unsubscribe function. */
export function watchQueryCache(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    const { query } = event;
    if (!isKeptOnDevice(query.queryKey) || query.state.data === undefined) return;
    const userId = currentUserId();
    if (userId === null) return;
    waiting.set(`${userId}|${query.queryHash}`, { userId, query });
    if (drainScheduled) return;
    drainScheduled = true;
    if (deviceHasDataFor(userId)) drain();
    else whenIdle(drain);
  });
}
