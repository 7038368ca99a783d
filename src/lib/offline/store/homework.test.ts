import { Blob as NodeBlob } from "node:buffer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UPLOAD_CHUNK_BYTES } from "@domain/exams";
import { getDb, resetDbForTests } from "./db";
import { flushHomework, forgetHomework, homeworkOf, queueHomework } from "./homework";

const URL_OF = (examId: number) => `/api/student/content-exam/${examId}/uploads`;

interface Upload {
  id: string;
  owner: string;
  key: string;
  name: string;
  size: number;
  bytes: Uint8Array;
  complete: boolean;
}

/**
 * A fake of the server's resumable upload: one upload per (token, key) — a create with a known key answers that
 * upload —, chunks only at the stored offset, "complete" when the offset reaches the size, and files kept once. It can
 * be down, lose the answer of a request it applied (a crash between the server's "complete" and the device's delete),
 * or refuse new uploads after the exam's end by its own clock.
 */
function fakeServer() {
  const uploads: Upload[] = [];
  const files: Array<{ owner: string; name: string; bytes: Uint8Array }> = [];
  let down = false;
  let loseNextAnswerAfterComplete = false;
  let ended = false;
  const status = (u: Upload) => ({ id: u.id, name: u.name, size: u.size, offset: u.bytes.byteLength, complete: u.complete, file: null, acceptUntil: "" });
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (down) throw new TypeError("Failed to fetch");
    const url = String(input);
    const owner = (init?.headers as Record<string, string>).Authorization!;
    if (init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as { name: string; size: number; upload_key: string };
      const known = uploads.find((u) => u.owner === owner && u.key === body.upload_key);
      if (known) return Response.json({ payload: status(known) }, { status: 201 });
      if (ended) return Response.json({ message: "over", code: "exam_duration_finished" }, { status: 409 });
      const u: Upload = { id: `u${uploads.length + 1}`, owner, key: body.upload_key, name: body.name, size: body.size, bytes: new Uint8Array(0), complete: false };
      uploads.push(u);
      return Response.json({ payload: status(u) }, { status: 201 });
    }
    const id = url.split("/uploads/")[1]!.split("?")[0]!;
    const u = uploads.find((x) => x.id === id && x.owner === owner);
    if (!u) return Response.json({ message: "no", code: "not_found" }, { status: 404 });
    if (init?.method === "GET") return Response.json({ payload: status(u) });
    const offset = Number(new URL(url, "http://x").searchParams.get("offset"));
    if (offset !== u.bytes.byteLength) return Response.json({ message: "offset", code: "validation_failed", errors: { offset: ["upload_offset_mismatch"] } }, { status: 422 });
    const chunk = new Uint8Array(await (init!.body as Blob).arrayBuffer());
    const joined = new Uint8Array(u.bytes.byteLength + chunk.byteLength);
    joined.set(u.bytes);
    joined.set(chunk, u.bytes.byteLength);
    u.bytes = joined;
    if (u.bytes.byteLength === u.size && !u.complete) {
      u.complete = true;
      files.push({ owner, name: u.name, bytes: u.bytes });
      if (loseNextAnswerAfterComplete) {
        loseNextAnswerAfterComplete = false;
        throw new TypeError("Failed to fetch"); // applied, answer lost
      }
    }
    return Response.json({ payload: status(u) });
  });
  return {
    uploads,
    files,
    fetchImpl,
    setDown: (d: boolean) => (down = d),
    loseAnswerAfterComplete: () => (loseNextAnswerAfterComplete = true),
    endExam: () => (ended = true),
  };
}

const pdf = (n: number, fill = 0x20) => new Blob([new Uint8Array(n).fill(fill)], { type: "application/pdf" });

beforeEach(async () => {
  // The browser's Blob, which IndexedDB keeps: fake-indexeddb clones with Node's structured clone, which knows Node's
  // Blob and not happy-dom's.
  vi.stubGlobal("Blob", NodeBlob);
  await getDb().delete();
  resetDbForTests();
});
afterEach(() => resetDbForTests());

