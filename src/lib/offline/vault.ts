/**
 * A class tablet's vault (issue 23, "nothing lost, nothing left"): when a pupil's session ends on the tablet (switch,
 * idle lock, sign-out) with items still in the outbox (the network was down), the items are encrypted with AES-GCM
 * under the pupil's per-tablet key and only the ciphertext stays, under the pupil's id, with a count in clear for the
 * grid. The key (`vault_key`, derived by the server from its secret, the tablet and the pupil) comes with each of the
 * pupil's sign-ins on that tablet; it is imported non-extractable and held in this module's memory only — never
 * written to storage — and forgotten when the session ends. At the pupil's next sign-in the same key comes back, the
 * items are decrypted into the outbox and sent under their own token (their Idempotency-Keys unchanged: applied once).
 * Their homework files waiting to go up are sealed with them (the files' bytes encrypted, nothing of them left in
 * clear) and come back with their upload keys unchanged (the server keeps each file once).
 * React-free; WebCrypto only.
 */
import { getDb, homeworkOf, pendingItems, type HomeworkItem, type OutboxItem, type SealedRow } from "./store";

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
/** A homework row sealed: everything but its bytes (which follow the header) and its id. */
type SealedHomework = Omit<HomeworkItem, "id" | "blob"> & { size: number; type: string };

interface Unsealed {
  items: SealedItem[];
  homework: Array<Omit<HomeworkItem, "id">>;
}

/** Format 2's plain text: a 4-byte length, the JSON header, then each homework file's bytes in order. */
async function packed(items: SealedItem[], homework: HomeworkItem[]): Promise<Uint8Array> {
  const header = new TextEncoder().encode(
    JSON.stringify({ items, homework: homework.map(({ id: _id, blob, ...rest }) => ({ ...rest, size: blob.size, type: blob.type }) satisfies SealedHomework) }),
  );
  const files = await Promise.all(homework.map(async (h) => new Uint8Array(await h.blob.arrayBuffer())));
  const out = new Uint8Array(4 + header.byteLength + files.reduce((n, f) => n + f.byteLength, 0));
  new DataView(out.buffer).setUint32(0, header.byteLength);
  out.set(header, 4);
  let at = 4 + header.byteLength;
  for (const f of files) {
    out.set(f, at);
    at += f.byteLength;
  }
  return out;
}

function unpacked(plain: ArrayBuffer, format: SealedRow["format"]): Unsealed {
  if (format !== 2) return { items: JSON.parse(new TextDecoder().decode(plain)) as SealedItem[], homework: [] };
  const length = new DataView(plain).getUint32(0);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(plain, 4, length))) as { items: SealedItem[]; homework: SealedHomework[] };
  let at = 4 + length;
  const homework = header.homework.map(({ size, type, ...rest }) => {
    const blob = new Blob([plain.slice(at, at + size)], { type });
    at += size;
    return { ...rest, blob };
  });
  return { items: header.items, homework };
}

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
    let opened: Unsealed;
    try {
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: row.iv as Uint8Array<ArrayBuffer>, additionalData: boundTo(userId, tabletId) }, key, row.data);
      opened = unpacked(plain, row.format);
    } catch {
      console.warn("vault: a sealed row does not open with this key; kept");
      continue;
    }
    const { items, homework } = opened;
    await db.transaction("rw", db.outbox, db.homework, db.sealed, async () => {
      await db.outbox.bulkAdd(items.map((i) => ({ ...i, userId })));
      await db.homework.bulkAdd(homework.map((h) => ({ ...h, userId })));
      await db.sealed.delete(row.id!);
    });
    restored += items.length + homework.length;
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
  const [items, homework] = await Promise.all([pendingItems(userId), homeworkOf(userId)]);
  if (items.length + homework.length === 0) return 0;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = await packed(
    items.map(({ id: _id, ...rest }) => rest satisfies SealedItem),
    homework,
  );
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: boundTo(userId, current.tabletId) }, current.key, plain as Uint8Array<ArrayBuffer>);
  const db = getDb();
  const row: SealedRow = { userId, tabletId: current.tabletId, iv, data, count: items.length + homework.filter((h) => !h.refused).length, sealedAt: Date.now(), format: 2 };
  await db.transaction("rw", db.outbox, db.homework, db.sealed, async () => {
    await db.sealed.add(row);
    await db.outbox.bulkDelete(items.map((i) => i.id!));
    await db.homework.bulkDelete(homework.map((h) => h.id!));
  });
  return items.length + homework.length;
}

/** Whether this page holds `userId`'s key (false after a reload: the tablet asks the server for it again). */
export const holdsKeyFor = (userId: number): boolean => held?.userId === userId;

/**
 * What waits on this device for `userId`: their items and homework files in clear (a refusal they have not read yet is
 * not waiting) plus the sealed ones (counted in clear).
 */
export async function waitingCount(userId: number): Promise<number> {
  const db = getDb();
  const [clear, homework, sealed] = await Promise.all([
    db.outbox.where("userId").equals(userId).count(),
    db.homework.where("userId").equals(userId).filter((h) => !h.refused).count(),
    db.sealed.where("userId").equals(userId).toArray(),
  ]);
  return clear + homework + sealed.reduce((n, r) => n + r.count, 0);
}
