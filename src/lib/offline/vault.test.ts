import { Blob as NodeBlob } from "node:buffer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { enqueue, getDb, homeworkOf, pendingItems, queueHomework, resetDbForTests } from "./store";
import { openVault, sealAndForget, waitingCount } from "./vault";

const KEY_A = "a1".repeat(32);
const KEY_B = "b2".repeat(32);
const TABLET = 4;

const item = (userId: number, n: number) => ({
  userId,
  kind: "progress" as const,
  key: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  method: "POST" as const,
  url: "/svc/progress/progress",
  headers: { "X-Api-Key": "k" },
  body: { contentId: n, secretNote: `pupil-${userId}-work-${n}` },
  scope: `lesson:${n}`,
});

/** Everything the device's outbox database holds, as text (what another pupil could read). */
async function storedText(): Promise<string> {
  const db = getDb();
  const [outbox, sealed, auth, homework] = await Promise.all([db.outbox.toArray(), db.sealed.toArray(), db.auth.toArray(), db.homework.toArray()]);
  const bytes = sealed.map((r) => new TextDecoder().decode(r.data));
  const files = await Promise.all(homework.map(async (h) => new TextDecoder().decode(await h.blob.arrayBuffer())));
  return JSON.stringify({ outbox, sealed, auth, homework }) + bytes.join("") + files.join("");
}

beforeEach(async () => {
  // IndexedDB keeps the browser's Blob; fake-indexeddb clones with Node's structured clone, which knows Node's Blob.
  vi.stubGlobal("Blob", NodeBlob);
  await getDb().delete();
  resetDbForTests();
});
afterEach(() => resetDbForTests());

