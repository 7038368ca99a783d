/**
 * Kept chapters per class (issue 23, item 6): a teacher marks chapters of the subjects they teach in a class (and no
 * other), the operator marks any chapter of the class (`npm run admin -- tablet-chapters`), and the class's tablet
 * reads them with their files (its device credential only) and downloads those files — and no other.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClassTabletChaptersDto, TabletChapterDto } from "../../domain/tablet";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { startTestServer, type TestServer } from "./harness";

/** Bac Mathématiques: the demo teacher teaches its Mathématiques (seed/teaching.ts). */
const CLASS_A = 18;
const CLASS_B = 17;
let h: TestServer;
let teacher: string;
let pupil: string;
let key: string;
let otherKey: string;
let math: Array<{ id: number; slug: string }>;
let physics: { id: number };
let otherClassChapter: { id: number };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows
const rows = async (q: ReturnType<typeof sql>): Promise<any[]> => ((await h.deps.db.execute(q)) as unknown as { rows: any[] }).rows;
const admin = () => ({ "x-admin-key": adminCliKey(h.deps.secret) });

async function tabletKey(division: number): Promise<string> {
  const code = await h.request("POST", "/api/admin/tablet-codes", { headers: admin(), body: { division: String(division) } });
  const on = await h.request("POST", "/api/tablet/enable", { body: { code: code.json.payload.code } });
  expect(on.status).toBe(201);
  return on.json.payload.credential as string;
}

beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "1000" } });
  teacher = await h.login("prof@darsi.tn");
  pupil = await h.login("eleve@darsi.tn");
  key = await tabletKey(CLASS_A);
  otherKey = await tabletKey(CLASS_B);
  math = await rows(
    sql`select c.id, c.slug from chapters c join subjects s on s.id = c.subject_id where s.division_id = ${CLASS_A} and s.slug = 'mathematiques' and c.type = 'course' order by c.position`,
  );
  [physics] = await rows(sql`select c.id from chapters c join subjects s on s.id = c.subject_id where s.division_id = ${CLASS_A} and s.slug <> 'mathematiques' order by c.id limit 1`);
  [otherClassChapter] = await rows(sql`select c.id from chapters c join subjects s on s.id = c.subject_id where s.division_id = ${CLASS_B} order by c.id limit 1`);
  expect(math.length).toBeGreaterThan(1);
});
afterAll(async () => {
  await h?.close();
});

const mark = (classId: number, chapters: number[], token = teacher) => h.request("PUT", `/api/teacher/classes/${classId}/tablet-chapters`, { token, body: { chapters } });
const tabletList = async (k = key) => {
  const res = await h.request("GET", "/api/tablet/chapters", { headers: { "x-tablet-key": k } });
  expect(res.status, res.text).toBe(200);
  return res.json.payload as TabletChapterDto[];
};

describe("a teacher marks chapters for a class", () => {
  it("marks chapters of the subject they teach in the class; the class's tablet reads them, with their files and sizes", async () => {
    const res = await mark(CLASS_A, [math[1]!.id, math[0]!.id]);
    expect(res.status, res.text).toBe(200);
    const dto = res.json.payload as ClassTabletChaptersDto;
    expect(dto.chapters.map((c) => c.id)).toEqual([math[1]!.id, math[0]!.id]);
    const list = await tabletList();
    expect(list.map((c) => c.id)).toEqual([math[1]!.id, math[0]!.id]);
    const withFiles = list.find((c) => c.files.length > 0);
    expect(withFiles, "a demo maths chapter with media").toBeDefined();
    expect(withFiles!.bytes).toBe(withFiles!.files.reduce((n, f) => n + f.bytes, 0));
    expect(withFiles!.files.every((f) => f.path.startsWith("/media/") && !f.path.includes("?"))).toBe(true);
    // Another class's tablet sees none of them.
    expect(await tabletList(otherKey)).toEqual([]);
  });

  it("refuses a chapter of a subject they do not teach, another class, or an unknown chapter — and changes nothing", async () => {
    const before = (await tabletList()).map((c) => c.id);
    expect((await mark(CLASS_A, [physics!.id])).status).toBe(403);
    expect((await mark(CLASS_B, [otherClassChapter!.id])).status).toBe(403);
    expect((await mark(CLASS_B, [])).status).toBe(403);
    expect((await mark(CLASS_A, [otherClassChapter!.id])).status).toBe(422);
    expect((await mark(CLASS_A, [999_999])).status).toBe(422);
    expect((await mark(99_999, [])).status).toBe(404);
    const dup = await mark(CLASS_A, [math[0]!.id, math[0]!.id]);
    expect([dup.status, dup.json.code]).toEqual([422, "validation_failed"]);
    expect((await h.request("PUT", `/api/teacher/classes/${CLASS_A}/tablet-chapters`, { token: teacher, body: { chapters: "x" } })).status).toBe(422);
    expect((await tabletList()).map((c) => c.id)).toEqual(before);
  });

  it("is the teacher's only: a pupil gets 403, no token 401", async () => {
    expect((await mark(CLASS_A, [math[0]!.id], pupil)).status).toBe(403);
    expect((await h.request("PUT", `/api/teacher/classes/${CLASS_A}/tablet-chapters`, { body: { chapters: [] } })).status).toBe(401);
  });

  it("replaces only the teacher's own subjects' marks: the operator's mark of another subject stays; the same PUT twice is the same list", async () => {
    const op = await h.request("POST", "/api/admin/tablet-chapters", { headers: admin(), body: { division: String(CLASS_A), chapters: [physics!.id, math[0]!.id] } });
    expect(op.status, op.text).toBe(200);
    const once = await mark(CLASS_A, [math[1]!.id]);
    const twice = await mark(CLASS_A, [math[1]!.id]);
    expect(twice.json.payload).toEqual(once.json.payload);
    expect((twice.json.payload as ClassTabletChaptersDto).chapters.map((c) => c.id).sort()).toEqual([physics!.id, math[1]!.id].sort());
    const clear = await mark(CLASS_A, []);
    expect((clear.json.payload as ClassTabletChaptersDto).chapters.map((c) => c.id)).toEqual([physics!.id]);
  });
});

