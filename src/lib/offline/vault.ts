/**
 * A class tablet's vault (issue 23, "nothing lost, nothing left"): when a pupil's session ends on the tablet (switch,
 * idle lock, sign-out) with items still in the outbox (the network was down), the items are encrypted with AES-GCM
 * under the pupil's per-tablet key and only the ciphertext stays, under the pupil's id, with a count in clear for the
 * grid. The key (`vault_key`, derived by the server from its secret, the tablet and the pupil) comes with each of the
 * pupil's sign-ins on that tablet; it is imported non-extractable and held in this module's memory only — never
 * written to storage — and forgotten when the session ends. At the pupil's next sign-in the same key comes back, the
 * items are decrypted into the outbox and sent under their own token (their Idempotency-Keys unchanged: applied once).
 * React-free; WebCrypto only.
 */
import { getDb, pendingItems, type OutboxItem, type SealedRow } from "./store";

interface HeldKey {
  userId: number;
  tabletId: number;
  key: CryptoKey;
}

let held: HeldKey | null = null;

/** The key's hex (64 characters, 32 bytes) as a non-extractable AES-GCM key. */
async function importVaultKey(hex: string): Promise<CryptoKey> {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error("vault: malformed key");
  const raw = new Uint8Array(32);
  for (let i = 0; i < 32; i++) raw[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
}

/** The additional data every seal is bound to: a row moved to another pupil or tablet does not decrypt. */
const boundTo = (userId: number, tabletId: number) => new TextEncoder().encode(`darsi-vault:v1:${tabletId}:${userId}`);

type SealedItem = Omit<OutboxItem, "id">;

/**
 * At a pupil's sign-in on the tablet: imports their key, holds it for the session, and moves what was sealed for them
 * on this tablet back into the outbox (in the order it was made). Returns how many items came back. A row that does
 * not decrypt (the server's secret changed) stays as it was.
 */
export async function openVault(userId: number, tabletId: number, keyHex: string): Promise<number> {
  held = null; // whoever held a key before, it is not this sign-in's
  const key = await importVaultKey(keyHex);
  held = { userId, tabletId, key };
  const db = getDb();
  const rows = (await db.sealed.where("userId").equals(userId).sortBy("id")).filter((r) => r.tabletId === tabletId);
  let restored = 0;
  for (const row of rows) {
    let items: SealedItem[];
    try {
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: row.iv as Uint8Array<ArrayBuffer>, additionalData: boundTo(userId, tabletId) }, key, row.data);
      items = JSON.parse(new TextDecoder().decode(plain)) as SealedItem[];
    } catch {
      console.warn("vault: a sealed row does not open with this key; kept");
      continue;
    }
    await db.transaction("rw", db.outbox, db.sealed, async () => {
      await db.outbox.bulkAdd(items.map((i) => ({ ...i, userId })));
      await db.sealed.delete(row.id!);
    });
    restored += items.length;
  }
  return restored;
}

/**
 * At the end of the pupil's session (after the last flush): their items still in the outbox are sealed under the held
 * key and removed in clear; then the key is forgotten. Without a key for this pupil (not a tablet session, or the page
 * was reloaded since the sign-in) nothing is sealed. Returns how many items were sealed.
 */
export async function sealAndForget(userId: number): Promise<number> {
  const current = held;
  held = null;
  if (!current || current.userId !== userId) return 0;
  const items = await pendingItems(userId);
  if (items.length === 0) return 0;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(items.map(({ id: _id, ...rest }) => rest satisfies SealedItem)));
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: boundTo(userId, current.tabletId) }, current.key, plain);
  const db = getDb();
  const row: SealedRow = { userId, tabletId: current.tabletId, iv, data, count: items.length, sealedAt: Date.now() };
  await db.transaction("rw", db.outbox, db.sealed, async () => {
    await db.sealed.add(row);
    await db.outbox.bulkDelete(items.map((i) => i.id!));
  });
  return items.length;
}

/** Whether this page holds `userId`'s key (false after a reload: the tablet asks the server for it again). */
export const holdsKeyFor = (userId: number): boolean => held?.userId === userId;

/** What waits on this device for `userId`: their items in clear plus the sealed ones (counted in clear). */
export async function waitingCount(userId: number): Promise<number> {
  const db = getDb();
  const [clear, sealed] = await Promise.all([db.outbox.where("userId").equals(userId).count(), db.sealed.where("userId").equals(userId).toArray()]);
  return clear + sealed.reduce((n, r) => n + r.count, 0);
}