describe("class tablet vault", () => {
  it("seals a pupil's unsent items at the end of their session, keeps only ciphertext and a clear count, and gives them back at their next sign-in", async () => {
    await openVault(7, TABLET, KEY_A);
    await enqueue(item(7, 1));
    await enqueue(item(7, 2));
    expect(await sealAndForget(7)).toBe(2);
    expect(await pendingItems(7)).toEqual([]);
    expect(await waitingCount(7)).toBe(2);
    const text = await storedText();
    expect(text).not.toContain("pupil-7-work");
    expect(text).not.toContain("/svc/progress");
    expect(text).not.toContain(item(7, 1).key);

    // Same pupil, same tablet, same key: the items come back in order, with their Idempotency-Keys.
    expect(await openVault(7, TABLET, KEY_A)).toBe(2);
    const back = await pendingItems(7);
    expect(back.map((i) => i.key)).toEqual([item(7, 1).key, item(7, 2).key]);
    expect(back.map((i) => i.body)).toEqual([item(7, 1).body, item(7, 2).body]);
    expect(await getDb().sealed.count()).toBe(0);
    expect(await waitingCount(7)).toBe(2);
  });

  it("forgets the key when the session ends: a second seal without a new sign-in seals nothing", async () => {
    await openVault(7, TABLET, KEY_A);
    await enqueue(item(7, 1));
    await sealAndForget(7);
    await enqueue(item(7, 2));
    expect(await sealAndForget(7)).toBe(0);
    expect((await pendingItems(7)).map((i) => i.key)).toEqual([item(7, 2).key]);
  });

  it("another pupil's sign-in neither opens nor moves what was sealed for the first", async () => {
    await openVault(7, TABLET, KEY_A);
    await enqueue(item(7, 1));
    await sealAndForget(7);
    // Pupil 8 signs in with their own key: nothing of 7's comes to them.
    expect(await openVault(8, TABLET, KEY_B)).toBe(0);
    expect(await pendingItems(8)).toEqual([]);
    expect(await waitingCount(7)).toBe(1);
    expect(await sealAndForget(8)).toBe(0);
  });

  it("a sealed row does not open with another key, for another pupil or on another tablet; it stays as it was", async () => {
    await openVault(7, TABLET, KEY_A);
    await enqueue(item(7, 1));
    await sealAndForget(7);
    const row = (await getDb().sealed.toArray())[0]!;
    // The wrong key for pupil 7.
    expect(await openVault(7, TABLET, KEY_B)).toBe(0);
    expect(await waitingCount(7)).toBe(1);
    // The row handed to pupil 8 with 7's key: the additional data binds it to 7.
    await getDb().sealed.put({ ...row, id: undefined, userId: 8 });
    expect(await openVault(8, TABLET, KEY_A)).toBe(0);
    // The same pupil and key on another tablet: not theirs here.
    expect(await openVault(7, TABLET + 1, KEY_A)).toBe(0);
    expect(await pendingItems(7)).toEqual([]);
    // The right key on the right tablet still opens it.
    expect(await openVault(7, TABLET, KEY_A)).toBe(1);
  });

  it("refuses a malformed key and seals nothing with it", async () => {
    await expect(openVault(7, TABLET, "not-a-key")).rejects.toThrow("malformed");
    await enqueue(item(7, 1));
    expect(await sealAndForget(7)).toBe(0);
    expect(await pendingItems(7)).toHaveLength(1);
  });

  it("seals the pupil's waiting homework files with their items: no name, byte or key left in clear; they come back whole at the next sign-in", async () => {
    await openVault(7, TABLET, KEY_A);
    await enqueue(item(7, 1));
    const secret = "%PDF-1.4 devoir secret de pupil-7";
    await queueHomework(7, 12, "/api/student/content-exam/12/uploads", [
      { name: "merged-images.pdf", blob: new Blob([secret], { type: "application/pdf" }) },
      { name: "redaction-pupil-7.docx", blob: new Blob([new Uint8Array([0x50, 0x4b, 3, 4, 9, 9])]) },
    ]);
    const keys = (await homeworkOf(7)).map((h) => h.key);
    expect(await waitingCount(7)).toBe(3);
    expect(await sealAndForget(7)).toBe(3);
    expect(await homeworkOf(7)).toEqual([]);
    expect(await waitingCount(7)).toBe(3);
    const text = await storedText();
    for (const clear of ["devoir secret", "redaction-pupil-7", "merged-images", "content-exam/12", ...keys]) expect(text).not.toContain(clear);

    // Another pupil's sign-in gets nothing of it.
    expect(await openVault(8, TABLET, KEY_B)).toBe(0);
    expect(await homeworkOf(8)).toEqual([]);
    await sealAndForget(8);

    expect(await openVault(7, TABLET, KEY_A)).toBe(3);
    const back = await homeworkOf(7, 12);
    expect(back.map((h) => [h.name, h.key, h.examId, h.blob.type])).toEqual([
      ["merged-images.pdf", keys[0], 12, "application/pdf"],
      ["redaction-pupil-7.docx", keys[1], 12, ""],
    ]);
    expect(await back[0]!.blob.text()).toBe(secret);
    expect([...new Uint8Array(await back[1]!.blob.arrayBuffer())]).toEqual([0x50, 0x4b, 3, 4, 9, 9]);
    expect((await pendingItems(7)).map((i) => i.key)).toEqual([item(7, 1).key]);
  });

  it("still opens a row sealed before homework was sealed (items only, as JSON)", async () => {
    await openVault(7, TABLET, KEY_A);
    await enqueue(item(7, 1));
    await sealAndForget(7);
    const row = (await getDb().sealed.toArray())[0]!;
    expect(row.format).toBe(2);
    // The earlier format: the items' JSON alone, no `format`.
    const key = await crypto.subtle.importKey("raw", new Uint8Array(KEY_A.match(/../g)!.map((h) => Number.parseInt(h, 16))), { name: "AES-GCM" }, false, ["encrypt"]);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const rest = { ...item(7, 2), createdAt: 1, tries: 0 };
    const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: new TextEncoder().encode(`darsi-vault:v1:${TABLET}:7`) }, key, new TextEncoder().encode(JSON.stringify([rest])));
    await getDb().sealed.clear();
    await getDb().sealed.add({ userId: 7, tabletId: TABLET, iv, data, count: 1, sealedAt: 1 });
    expect(await openVault(7, TABLET, KEY_A)).toBe(1);
    expect((await pendingItems(7)).map((i) => i.key)).toEqual([item(7, 2).key]);
  });
});
