/**
 * The outbox's database (DESIGN §4), in IndexedDB through Dexie. React-free and free of page globals: the page and the
 * service worker both open it, through `src/lib/offline/store` (index.ts), the one module both import.
 *
 * - `outbox`: progress posts, bookmark presses and quiz answers waiting to reach the server, in order, each with its Idempotency-Key
 *   and its owner: an item is only ever sent under its own user's token.
 * - `homework`: homework files (the merged PDF of the photos, the other files, as Blobs) waiting to go up through the
 *   resumable upload (`./homework.ts`), each with the client's key of its upload and its owner.
 * - `sealed`: on a class tablet, a pupil's unsent items encrypted for them alone (`../vault.ts`).
 * - `auth`: the signed-in user's token, so that the service worker can replay the outbox (Background Sync) without a
 *   page. Removed at logout.
 *
 * The pupil's answers (subjects, chapters, lessons…) are not here: they live in the persisted query cache
 * (`src/lib/offline/queryCache.ts`). Version 2 deletes the `entries` table that held them before.
 */
import Dexie, { type EntityTable } from "dexie";
import { OUTBOX_DB_NAME } from "./name";

type OutboxKind = "progress" | "bookmark" | "quiz";

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
  /**
   * For a service with a token of its own (the quiz service): the URL that gives it, asked (POST) with the user's own
   * token when the item is sent, and its answer's `token` sent as the item's bearer. Never a token itself.
   */
  exchange?: string;
  body: unknown;
  /** What the item is about (e.g. `lesson:42`), for "saved on this device" next to it. */
  scope: string;
  createdAt: number;
  /** Server errors met so far (5xx/429); network failures do not count. */
  tries: number;
}

/**
 * A homework file kept on the device until the server has it (issue 23 item 4): one row per file, sent by the outbox's
 * sync through the resumable upload under its owner's token. `key` is the upload's client key (`upload_key`): a create
 * replayed after a crash answers the same upload, so the server keeps the file once.
 */
export interface HomeworkItem {
  id?: number;
  userId: number;
  examId: number;
  /** The uploads' address of the exam (`…/student/content-exam/{id}/uploads`), the API base included. */
  url: string;
  name: string;
  /** The file's bytes; emptied once the server refused it for good (`refused`). */
  blob: Blob;
  key: string;
  createdAt: number;
  /** Server errors met so far (5xx/429); network failures do not count. */
  tries: number;
  /**
   * The server refused it for good (the exam's time was over when it arrived, ten files already…): the bytes are gone,
   * the row stays so that the exam's page tells the pupil, until they have read it.
   */
  refused?: { status: number; code: string };
}

/**
 * A pupil's unsent items sealed on a class tablet (issue 23) at the end of their session while the network was down:
 * AES-GCM ciphertext under their per-tablet key (which the device never keeps), and the count in clear for the grid.
 */
export interface SealedRow {
  id?: number;
  userId: number;
  tabletId: number;
  /** 12 random bytes, AES-GCM's nonce. */
  iv: Uint8Array;
  /**
   * The items encrypted; the additional data binds them to the pupil and the tablet. Format 1 (no `format`): the
   * outbox items as JSON. Format 2: a 4-byte length, a JSON header (outbox items, homework rows without their bytes),
   * then the homework files' bytes one after the other.
   */
  data: ArrayBuffer;
  format?: 2;
  /** How many items are inside, for "N envois en attente". */
  count: number;
  sealedAt: number;
}

export interface AuthRow {
  id: "current";
  userId: number;
  token: string;
}

export class DarsiDb extends Dexie {
  outbox!: EntityTable<OutboxItem, "id">;
  auth!: EntityTable<AuthRow, "id">;
  sealed!: EntityTable<SealedRow, "id">;
  homework!: EntityTable<HomeworkItem, "id">;

  constructor(name = OUTBOX_DB_NAME) {
    super(name);
    this.version(1).stores({ entries: "id, userId, savedAt", outbox: "++id, userId, scope", auth: "id" });
    // The answers moved to the persisted query cache: the table that held them goes, with what it held.
    this.version(2).stores({ entries: null });
    // Class tablets: a pupil's unsent items, sealed under their key when their session ended offline.
    this.version(3).stores({ sealed: "++id, userId" });
    // Homework kept on the device until it is sent (issue 23 item 4).
    this.version(4).stores({ homework: "++id, userId, [userId+examId]" });
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
