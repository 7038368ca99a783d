/**
 * Homework kept on the device and sent later (issue 23 item 4): the upload's create carries the client's key of the
 * file, so a create replayed after a crash (between the server's "complete" and the device's delete) answers the same
 * upload and the exam keeps one file; and the deadline rule — a new upload is made only before the pupil's deadline
 * by the server's clock, while a key already known answers its upload after it.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "./harness";

let clock = new Date();
let h: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows
const rows = async (q: ReturnType<typeof sql>): Promise<any[]> => ((await h.deps.db.execute(q)) as unknown as { rows: any[] }).rows;
const examByName = async (prefix: string, division = 18): Promise<number> => {
  const [r] = await rows(sql`select e.id from exams e join subjects s on s.id = e.subject_id where s.division_id = ${division} and e.name like ${prefix + "%"} order by s.position, e.id limit 1`);
  return Number(r.id);
};
const pdfOf = (n: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(n).fill(0x20);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  return bytes;
};

async function put(token: string, examId: number, uploadId: string, offset: number, body: Uint8Array<ArrayBuffer>) {
  const res = await h.app.request(`/api/student/content-exam/${examId}/uploads/${uploadId}?offset=${offset}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body,
  });
  return { status: res.status, json: JSON.parse(await res.text()) };
}

/** A pupil of the class with the exam permission, the exam started. */
async function startedPupil(examId: number) {
  const pupil = await h.registerVerified({ division: 18 });
  await rows(sql`insert into affiliations (user_id, offer_id, group_id, period, start_date, end_date) values (${pupil.id}, 35, 35, 'year', current_date - 1, current_date + 30)`);
  expect((await h.request("POST", "/api/student/content-exam-student-time-limitation", { token: pupil.token, body: { contentExam: examId } })).status).toBe(201);
  return pupil;
}

beforeAll(async () => {
  h = await startTestServer({ now: () => clock, env: { RATE_LIMIT_FACTOR: "1000" } });
});
afterAll(async () => {
  await h?.close();
});

describe("homework sent from the device: one file per key, the deadline by the server's clock", () => {
  it("a create replayed with the same key answers the same upload, resumed or complete: one file on the server", async () => {
    const examId = await examByName("Devoir de maison");
    const pupil = await startedPupil(examId);
    const key = randomUUID();
    const bytes = pdfOf(5_000);
    const create = () => h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: pupil.token, body: { name: "devoir.pdf", size: bytes.length, upload_key: key } });
    const first = await create();
    expect(first.status).toBe(201);
    expect((await put(pupil.token, examId, first.json.payload.id, 0, bytes.subarray(0, 2_000))).status).toBe(200);
    // The connection dropped; the device asks again with its key: the same upload, where it stands.
    const again = await create();
    expect(again.json.payload).toMatchObject({ id: first.json.payload.id, offset: 2_000, complete: false });
    const done = await put(pupil.token, examId, first.json.payload.id, 2_000, bytes.subarray(2_000));
    expect(done.json.payload.complete).toBe(true);
    // A crash before the device forgot the file: its replay finds the upload complete, with its file.
    const replayed = await create();
    expect(replayed.json.payload).toMatchObject({ id: first.json.payload.id, complete: true, file: { id: done.json.payload.file.id } });
    // Two replays at once still make no second upload.
    const both = await Promise.all([create(), create()]);
    expect(new Set(both.map((r) => r.json.payload.id))).toEqual(new Set([first.json.payload.id]));
    const files = await rows(sql`select count(*)::int as n from exam_homework_files where exam_id = ${examId} and user_id = ${pupil.id}`);
    expect(files[0].n).toBe(1);
    // The key with another file's name or size is refused, nothing made.
    const other = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: pupil.token, body: { name: "autre.pdf", size: 10, upload_key: key } });
    expect(other.status).toBe(409);
    expect(other.json.code).toBe("idempotency_conflict");
    // The key is the pupil's: another pupil with the same key gets an upload of their own.
    const second = await startedPupil(examId);
    const theirs = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: second.token, body: { name: "devoir.pdf", size: bytes.length, upload_key: key } });
    expect(theirs.status).toBe(201);
    expect(theirs.json.payload.id).not.toBe(first.json.payload.id);
    const malformed = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: pupil.token, body: { name: "devoir.pdf", size: 10, upload_key: "not-a-uuid" } });
    expect(malformed.status).toBe(422);
  });

  it("after the pupil's deadline: a new key is refused (exam_duration_finished), a key created before it resumes within the grace", async () => {
    const examId = await examByName("Devoir de synthèse n°1");
    const pupil = await startedPupil(examId);
    const bytes = pdfOf(3_000);
    const earlyKey = randomUUID();
    const early = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: pupil.token, body: { name: "tot.pdf", size: bytes.length, upload_key: earlyKey } });
    expect(early.status).toBe(201);
    const limit = (await h.request("GET", `/api/student/content-exam-student-time-limitation/${examId}`, { token: pupil.token })).json.payload;
    clock = new Date(new Date(limit.deadline).getTime() + 60_000);
    try {
      // Queued on the device during the exam, it reaches the server after the end: refused, nothing kept.
      const late = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: pupil.token, body: { name: "tard.pdf", size: bytes.length, upload_key: randomUUID() } });
      expect(late.status).toBe(409);
      expect(late.json.code).toBe("exam_duration_finished");
      const made = await rows(sql`select count(*)::int as n from exam_uploads where exam_id = ${examId} and user_id = ${pupil.id}`);
      expect(made[0].n).toBe(1);
      // Created before the end: its replay answers it, and it finishes within the grace period.
      const resumed = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: pupil.token, body: { name: "tot.pdf", size: bytes.length, upload_key: earlyKey } });
      expect(resumed.status).toBe(201);
      expect(resumed.json.payload).toMatchObject({ id: early.json.payload.id, offset: 0 });
      expect((await put(pupil.token, examId, early.json.payload.id, 0, bytes)).json.payload.complete).toBe(true);
    } finally {
      clock = new Date();
    }
  });
});
