/**
 * Exams (issue 10) end to end over the API with a real database and a clock of the test's own: the list and the week
 * calendar, the detail's files and signed links, the server-owned timer (start once), the resumable homework upload
 * (a chunk cut short keeps its bytes; resume from the stored offset), content checks by magic bytes, size limits, the
 * deadline and its grace period, deletion, and who may fetch a file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DEFAULT_EXAM_MINUTES, UPLOAD_CHUNK_MAX_BYTES, UPLOAD_GRACE_MS, HOMEWORK_MAX_BYTES } from "../../domain/exams";
import { dropAbandonedUploads } from "../../server/services/exams/uploads";
import { startTestServer, type TestServer } from "./harness";
import { multipart, PDF_BYTES } from "./fixtures/exams";

let clock = new Date();
let h: TestServer;
let eleve: string;
const MIN = 60_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows
const rows = async (q: ReturnType<typeof sql>): Promise<any[]> => ((await h.deps.db.execute(q)) as unknown as { rows: any[] }).rows;
const examByName = async (prefix: string, division = 18): Promise<number> => {
  const [r] = await rows(sql`select e.id from exams e join subjects s on s.id = e.subject_id where s.division_id = ${division} and e.name like ${prefix + "%"} order by s.position, e.id limit 1`);
  return Number(r.id);
};

/** A PDF of `n` bytes (a real header, then padding). */
const pdfOf = (n: number) => {
  const bytes = new Uint8Array(n).fill(0x20);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  return bytes;
};

