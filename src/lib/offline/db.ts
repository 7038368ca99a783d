/**
 * The device store (DESIGN §4), in IndexedDB through Dexie. React-free: the page and the service worker both open it.
 *
 * - `entries`: API answers kept per user (subjects, chapters, alerts, ad cards, free/new contents, the lessons the pupil
 *   opened, the profile), so that screens render from the device at once and offline. Keyed by user and query key.
 * - `outbox`: progress posts and bookmark presses waiting to reach the server, in order, each with its Idempotency-Key
 *   and its owner: an item is only ever sent under its own user's token.
 * - `auth`: the signed-in user's token, so that the service worker can replay the outbox (Background Sync) without a
 *   page. Removed at logout.
 */
import Dexie, { type EntityTable } from "dexie";

export interface CachedEntry {
  /** `${userId}|${JSON.stringify(queryKey)}` */
  id: string;
  userId: number;
  queryKey: unknown[];
  data: unknown;
  /** When the answer came from the server (ms since epoch). */
  savedAt: number;
  /** The build that wrote it: answers of another build are dropped (their shape may differ). */
  build: string;
  /** Known to be out of date (the pupil's progress or bookmarks changed since): shown, then refetched at once. */
  invalidated?: boolean;
}

export type OutboxKind = "progress" | "bookmark";

export interface OutboxItem {
  id?: number;
  userId: number;
  kind: OutboxKind;
  /** Sent as `Idempotency-Key`: the server applies the item once, however often it is replayed. */
  key: string;
  method: "POST" | "PUT" | "DELETE";
  url: string;
  /** Extra headers (the progress service's X-Api-Key). Never the token: it is added when sending. */
  headers: Record<string, string>;
  body: unknown;
  /** What the item is about (e.g. `lesson:42`), for "saved on this device" next to it. */
  scope: string;
  createdAt: number;
  /** Server errors met so far (5xx/429); network failures do not count. */
  tries: number;
}

export interface AuthRow {
  id: "current";
  userId: number;
  token: string;
}

export class DarsiDb extends Dexie {
  entries!: EntityTable<CachedEntry, "id">;
  outbox!: EntityTable<OutboxItem, "id">;
  auth!: EntityTable<AuthRow, "id">;

  constructor(name = "darsi") {
    super(name);
    this.version(1).stores({ entries: "id, userId, savedAt", outbox: "++id, userId, scope", auth: "id" });
  }
}

let db: DarsiDb | undefined;

/** The store, opened on first use. */
export function getDb(): DarsiDb {
  db ??= new DarsiDb();
  return db;
}

/** Tests: forget the open handle (after deleting the database). */
export function resetDbForTests(): void {
  db?.close();
  db = undefined;
}