describe("the operator's command", () => {
  it("sets the class's whole list by id or name, refuses another class's chapter and an unknown class, and clears it with none", async () => {
    const set = await h.request("POST", "/api/admin/tablet-chapters", { headers: admin(), body: { division: String(CLASS_A), chapters: [math[0]!.id] } });
    expect(set.json.payload).toEqual({ division_id: CLASS_A, chapters: [{ id: math[0]!.id, subject: "mathematiques", chapter: math[0]!.slug }] });
    const [{ name }] = await rows(sql`select name from divisions where id = ${CLASS_A}`);
    const byName = await h.request("POST", "/api/admin/tablet-chapters", { headers: admin(), body: { division: name, chapters: [math[1]!.id, math[0]!.id] } });
    expect((byName.json.payload as ClassTabletChaptersDto).chapters.map((c) => c.id)).toEqual([math[1]!.id, math[0]!.id]);
    expect((await h.request("POST", "/api/admin/tablet-chapters", { headers: admin(), body: { division: String(CLASS_A), chapters: [otherClassChapter!.id] } })).status).toBe(422);
    expect((await h.request("POST", "/api/admin/tablet-chapters", { headers: admin(), body: { division: "Classe qui n'existe pas", chapters: [] } })).status).toBe(404);
    expect((await h.request("POST", "/api/admin/tablet-chapters", { body: { division: String(CLASS_A), chapters: [] } })).status).toBe(403);
    expect((await tabletList()).map((c) => c.id)).toEqual([math[1]!.id, math[0]!.id]);
    const none = await h.request("POST", "/api/admin/tablet-chapters", { headers: admin(), body: { division: String(CLASS_A), chapters: [] } });
    expect(none.json.payload.chapters).toEqual([]);
    expect(await tabletList()).toEqual([]);
  });
});

describe("npm run admin -- tablet-chapters", () => {
  it("sets, lists and clears a class's chapters on a database of its own when no server runs; refuses bad input", async () => {
    const dir = mkdtempSync(join(tmpdir(), "darsi-tablet-chapters-"));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: "1", SEED_DEMO: "true", LOG_LEVEL: "silent" };
    delete env.DATABASE_URL;
    const admin = (...args: string[]) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "server/cli/admin.ts", ...args], { env, timeout: 120_000 }).then(
        (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
      );
    try {
      // The demo database of the command's own has the same catalogue: the same chapter ids.
      const set = await admin("tablet-chapters", String(CLASS_A), String(math[1]!.id), String(math[0]!.id));
      expect(set).toMatchObject({ code: 0, out: `${math[1]!.id}\tmathematiques/${math[1]!.slug}\n${math[0]!.id}\tmathematiques/${math[0]!.slug}\n` });
      expect(set.err).toContain(`class ${CLASS_A}: 2 chapter(s) kept on its tablets`);
      expect(await admin("tablet-chapters", String(CLASS_A), String(otherClassChapter!.id))).toMatchObject({ code: 1, err: expect.stringMatching(/refused/) });
      expect(await admin("tablet-chapters", String(CLASS_A), "abc")).toMatchObject({ code: 2 });
      expect(await admin("tablet-chapters")).toMatchObject({ code: 2 });
      expect(await admin("tablet-chapters", String(CLASS_A))).toMatchObject({ code: 0, out: "" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe("the tablet's read and download", () => {
  it("needs the device credential: no account's token opens them", async () => {
    expect((await h.request("GET", "/api/tablet/chapters", { token: pupil })).status).toBe(401);
    expect((await h.request("GET", "/api/tablet/chapter-file", { token: teacher, query: { path: "/media/videos/a.mp4" } })).status).toBe(401);
  });

  it("serves the files of its class's kept chapters, and no other path", async () => {
    await mark(CLASS_A, math.map((c) => c.id));
    const list = await tabletList();
    const file = list.flatMap((c) => c.files)[0]!;
    const got = await h.request("GET", "/api/tablet/chapter-file", { headers: { "x-tablet-key": key }, query: { path: file.path } });
    expect(got.status).toBe(200);
    expect(Number(got.headers.get("content-length"))).toBe(file.bytes);
    // Another class's tablet, a path of no kept chapter, a path that leaves /media: not found or refused.
    expect((await h.request("GET", "/api/tablet/chapter-file", { headers: { "x-tablet-key": otherKey }, query: { path: file.path } })).status).toBe(404);
    expect((await h.request("GET", "/api/tablet/chapter-file", { headers: { "x-tablet-key": key }, query: { path: "/media/videos/none.mp4" } })).status).toBe(404);
    expect((await h.request("GET", "/api/tablet/chapter-file", { headers: { "x-tablet-key": key }, query: { path: "/media/../secret.key" } })).status).toBe(422);
    expect((await h.request("GET", "/api/tablet/chapter-file", { headers: { "x-tablet-key": key }, query: { path: "/media/public/x.png" } })).status).toBe(422);
  });
});
