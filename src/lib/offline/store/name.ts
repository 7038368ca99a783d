/** The outbox's IndexedDB database (opened by `./db.ts`; named apart so that the page can look for it without Dexie). */
export const OUTBOX_DB_NAME = "darsi";
