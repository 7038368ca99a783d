import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { chapters, contents, progress, subjects, users } from "../../server/db/schema";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let eleve: string;
let nouveau: string;
const KEY = { "x-api-key": "darsi-web-progress" };

interface Lesson {
  contentId: number;
  chapterId: number;
  subjectId: number;
  duration: number;
}

async function findLesson(division: number, where: { free?: boolean; typeId?: number; untouched?: boolean } = {}): Promise<Lesson> {
  const touched = new Set((await h.deps.db.select({ id: progress.contentId }).from(progress)).map((r) => r.id));
  const rows = await h.deps.db
    .select({ contentId: contents.id, chapterId: chapters.id, subjectId: subjects.id, duration: contents.durationS, isFree: contents.isFree, typeId: contents.typeId })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, division), isNotNull(contents.durationS)));
  const row = rows.find(
    (r) =>
      (where.free === undefined || r.isFree === where.free) &&
      (where.typeId === undefined || r.typeId === where.typeId) &&
      (!where.untouched || !touched.has(r.contentId)),
  );
  if (!row) throw new Error(`no lesson for ${JSON.stringify(where)} in division ${division}`);
  return { contentId: row.contentId, chapterId: row.chapterId, subjectId: row.subjectId, duration: row.duration ?? 0 };
}

const post = (token: string, lesson: Lesson, extra: Record<string, unknown>, headers: Record<string, string> = KEY) =>
  h.request("POST", "/svc/progress/progress", {
    token,
    headers,
    body: { contentId: lesson.contentId, chapterId: lesson.chapterId, subjectId: lesson.subjectId, ...extra },
  });

async function stored(userEmail: string, contentId: number) {
  const [u] = await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, userEmail));
  const [row] = await h.deps.db.select().from(progress).where(and(eq(progress.userId, u!.id), eq(progress.contentId, contentId)));
  return row;
}

beforeAll(async () => {
  h = await startTestServer();
  eleve = await h.login("eleve@darsi.tn");
  nouveau = await h.login("nouveau@darsi.tn");
});
afterAll(async () => {
  await h?.close();
});

describe("POST /svc/progress/progress", () => {
  it("needs the service's API key and the pupil's token", async () => {
    const lesson = await findLesson(18, { free: false });
    expect((await post(eleve, lesson, { ranges: [[0, 10]] }, {})).status).toBe(401);
    const anonymous = await h.request("POST", "/svc/progress/progress", { headers: KEY, body: { contentId: 1, chapterId: 1, subjectId: 1 } });
    expect(anonymous.status).toBe(401);
  });

  it("merges ranges whatever the order, so progress never goes backwards and a replay changes nothing", async () => {
    const lesson = await findLesson(18, { free: false, untouched: true });
    const d = lesson.duration;
    const half = Math.floor(d / 2);
    const second = await post(eleve, lesson, { ranges: [[half, d]], position: d });
    expect(second.status).toBe(200);
    const first = await post(eleve, lesson, { ranges: [[0, 10]], position: 10 });
    const expected = Math.round(((d - half + 10) / d) * 1000) / 10;
    expect(first.json.payload.percentage).toBeCloseTo(expected, 1);
    const replay = await post(eleve, lesson, { ranges: [[0, 10]], position: 10 });
    expect(replay.json.payload.percentage).toBe(first.json.payload.percentage);
    const smaller = await post(eleve, lesson, { ranges: [], percentage: 1, position: 5 });
    expect(smaller.json.payload.percentage).toBe(first.json.payload.percentage);
    expect(smaller.json.payload.lastWatchedSecond).toBe(5);
    const row = await stored("eleve@darsi.tn", lesson.contentId);
    expect(row?.ranges).toEqual([
      [0, 10],
      [half, d],
    ]);
  });

  it("completes above 80 % and never undoes it, capped at 100", async () => {
    const lessons = await h.deps.db
      .select({ contentId: contents.id, chapterId: chapters.id, subjectId: subjects.id, duration: contents.durationS })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(eq(subjects.divisionId, 18), isNotNull(contents.durationS)));
    const lesson = { ...lessons[lessons.length - 1]!, duration: lessons[lessons.length - 1]!.duration ?? 0 };
    const d = lesson.duration;
    const at80 = await post(eleve, lesson, { ranges: [[0, Math.floor(d * 0.8)]] });
    expect(at80.json.payload.completed).toBe(false);
    const done = await post(eleve, lesson, { ranges: [[0, d + 500]] });
    expect(done.json.payload).toMatchObject({ completed: true, percentage: 100 });
  });

  it("refuses a locked lesson (no offer) and stores nothing", async () => {
    const lesson = await findLesson(7, { free: false });
    const res = await post(nouveau, lesson, { ranges: [[0, 30]] });
    expect(res.status).toBe(403);
    expect(await stored("nouveau@darsi.tn", lesson.contentId)).toBeUndefined();
  });

  it("a lesson of another class is not found; mismatched chapter or subject is refused", async () => {
    const other = await findLesson(7);
    expect((await post(eleve, other, { ranges: [[0, 5]] })).status).toBe(404);
    const lesson = await findLesson(18, { free: false });
    expect((await post(eleve, { ...lesson, chapterId: lesson.chapterId + 100000 }, { ranges: [[0, 5]] })).status).toBe(422);
  });

  it("rejects malformed bodies with codes", async () => {
    const lesson = await findLesson(18, { free: false });
    const res = await post(eleve, lesson, { ranges: [[0, "x"]], percentage: 130 });
    expect(res.status).toBe(422);
    expect(Object.values(res.json.errors as Record<string, string[]>).flat()).toContain("validation_failed");
  });

  it("counts free hours only for newly watched seconds and answers expired when they run out", async () => {
    const lesson = await findLesson(7, { free: true });
    await h.deps.db.update(users).set({ freeHoursTotal: 100, freeHoursUsed: 0 }).where(eq(users.email, "nouveau@darsi.tn"));
    const a = await post(nouveau, lesson, { ranges: [[0, 60]], isFree: true });
    expect(a.status).toBe(200);
    expect(a.json.payload.expired).toBe(false);
    const replay = await post(nouveau, lesson, { ranges: [[0, 60]], isFree: true });
    expect(replay.json.payload.expired).toBe(false);
    const [u1] = await h.deps.db.select({ used: users.freeHoursUsed }).from(users).where(eq(users.email, "nouveau@darsi.tn"));
    expect(u1?.used).toBe(60);
    const b = await post(nouveau, lesson, { ranges: [[60, 120]], isFree: true });
    expect(b.json.payload.expired).toBe(true);
  });
});

