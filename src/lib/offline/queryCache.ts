/**
 * The pupil's answers on the device (DESIGN §4): TanStack Query's cache, persisted per pupil with TanStack's
 * sync-storage persister (localStorage), restored before the app's first render — so that the first render already has
 * the subjects, the chapters, the lessons the pupil opened, and so that offline they are there at all.
 *
 * - One key per pupil, `darsi:queries:<userId>`; the buster is the build id (answers of another build are dropped, their
 *   shape may differ); a saved cache older than 30 days is dropped. At start, every other pupil's cache goes (their
 *   session ended without a logout on this device), and so do the keys of the old designs (`darsi:snap:*`, the stored
 *   markup of the last screens, and `darsi:device:*`).
 * - Only the learning screens, the profile and the screens a pupil reads offline (wallet, offers, exams, sessions,
 *   notifications, messages, history, reports) are kept (`isKeptOnDevice`), only successful answers, the 400 newest, none
 *   older than 30 days; those queries never leave memory on their own (`gcTime: Infinity`), so what is saved is what the
 *   app has.
 * - Writes are throttled (1 s) and flushed when the page is hidden; the writer of a pupil is closed at logout before the
 *   key is removed, so a save scheduled just before can never write it back.
 *
 * Decision (README "Offline"): localStorage rather than TanStack's per-query persister over IndexedDB, because it is
 * read synchronously before the first render (no database to open, no 33 kB Dexie on the way) — measured in the README.
 */
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { Attached } from "./queryPersister";
import { subscribeSession } from "../session";
import { currentUserId } from "./user";

const QUERY_CACHE_PREFIX = "darsi:queries:";
/** Keys of earlier designs, deleted at start wherever they were left. */
const LEGACY_PREFIXES = ["darsi:snap:", "darsi:device:"];

/**
 * First elements of the query keys kept on the device: the profile, the learning screens, and every screen the pupil
 * opens on the bus (issue 22): the wallet, the offers, the exams, the live sessions of the week, notifications and
 * messages, the history and the reports.
 */
const KEPT_ROOTS = new Set(["me", "subjects", "home", "lessons", "bookmarks", "wallet", "offers", "exams", "sessions", "notifications", "messages", "profile", "history", "transfers", "reports"]);
/**
 * Of some features, only these kinds: the lessons opened and their chapter lists (not reactions, quizzes, report
 * reasons); the wallet's statement and its months, the offers' list (never a payment or a discount code in progress);
 * the exams' list, calendar and details (not the running timer); the week's sessions (never a room's join link, which
 * is a signed token); the transfers' history (not a transfer waiting for its code); the notifications and messages
 * (not the preferences); the profile's tables (not its avatar's bytes).
 */
const KEPT_KINDS: Record<string, ReadonlySet<string>> = {
  lessons: new Set(["lesson", "list"]),
  wallet: new Set(["statement", "balance-months"]),
  offers: new Set(["list"]),
  exams: new Set(["list", "calendar", "detail"]),
  sessions: new Set(["week"]),
  transfers: new Set(["history"]),
  notifications: new Set(["list", "unread"]),
  messages: new Set(["list", "unread", "one"]),
  profile: new Set(["marksheets", "division-changes"]),
  reports: new Set(["page", "reasons"]),
};

export function isKeptOnDevice(queryKey: QueryKey): boolean {
  const [root, kind] = queryKey;
  if (typeof root !== "string" || !KEPT_ROOTS.has(root)) return false;
  const kinds = KEPT_KINDS[root];
  return !kinds || (typeof kind === "string" && kinds.has(kind));
}

export const queryCacheKey = (userId: number) => `${QUERY_CACHE_PREFIX}${userId}`;

function storageKeys(): string[] {
  try {
    return Object.keys(localStorage);
  } catch {
    return [];
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing was kept either
  }
}

/** Deletes what earlier designs kept (stored markup, markers) and every other pupil's answers. */
function forgetOthers(userId: number | null): void {
  for (const key of storageKeys()) {
    if (LEGACY_PREFIXES.some((p) => key.startsWith(p))) remove(key);
    else if (key.startsWith(QUERY_CACHE_PREFIX) && (userId === null || key !== queryCacheKey(userId))) remove(key);
  }
}

let attached: Attached | null = null;

/**
 * The persisted cache of `userId` on `queryClient`: restores it (awaited before the first render), then saves every
 * change. The persister's code (TanStack's, ./queryPersister) is loaded here, for a signed-in pupil only: the sign-in
 * page's first load does without it (a signed-in start has it preloaded with the shell's chunk by boot.js).
 */
async function attach(queryClient: QueryClient, userId: number): Promise<void> {
  detach();
  const mine = generation;
  const { attachPersister } = await import("./queryPersister");
  // Detached (signed out, another pupil, another attach) while it loaded: that one is not wanted any more.
  if (mine !== generation || currentUserId() !== userId) return;
  await attachPersister(queryClient, userId, (me) => (attached = me));
}
/** Counts detachments: an attach that was waiting for the persister's code when one happened gives up. */
let generation = 0;

function detach(): void {
  generation++;
  attached?.close();
  attached = null;
}

let watched: QueryClient | null = null;

/**
 * At start, before the first render: forgets other pupils' answers and old designs' keys, restores the signed-in
 * pupil's answers into `queryClient`, and from then on keeps them, following sign-in and sign-out.
 */
export async function persistQueryCache(queryClient: QueryClient): Promise<void> {
  const userId = currentUserId();
  forgetOthers(userId);
  // Kept queries stay in memory as long as the app runs: what is saved is the app's cache, not what happens to be mounted.
  for (const root of KEPT_ROOTS) if (!KEPT_KINDS[root]) queryClient.setQueryDefaults([root], { gcTime: Infinity });
  for (const [root, kinds] of Object.entries(KEPT_KINDS)) for (const kind of kinds) queryClient.setQueryDefaults([root, kind], { gcTime: Infinity });
  if (userId !== null) {
    try {
      await attach(queryClient, userId);
    } catch {
      // storage unavailable (private mode): the screens work from the network
    }
  }
  if (watched) {
    watched = queryClient;
    return;
  }
  watched = queryClient;
  subscribeSession(() => {
    const next = currentUserId();
    if (next === attached?.userId) return;
    detach();
    if (next !== null && watched) {
      forgetOthers(next);
      void attach(watched, next).catch(() => undefined);
    }
  });
}

/** Logout: stops saving this pupil's answers and deletes them from the device (the memory cache is cleared by the caller). */
export function wipeQueryCache(userId: number): void {
  if (attached?.userId === userId) detach();
  remove(queryCacheKey(userId));
}

/** The queries of the pupil's answers that are on this device now (in memory, restored from it or fetched since). */
export function keptQueryKeys(queryClient: QueryClient): QueryKey[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.data !== undefined && isKeptOnDevice(q.queryKey))
    .map((q) => q.queryKey);
}
