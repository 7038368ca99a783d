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
import { dehydrate, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { createSyncStoragePersister } from "@tanstack/query-sync-storage-persister";
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  removeOldestQuery,
  type PersistedClient,
  type PersistQueryClientOptions,
} from "@tanstack/react-query-persist-client";
import { env } from "../env";
import { subscribeSession } from "../session";
import { currentUserId } from "./user";

const QUERY_CACHE_PREFIX = "darsi:queries:";
/** Keys of earlier designs, deleted at start wherever they were left. */
const LEGACY_PREFIXES = ["darsi:snap:", "darsi:device:"];
/** A kept answer older than this is forgotten, even offline. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** At most this many answers per pupil (the oldest go first). */
const MAX_QUERIES = 400;

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

const dehydrateOptions: NonNullable<PersistQueryClientOptions["dehydrateOptions"]> = {
  // An answer whose later refetch failed (offline: status "error", data kept) is still the pupil's answer: kept too.
  shouldDehydrateQuery: (query) =>
    query.state.data !== undefined && isKeptOnDevice(query.queryKey) && Date.now() - query.state.dataUpdatedAt < MAX_AGE_MS,
  // Writes go through the outbox, never through persisted mutations.
  shouldDehydrateMutation: () => false,
};

/** The newest `MAX_QUERIES` answers only. */
function serialize(client: PersistedClient): string {
  const { queries } = client.clientState;
  if (queries.length <= MAX_QUERIES) return JSON.stringify(client);
  const newest = [...queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt).slice(0, MAX_QUERIES);
  return JSON.stringify({ ...client, clientState: { ...client.clientState, queries: newest } });
}

interface Attached {
  userId: number;
  close: () => void;
}

let attached: Attached | null = null;

/**
 * The persisted cache of `userId` on `queryClient`: restores it (awaited before the first render), then saves every
 * change. The storage handed to the persister stops writing once closed (logout, another pupil).
 */
async function attach(queryClient: QueryClient, userId: number): Promise<void> {
  detach();
  const key = queryCacheKey(userId);
  let open = true;
  const storage = {
    getItem: (k: string) => localStorage.getItem(k),
    setItem: (k: string, value: string) => {
      if (open) localStorage.setItem(k, value);
    },
    removeItem: (k: string) => localStorage.removeItem(k),
  };
  const persister = createSyncStoragePersister({ storage, key, serialize, retry: removeOldestQuery });
  const options = { queryClient, persister, buster: env.buildId, maxAge: MAX_AGE_MS, dehydrateOptions };
  const saveNow = () => {
    if (!open || document.visibilityState !== "hidden") return;
    try {
      storage.setItem(key, serialize({ buster: env.buildId, timestamp: Date.now(), clientState: dehydrate(queryClient, dehydrateOptions) }));
    } catch {
      // full: the throttled save trims it (oldest answers first)
    }
  };
  let unsubscribe = () => {};
  const me: Attached = {
    userId,
    close: () => {
      open = false;
      unsubscribe();
      document.removeEventListener("visibilitychange", saveNow);
    },
  };
  attached = me;
  await persistQueryClientRestore(options).catch(() => undefined);
  if (!open) return;
  unsubscribe = persistQueryClientSubscribe(options);
  // Leaving the app within the throttle's second still keeps what the pupil saw.
  document.addEventListener("visibilitychange", saveNow);
}

function detach(): void {
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