describe("homework kept on the device", () => {
  it("keeps the files offline under their pupil, then sends them in chunks once each and forgets them", async () => {
    const server = fakeServer();
    server.setDown(true);
    await queueHomework(7, 12, URL_OF(12), [
      { name: "merged-images.pdf", blob: pdf(UPLOAD_CHUNK_BYTES * 2 + 10, 1) },
      { name: "devoir.docx", blob: pdf(100, 2) },
    ]);
    await queueHomework(8, 12, URL_OF(12), [{ name: "autre.pdf", blob: pdf(50) }]);
    const offline = await flushHomework({ userId: 7, token: "Bearer-7", fetchImpl: server.fetchImpl });
    expect(offline).toMatchObject({ stoppedBy: "network", remaining: 2, delivered: [] });
    expect((await homeworkOf(7, 12)).map((h) => h.name)).toEqual(["merged-images.pdf", "devoir.docx"]);

    server.setDown(false);
    const progress: number[] = [];
    const online = await flushHomework({ userId: 7, token: "t7", fetchImpl: server.fetchImpl, onProgress: (p) => progress.push(p.sent) });
    expect(online).toMatchObject({ stoppedBy: null, remaining: 0 });
    expect(server.files.map((f) => [f.owner, f.name, f.bytes.byteLength])).toEqual([
      ["Bearer t7", "merged-images.pdf", UPLOAD_CHUNK_BYTES * 2 + 10],
      ["Bearer t7", "devoir.docx", 100],
    ]);
    expect(server.files[0]!.bytes.every((b) => b === 1)).toBe(true);
    expect(progress).toContain(UPLOAD_CHUNK_BYTES);
    expect(await homeworkOf(7)).toEqual([]);
    // The other pupil's file was not sent under this token, and waits for them.
    expect((await homeworkOf(8)).map((h) => h.name)).toEqual(["autre.pdf"]);
  });

  it("a crash between the server's complete and the device's delete gives one file: the replayed create finds it complete", async () => {
    const server = fakeServer();
    await queueHomework(7, 12, URL_OF(12), [{ name: "devoir.pdf", blob: pdf(1_000) }]);
    server.loseAnswerAfterComplete();
    const cut = await flushHomework({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
    expect(cut).toMatchObject({ stoppedBy: "network", remaining: 1 });
    expect(server.files).toHaveLength(1);
    const again = await flushHomework({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
    expect(again).toMatchObject({ stoppedBy: null, remaining: 0 });
    expect(again.delivered).toHaveLength(1);
    expect(server.files).toHaveLength(1);
    expect(server.uploads).toHaveLength(1);
  });

  it("resumes from the server's stored offset after a lost connection mid-file", async () => {
    const server = fakeServer();
    await queueHomework(7, 12, URL_OF(12), [{ name: "devoir.pdf", blob: pdf(UPLOAD_CHUNK_BYTES * 3) }]);
    let puts = 0;
    const flaky = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "PUT" && ++puts === 2) {
        await server.fetchImpl(input, init); // the chunk arrived, its answer did not
        throw new TypeError("Failed to fetch");
      }
      return server.fetchImpl(input, init);
    });
    expect((await flushHomework({ userId: 7, token: "t7", fetchImpl: flaky })).stoppedBy).toBe("network");
    expect(server.uploads[0]!.bytes.byteLength).toBe(UPLOAD_CHUNK_BYTES * 2);
    expect((await flushHomework({ userId: 7, token: "t7", fetchImpl: flaky })).remaining).toBe(0);
    expect(server.uploads).toHaveLength(1);
    expect(server.files[0]!.bytes.byteLength).toBe(UPLOAD_CHUNK_BYTES * 3);
  });

  it("a file refused for good (the exam was over when it arrived) loses its bytes and stays marked refused for the pupil to read", async () => {
    const server = fakeServer();
    await queueHomework(7, 12, URL_OF(12), [{ name: "tard.pdf", blob: pdf(500) }]);
    server.endExam();
    const report = await flushHomework({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
    expect(report).toMatchObject({ stoppedBy: null, remaining: 0 });
    expect(report.refused.map((r) => r.refused)).toEqual([{ status: 409, code: "exam_duration_finished" }]);
    const [row] = await homeworkOf(7, 12);
    expect(row).toMatchObject({ name: "tard.pdf", refused: { code: "exam_duration_finished" } });
    expect(row!.blob.size).toBe(0);
    // Not sent again.
    await flushHomework({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
    expect(server.fetchImpl).toHaveBeenCalledTimes(1);
    // The pupil has read it: it goes.
    await forgetHomework(7, row!.id!);
    expect(await homeworkOf(7)).toEqual([]);
  });

  it("a waiting file the pupil cancels is not sent; another pupil cannot cancel it", async () => {
    const server = fakeServer();
    const [a, b] = await queueHomework(7, 12, URL_OF(12), [
      { name: "a.pdf", blob: pdf(10) },
      { name: "b.pdf", blob: pdf(10) },
    ]);
    await forgetHomework(8, a!);
    await forgetHomework(7, b!);
    await flushHomework({ userId: 7, token: "t7", fetchImpl: server.fetchImpl });
    expect(server.files.map((f) => f.name)).toEqual(["a.pdf"]);
  });
});
