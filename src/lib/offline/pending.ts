/**
 * Whether this device's outbox may hold something of a user, known without opening it: the outbox's code (Dexie,
 * 33 kB gzip) then loads at start only when there is work to replay, and otherwise with the first write (a progress
 * post, a bookmark press) or at logout. React-free and Dexie-free.
 *
 * The page writes a marker per user from what the outbox really holds (after each count and each flush). It errs
 * towards "may hold": a marker left "pending" after the service worker delivered the work only loads the code once
 * more, which then writes "empty"; no marker (a device from before it) counts as "may hold" unless the browser says the
 * outbox's database does not exist.
 */

import { OUTBOX_DB_NAME } from "./store/name";

export { OUTBOX_DB_NAME };

const markerKey = (userId: number) => `darsi:outbox:${userId}`;

/** Records what the outbox holds for `userId` now (0: nothing to replay). */
export function markOutbox(userId: number, waiting: number): void {
  try {
    localStorage.setItem(markerKey(userId), waiting > 0 ? "pending" : "empty");
  } catch {
    // storage unavailable: the next start loads the outbox to find out
  }
}

/**
 * Forgets the marker at logout (a shared tablet keeps nothing of the pupil in clear): at their next sign-in the outbox's
 * database exists, so it counts as "may hold" and is looked into.
 */
export function forgetOutboxMarker(userId: number): void {
  try {
    localStorage.removeItem(markerKey(userId));
  } catch {
    // nothing was kept either
  }
}

/** False only when this device's outbox surely holds nothing of `userId`. */
export async function outboxMayHold(userId: number): Promise<boolean> {
  let marker: string | null = null;
  try {
    marker = localStorage.getItem(markerKey(userId));
  } catch {
    return true;
  }
  if (marker === "empty") return false;
  if (marker === "pending") return true;
  try {
    if (typeof indexedDB !== "undefined" && typeof indexedDB.databases === "function") {
      const databases = await indexedDB.databases();
      if (!databases.some((d) => d.name === OUTBOX_DB_NAME)) {
        markOutbox(userId, 0);
        return false;
      }
    }
  } catch {
    // the browser cannot list its databases: look inside
  }
  return true;
}