describe("Idempotency-Key (the outbox's replays)", () => {
  it("a post replayed with its key is applied once and answers the first answer; the same key with another body is 409", async () => {
    const lesson = await findLesson(18, { free: false, untouched: true });
    const keyed = { ...KEY, "Idempotency-Key": "6f1c2a9e-1111-4a2b-9c3d-000000000001" };
    const first = await post(eleve, lesson, { ranges: [[0, 20]], position: 20 }, keyed);
    expect(first.status).toBe(200);
    // Meanwhile the pupil watched on: a later post moves the position.
    const later = await post(eleve, lesson, { ranges: [[20, 30]], position: 30 }, KEY);
    expect(later.status).toBe(200);
    // The first post comes again (its answer was lost): nothing runs again, the first answer comes back.
    const replay = await post(eleve, lesson, { ranges: [[0, 20]], position: 20 }, keyed);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.json.payload).toEqual(first.json.payload);
    // Applied once: the resume position is still the later one (a re-run would have moved it back to 20).
    expect((await stored("eleve@darsi.tn", lesson.contentId))?.lastWatchedSecond).toBe(30);
    const other = await post(eleve, lesson, { ranges: [[0, 25]], position: 25 }, keyed);
    expect(other.status).toBe(409);
    expect(other.json.code).toBe("idempotency_conflict");
  });

  it("a key belongs to the pupil, whatever the session: a replay after signing in again is still replayed", async () => {
    const lesson = await findLesson(18, { free: false, untouched: true });
    const keyed = { ...KEY, "Idempotency-Key": "6f1c2a9e-2222-4a2b-9c3d-000000000002" };
    expect((await post(eleve, lesson, { ranges: [[0, 10]], position: 10 }, keyed)).status).toBe(200);
    const b = await h.login("eleve@darsi.tn");
    // Same pupil, new session: still the same pupil's key → replayed.
    const again = await post(b, lesson, { ranges: [[0, 10]], position: 10 }, keyed);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
  });
});

describe("documents without readable position", () => {
  it("YouTube lessons take a percentage, merged by maximum", async () => {
    const lesson = await findLesson(18, { free: false, typeId: 1, untouched: true });
    const seen = await post(eleve, lesson, { percentage: 100 });
    expect(seen.json.payload).toMatchObject({ percentage: 100, completed: true });
    const lower = await post(eleve, lesson, { percentage: 20 });
    expect(lower.json.payload.percentage).toBe(100);
  });
});