async function put(token: string, examId: number, uploadId: string, offset: number, body: BodyInit, headers: Record<string, string> = {}) {
  const res = await h.app.request(`/api/student/content-exam/${examId}/uploads/${uploadId}?offset=${offset}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  h = await startTestServer({ now: () => clock, env: { RATE_LIMIT_FACTOR: "1000" } });
  eleve = await h.login("eleve@darsi.tn");
});
afterAll(async () => {
  await h?.close();
});

describe("exam list and calendar", () => {
  it("lists the pupil's class's exams with upcoming, open and expired ones", async () => {
    const res = await h.request("GET", "/api/student/content-exam", { token: eleve });
    expect(res.status).toBe(200);
    const states = new Set((res.json.payload as Array<{ state: string }>).map((e) => e.state));
    expect([...states].sort()).toEqual(expect.arrayContaining(["expired", "not_started", "upcoming"]));
    for (const e of res.json.payload) expect(e.subject_exams.slug).toEqual(expect.any(String));
  });

  it("filters by subject, and the calendar moves by weeks", async () => {
    const all = (await h.request("GET", "/api/student/content-exam", { token: eleve })).json.payload as Array<{ subject_exams: { slug: string } }>;
    const slug = all[0]!.subject_exams.slug;
    const one = await h.request("GET", "/api/student/content-exam", { token: eleve, query: { subject: slug } });
    expect(one.json.payload.length).toBeGreaterThan(0);
    expect(one.json.payload.every((e: { subject_exams: { slug: string } }) => e.subject_exams.slug === slug)).toBe(true);
    const week = await h.request("GET", "/api/student/content-exam/calendar", { token: eleve, query: { offset: 0 } });
    expect(week.status).toBe(200);
    expect(new Date(week.json.payload.week_end).getTime() - new Date(week.json.payload.week_start).getTime()).toBe(7 * 24 * 60 * MIN);
    expect(week.json.payload.exams.length).toBeGreaterThan(0);
    const past = await h.request("GET", "/api/student/content-exam/calendar", { token: eleve, query: { offset: "-1" } });
    expect(past.status).toBe(200);
    expect(past.json.payload.offset).toBe(-1);
    for (const bad of ["99", "x", "1.5"]) {
      const r = await h.request("GET", "/api/student/content-exam/calendar", { token: eleve, query: { offset: bad } });
      expect(r.status, bad).toBe(422);
      expect(r.json.errors.offset).toEqual(["week_offset_invalid"]);
    }
  });

  it("refuses pupils without an offer (no exam permission) and parents", async () => {
    const nouveau = await h.login("nouveau@darsi.tn");
    const res = await h.request("GET", "/api/student/content-exam", { token: nouveau });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("exam_not_allowed");
    const parent = await h.login("parent@darsi.tn");
    expect((await h.request("GET", "/api/student/content-exam", { token: parent })).status).toBe(403);
    expect((await h.request("GET", "/api/student/content-exam")).status).toBe(401);
  });

  it("an exam of another class is not found", async () => {
    const other = await examByName("Bac blanc", 1);
    const res = await h.request("GET", `/api/student/content-exam/${other}`, { token: eleve });
    expect(res.status).toBe(404);
    const start = await h.request("POST", "/api/student/content-exam-student-time-limitation", { token: eleve, body: { contentExam: other } });
    expect(start.status).toBe(404);
  });
});

describe("the server-owned timer", () => {
  it("starts once: a second start returns the same started_at; the deadline is start + duration; links open", async () => {
    const id = await examByName("Bac blanc");
    const before = await h.request("GET", `/api/student/content-exam/${id}`, { token: eleve });
    expect(before.json.payload.state).toBe("not_started");
    expect(before.json.payload.exam[0].url).toBeNull();
    const first = await h.request("POST", "/api/student/content-exam-student-time-limitation", { token: eleve, body: { contentExam: id } });
    expect(first.status).toBe(201);
    expect(first.json.payload.started_at).toBe(clock.toISOString());
    expect(new Date(first.json.payload.deadline).getTime() - clock.getTime()).toBe(120 * MIN);
    clock = new Date(clock.getTime() + 5000);
    const again = await h.request("POST", "/api/student/content-exam-student-time-limitation", { token: eleve, body: { contentExam: id } });
    expect(again.status).toBe(200);
    expect(again.json.payload.started_at).toBe(first.json.payload.started_at);
    expect(again.json.payload.serverTime).toBe(clock.toISOString());
    const limit = await h.request("GET", `/api/student/content-exam-student-time-limitation/${id}`, { token: eleve });
    expect(limit.json.payload).toMatchObject({ started_at: first.json.payload.started_at, deadline: first.json.payload.deadline, isExamStarted: true });
    const detail = await h.request("GET", `/api/student/content-exam/${id}`, { token: eleve });
    expect(detail.json.payload.state).toBe("started");
    // The subject opens through its signed link (no bearer: an <iframe> cannot send one); the corrections stay closed.
    const url = detail.json.payload.exam[0].url as string;
    const file = await h.app.request(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect(detail.json.payload.exam_correction[0].url).toBeNull();
    const forged = await h.app.request(url.replace(/otp=[^&]+/, "otp=AAAA"));
    expect(forged.status).toBe(401);
  });

  it("duration 0 means 60 minutes", async () => {
    const id = await examByName("Devoir de synthèse n°1");
    const res = await h.request("POST", "/api/student/content-exam-student-time-limitation", { token: eleve, body: { contentExam: id } });
    expect(res.json.payload.duration).toBe(0);
    expect(new Date(res.json.payload.deadline).getTime() - new Date(res.json.payload.started_at).getTime()).toBe(DEFAULT_EXAM_MINUTES * MIN);
  });

  it("refuses to start an upcoming or an expired exam, and bad bodies", async () => {
    const upcoming = await examByName("Devoir de synthèse n°2");
    const r1 = await h.request("POST", "/api/student/content-exam-student-time-limitation", { token: eleve, body: { contentExam: upcoming } });
    expect(r1.status).toBe(409);
    expect(r1.json.code).toBe("exam_not_opened");
    const expired = await examByName("Devoir de contrôle n°1");
    const r2 = await h.request("POST", "/api/student/content-exam-student-time-limitation", { token: eleve, body: { contentExam: expired } });
    expect(r2.status).toBe(409);
    expect(r2.json.code).toBe("exam_expired");
    for (const body of [{}, { contentExam: "abc" }, { contentExam: -1 }]) {
      const r = await h.request("POST", "/api/student/content-exam-student-time-limitation", { token: eleve, body });
      expect(r.status).toBe(422);
      expect(r.json.errors.contentExam?.[0]).toMatch(/content_exam_invalid|validation_failed/);
    }
  });
});

describe("homework: resumable upload, content checks, deadline and grace", () => {
  let examId: number;
  beforeAll(async () => {
    examId = await examByName("Devoir de maison");
  });

  it("refuses homework before the exam is started", async () => {
    const res = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: eleve, body: { name: "devoir.pdf", size: 100 } });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("exam_not_started");
    const start = await h.request("POST", "/api/student/content-exam-student-time-limitation", { token: eleve, body: { contentExam: examId } });
    expect(start.status).toBe(201);
  });

  it("a chunk cut at 60 % keeps what arrived; the upload resumes from the stored offset and completes", async () => {
    const total = 600_000;
    const bytes = pdfOf(total);
    const created = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: eleve, body: { name: "merged-images.pdf", size: total } });
    expect(created.status).toBe(201);
    const id = created.json.payload.id as string;
    expect(created.json.payload.offset).toBe(0);
    // The connection drops after 360,000 bytes of a chunk of the whole file.
    const cutAt = 360_000;
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, cutAt));
      },
      pull(controller) {
        controller.error(new Error("connection reset"));
      },
    });
    await put(eleve, examId, id, 0, cut).catch(() => undefined);
    const status = await h.request("GET", `/api/student/content-exam/${examId}/uploads/${id}`, { token: eleve });
    expect(status.json.payload.offset).toBe(cutAt);
    expect(status.json.payload.complete).toBe(false);
    // A chunk at the wrong offset is refused; the client asks for the offset and sends the rest.
    const wrong = await put(eleve, examId, id, 0, bytes.subarray(0, 10));
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.offset).toEqual(["upload_offset_mismatch"]);
    const rest = await put(eleve, examId, id, cutAt, bytes.subarray(cutAt));
    expect(rest.status).toBe(200);
    expect(rest.json.payload).toMatchObject({ offset: total, complete: true, file: { name: "merged-images.pdf", size: total, mime: "application/pdf" } });
    const fileUrl = rest.json.payload.file.url as string;
    const file = await h.app.request(fileUrl);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(total);
    // Sending the last chunk again changes nothing (a retry after a lost answer).
    const replay = await put(eleve, examId, id, cutAt, bytes.subarray(cutAt));
    expect(replay.json.payload.complete).toBe(true);
    const detail = await h.request("GET", `/api/student/content-exam/${examId}`, { token: eleve });
    expect(detail.json.payload.uploads.filter((u: { name: string }) => u.name === "merged-images.pdf")).toHaveLength(1);
  });

  it("checks content by magic bytes: a PNG named .pdf, a script named .jpg are refused", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0]);
    const c1 = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: eleve, body: { name: "devoir.pdf", size: png.length } });
    const r1 = await put(eleve, examId, c1.json.payload.id, 0, png);
    expect(r1.status).toBe(422);
    expect(r1.json.code).toBe("file_type_invalid");
    // The refused upload is gone.
    expect((await h.request("GET", `/api/student/content-exam/${examId}/uploads/${c1.json.payload.id}`, { token: eleve })).status).toBe(404);
    const m = multipart("photo.jpg", "#!/bin/sh\necho not a photo\n");
    const r2 = await h.request("POST", `/api/student/content-exam/${examId}`, { token: eleve, body: m.body, headers: m.headers });
    expect(r2.status).toBe(422);
    expect(r2.json.errors.contentFiles).toEqual(["file_type_invalid"]);
    const exe = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: eleve, body: { name: "virus.exe", size: 10 } });
    expect(exe.status).toBe(422);
    expect(exe.json.errors.name).toEqual(["file_type_invalid"]);
    const ok = multipart("devoir.pdf", PDF_BYTES);
    const r3 = await h.request("POST", `/api/student/content-exam/${examId}`, { token: eleve, body: ok.body, headers: ok.headers });
    expect(r3.status).toBe(201);
  });

  it("limits sizes: a file over the limit cannot begin, a chunk over 1 MiB is refused with 413", async () => {
    const big = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: eleve, body: { name: "devoir.pdf", size: HOMEWORK_MAX_BYTES + 1 } });
    expect(big.status).toBe(422);
    expect(big.json.errors.size).toEqual(["file_size_invalid"]);
    const c = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: eleve, body: { name: "devoir.pdf", size: 2 * UPLOAD_CHUNK_MAX_BYTES } });
    const r = await put(eleve, examId, c.json.payload.id, 0, pdfOf(UPLOAD_CHUNK_MAX_BYTES + 1));
    expect(r.status).toBe(413);
    const json = await h.request("PUT", `/api/student/content-exam/${examId}/uploads/${c.json.payload.id}`, { token: eleve, query: { offset: 0 }, body: { a: 1 } });
    expect(json.status).toBe(415);
  });

  it("only the owner (and staff) fetch a homework file; a link dies with its session", async () => {
    const detail = await h.request("GET", `/api/student/content-exam/${examId}`, { token: eleve });
    const file = detail.json.payload.uploads[0] as { id: number; url: string };
    const path = `/api/student/content-exam/${examId}/files/${file.id}`;
    const other = await h.registerVerified({ division: 18 });
    expect((await h.request("GET", path, { token: other.token })).status).toBe(404);
    expect((await h.request("GET", path)).status).toBe(401);
    const teacher = await h.login("prof@darsi.tn");
    expect((await h.request("GET", path, { token: teacher })).status).toBe(200);
    const parent = await h.login("parent@darsi.tn");
    expect((await h.request("GET", path, { token: parent })).status).toBe(403);
    const session = await h.login("eleve@darsi.tn");
    const signed = (await h.request("GET", `/api/student/content-exam/${examId}`, { token: session })).json.payload.uploads[0].url as string;
    expect((await h.app.request(signed)).status).toBe(200);
    await h.request("GET", "/api/auth/logout", { token: session });
    expect((await h.app.request(signed)).status).toBe(401);
  });

  it("after the deadline: no new upload, chunks of an earlier upload within the grace period, then closed; no deletion", async () => {
    const total = 200_000;
    const bytes = pdfOf(total);
    const early = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: eleve, body: { name: "late.pdf", size: total } });
    expect((await put(eleve, examId, early.json.payload.id, 0, bytes.subarray(0, 100_000))).status).toBe(200);
    const late = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: eleve, body: { name: "later.pdf", size: total } });
    expect((await put(eleve, examId, late.json.payload.id, 0, bytes.subarray(0, 50_000))).status).toBe(200);
    const limit = (await h.request("GET", `/api/student/content-exam-student-time-limitation/${examId}`, { token: eleve })).json.payload;
    const deadline = new Date(limit.deadline).getTime();
    clock = new Date(deadline + 60_000);
    const refused = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: eleve, body: { name: "devoir.pdf", size: 10 } });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("exam_duration_finished");
    const m = multipart("devoir.pdf", PDF_BYTES);
    expect((await h.request("POST", `/api/student/content-exam/${examId}`, { token: eleve, body: m.body, headers: m.headers })).json.code).toBe("exam_duration_finished");
    // Begun before the deadline: finishes within the grace period.
    const done = await put(eleve, examId, early.json.payload.id, 100_000, bytes.subarray(100_000));
    expect(done.status).toBe(200);
    expect(done.json.payload.complete).toBe(true);
    // After the grace period: closed.
    clock = new Date(deadline + UPLOAD_GRACE_MS + 1000);
    const closed = await put(eleve, examId, late.json.payload.id, 50_000, bytes.subarray(50_000));
    expect(closed.status).toBe(409);
    expect(closed.json.code).toBe("homework_upload_closed");
    // The abandoned upload goes (row and bytes) with the housekeeping job (services/housekeeping/jobs.ts); the finished one stays.
    const [abandoned] = await rows(sql`select storage_key from exam_uploads where id = ${late.json.payload.id}`);
    // Its bytes are in the file store as the part of its one chunk (services/exams/storage.ts).
    const bytesOf = () => h.deps.files.list(`${abandoned.storage_key as string}.parts/`);
    expect((await bytesOf()).map((p) => p.size)).toEqual([50_000]);
    expect(await dropAbandonedUploads(h.deps)).toBeGreaterThanOrEqual(1);
    expect(await bytesOf()).toEqual([]);
    expect((await h.request("GET", `/api/student/content-exam/${examId}/uploads/${late.json.payload.id}`, { token: eleve })).status).toBe(404);
    const fileId = done.json.payload.file.id as number;
    const del = await h.request("DELETE", `/api/student/content-exam/${examId}/${fileId}`, { token: eleve });
    expect(del.status).toBe(409);
    expect(del.json.code).toBe("file_not_deletable");
    const detail = await h.request("GET", `/api/student/content-exam/${examId}`, { token: eleve });
    expect(detail.json.payload.state).toBe("finished");
  });

  it("keeps at most ten homework files per exam", async () => {
    const id = await examByName("Devoir de synthèse n°1");
    const pupil = await h.registerVerified({ division: 18 });
    await rows(sql`insert into affiliations (user_id, offer_id, group_id, period, start_date, end_date) values (${pupil.id}, 35, 35, 'year', current_date - 1, current_date + 30)`);
    expect((await h.request("POST", "/api/student/content-exam-student-time-limitation", { token: pupil.token, body: { contentExam: id } })).status).toBe(201);
    for (let i = 0; i < 10; i += 1) {
      const m = multipart(`page-${i}.pdf`, PDF_BYTES);
      expect((await h.request("POST", `/api/student/content-exam/${id}`, { token: pupil.token, body: m.body, headers: m.headers })).status).toBe(201);
    }
    const m = multipart("page-11.pdf", PDF_BYTES);
    const over = await h.request("POST", `/api/student/content-exam/${id}`, { token: pupil.token, body: m.body, headers: m.headers });
    expect(over.status).toBe(409);
    expect(over.json.code).toBe("homework_too_many_files");
    const up = await h.request("POST", `/api/student/content-exam/${id}/uploads`, { token: pupil.token, body: { name: "x.pdf", size: 10 } });
    expect(up.json.code).toBe("homework_too_many_files");
    // A pupil of the class sees the exam, but never the others' homework.
    const detail = await h.request("GET", `/api/student/content-exam/${id}`, { token: eleve });
    expect(detail.json.payload.uploads.some((u: { name: string }) => u.name.startsWith("page-"))).toBe(false);
  });

  it("deletes a file while the exam runs; another pupil's file is not found", async () => {
    const id = await examByName("Devoir de contrôle n°2");
    await h.request("POST", "/api/student/content-exam-student-time-limitation", { token: eleve, body: { contentExam: id } });
    const m = multipart("devoir.pdf", PDF_BYTES);
    const up = await h.request("POST", `/api/student/content-exam/${id}`, { token: eleve, body: m.body, headers: m.headers });
    const fileId = up.json.payload[0].id as number;
    const other = await h.registerVerified({ division: 18 });
    expect((await h.request("DELETE", `/api/student/content-exam/${id}/${fileId}`, { token: other.token })).status).toBe(403);
    const del = await h.request("DELETE", `/api/student/content-exam/${id}/${fileId}`, { token: eleve });
    expect(del.status).toBe(200);
    expect((await h.request("DELETE", `/api/student/content-exam/${id}/${fileId}`, { token: eleve })).status).toBe(404);
  });
});
