/**
 * TanStack's sync-storage persister wired to one pupil's key (./queryCache decides what is kept, whose and when): loaded
 * only once a pupil is signed in, so that the sign-in page's first load does without it.
 */
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { createSyncStoragePersister } from "@tanstack/query-sync-storage-persister";
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  removeOldestQuery,
  type PersistedClient,
  type PersistQueryClientOptions,
} from "@tanstack/react-query-persist-client";
import { env } from "../env";
import { isKeptOnDevice, queryCacheKey } from "./queryCache";

/** A kept answer older than this is forgotten, even offline. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** At most this many answers per pupil (the oldest go first). */
const MAX_QUERIES = 400;

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

export interface Attached {
  userId: number;
  close: () => void;
}

/**
 * The persisted cache of `userId` on `queryClient`: restores it (awaited before the first render), then saves every
 * change. The storage handed to the persister stops writing once closed (logout, another pupil): `onAttached` gets the
 * handle before the restore, so that a logout meanwhile closes it.
 */
export async function attachPersister(queryClient: QueryClient, userId: number, onAttached: (a: Attached) => void): Promise<void> {
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
  onAttached(me);
  await persistQueryClientRestore(options).catch(() => undefined);
  if (!open) return;
  unsubscribe = persistQueryClientSubscribe(options);
  // What the cache got while this code loaded (the first answers after a sign-in) is kept now, not at the next change.
  void persistQueryClientSave(options).catch(() => undefined);
  // Leaving the app within the throttle's second still keeps what the pupil saw.
  document.addEventListener("visibilitychange", saveNow);
}
