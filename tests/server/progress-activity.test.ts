/**
 * The activity charts' reads (issue 22 item 4 and 5) on a real database: the pupil's minutes and completed lessons per
 * Tunis day and each subject's progress per week, from their progress rows; the subject filter; a parent reads only an
 * approved child's activity (never another family's, never as a pupil); bad input is refused.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, tunisDay } from "../../domain/days";
import type { ActivityDto } from "../../domain/activity";
import { DEMO_PASSWORD, startTestServer, type NewStudent, type TestServer } from "./harness";

const DAY = 24 * 60 * 60 * 1000;
let h: TestServer;
let pupil: NewStudent;
let eleve: string;
let subject: { id: number; slug: string; lessons: number };
let lessons: Array<{ id: number; duration: number }>;
/** The i-th lesson picked for the test (there are three). */
const at = (i: number) => {
  const lesson = lessons[i];
  if (!lesson) throw new Error(`no lesson ${i}`);
  return lesson;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows
const rows = async (q: ReturnType<typeof sql>): Promise<any[]> => ((await h.deps.db.execute(q)) as unknown as { rows: any[] }).rows;
const activity = async (token: string, query?: Record<string, string>) => {
  const res = await h.request("GET", "/api/student/progress/activity", { token, query });
  expect(res.status, res.text).toBe(200);
  return res.json.payload as ActivityDto;
};

beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "100" } });
  eleve = await h.login("eleve@darsi.tn", DEMO_PASSWORD);
  pupil = await h.registerVerified({ division: 18 });
  const [s] = await rows(sql`
    select s.id, s.slug, count(c.id)::int as lessons from subjects s join chapters ch on ch.subject_id = s.id join contents c on c.chapter_id = ch.id
    where s.division_id = 18 and s.visible and s.active group by s.id order by s.position, s.id limit 1`);
  subject = { id: Number(s.id), slug: String(s.slug), lessons: Number(s.lessons) };
  lessons = (
    await rows(sql`
    select c.id, c.duration_s from contents c join chapters ch on ch.id = c.chapter_id
    where ch.subject_id = ${subject.id} and c.duration_s >= 600 order by c.id limit 3`)
  ).map((r) => ({ id: Number(r.id), duration: Number(r.duration_s) }));
  expect(lessons).toHaveLength(3);
  const now = Date.now();
  const [a, b, c] = [at(0), at(1), at(2)];
  // Today: lesson a watched 0–300 and 400–700 (10 minutes), not completed; 2 days ago: lesson b completed (whole);
  // 20 days ago (after the first week end, 21 days ago): lesson c 50 % by ranges.
  await rows(sql`insert into progress (user_id, content_id, ranges, percentage, completed, updated_at) values
    (${pupil.id}, ${a.id}, '[[0,300],[400,700]]'::jsonb, ${(600 / a.duration) * 100}, false, ${new Date(now).toISOString()}),
    (${pupil.id}, ${b.id}, ${JSON.stringify([[0, b.duration]])}::jsonb, 100, true, ${new Date(now - 2 * DAY).toISOString()}),
    (${pupil.id}, ${c.id}, ${JSON.stringify([[0, Math.round(c.duration / 2)]])}::jsonb, 50, false, ${new Date(now - 20 * DAY).toISOString()})`);
});
afterAll(() => h?.close());

describe("GET /student/progress/activity", () => {
  it("counts minutes watched and lessons completed on the Tunis day each lesson last moved, over 28 days", async () => {
    const got = await activity(pupil.token);
    const today = tunisDay(new Date());
    expect(got.days).toHaveLength(28);
    expect(got.days.at(-1)?.date).toBe(today);
    expect(got.days[0]?.date).toBe(addDays(today, -27));
    const byDay = new Map(got.days.map((d) => [d.date, d]));
    expect(byDay.get(today)).toEqual({ date: today, minutes: 10, completed: 0 });
    const two = tunisDay(new Date(Date.now() - 2 * DAY));
    expect(byDay.get(two)).toEqual({ date: two, minutes: Math.round(at(1).duration / 60), completed: 1 });
    const twenty = tunisDay(new Date(Date.now() - 20 * DAY));
    expect(byDay.get(twenty)?.minutes).toBe(Math.round(Math.round(at(2).duration / 2) / 60));
    const total = got.days.reduce((n, d) => n + d.completed, 0);
    expect(total).toBe(1);
  });

  it("gives each subject of the class its progress at the end of the last four weeks: the mean over all its lessons", async () => {
    const got = await activity(pupil.token);
    const s = got.subjects.find((x) => x.id === subject.id)!;
    expect(s.slug).toBe(subject.slug);
    expect(s.points.map((p) => p.date)).toEqual([21, 14, 7, 0].map((n) => addDays(tunisDay(new Date()), -n)));
    const a = (600 / at(0).duration) * 100;
    const mean = (sum: number) => Math.round(sum / subject.lessons);
    expect(s.points.map((p) => p.progress)).toEqual([0, mean(50), mean(50), mean(150 + a)]);
    // Subjects without progress are there at 0, in the class's order.
    expect(got.subjects.length).toBeGreaterThan(1);
    expect(got.subjects.filter((x) => x.id !== subject.id).every((x) => x.points.every((p) => p.progress === 0))).toBe(true);
  });

  it("reads one subject with `subject`, and a subject outside the class is not found", async () => {
    const got = await activity(pupil.token, { subject: subject.slug });
    expect(got.subjects.map((x) => x.id)).toEqual([subject.id]);
    expect(got.days.reduce((n, d) => n + d.minutes, 0)).toBeGreaterThan(0);
    const res = await h.request("GET", "/api/student/progress/activity", { token: pupil.token, query: { subject: "pas-une-matiere" } });
    expect(res.status).toBe(404);
  });

  it("matches the seeded demo pupil: four lessons completed three days ago, one half-way yesterday", async () => {
    const got = await activity(eleve);
    const three = tunisDay(new Date(Date.now() - 3 * DAY));
    expect(got.days.find((d) => d.date === three)?.completed).toBe(4);
    const [seeded] = await rows(sql`
      select coalesce(sum(c.duration_s), 0)::int as s from progress p join contents c on c.id = p.content_id
      join users u on u.id = p.user_id where u.email = 'eleve@darsi.tn' and p.completed`);
    expect(got.days.find((d) => d.date === three)?.minutes).toBe(Math.round(Number(seeded.s) / 60));
  });

  it("refuses bad input and parents", async () => {
    for (const subject of ["", "../x", "a".repeat(400), "x\u0000"]) {
      const res = await h.request("GET", "/api/student/progress/activity", { token: pupil.token, query: { subject } });
      expect([400, 422], `${JSON.stringify(subject)}: ${res.status}`).toContain(res.status);
      expect(res.json.code).toBeTruthy();
    }
    const parent = await h.login("parent2@darsi.tn", DEMO_PASSWORD);
    expect((await h.request("GET", "/api/student/progress/activity", { token: parent })).status).toBe(403);
    expect((await h.request("GET", "/api/student/progress/activity")).status).toBe(401);
  });
});

describe("GET /parent/children/{id}/progress/activity", () => {
  it("a parent reads their approved child's activity, the same answer as the child's own", async () => {
    const parent2 = await h.login("parent2@darsi.tn", DEMO_PASSWORD);
    const amine = Number((await rows(sql`select child_user_id from parent_requests r join users p on p.id = r.parent_user_id where p.email = 'parent2@darsi.tn' and r.approved`))[0].child_user_id);
    const res = await h.request("GET", `/api/parent/children/${amine}/progress/activity`, { token: parent2 });
    expect(res.status, res.text).toBe(200);
    expect((res.json.payload as ActivityDto).days).toHaveLength(28);
  });

  it("a parent cannot read another family's child, nor a child whose request is pending; a pupil cannot read it at all", async () => {
    const parent1 = await h.login("parent@darsi.tn", DEMO_PASSWORD);
    const parent2 = await h.login("parent2@darsi.tn", DEMO_PASSWORD);
    const eleveId = Number((await rows(sql`select id from users where email = 'eleve@darsi.tn'`))[0].id);
    // parent@ has only a pending request for eleve; parent2 is another family.
    expect((await h.request("GET", `/api/parent/children/${eleveId}/progress/activity`, { token: parent1 })).status).toBe(404);
    expect((await h.request("GET", `/api/parent/children/${eleveId}/progress/activity`, { token: parent2 })).status).toBe(404);
    expect((await h.request("GET", `/api/parent/children/${pupil.id}/progress/activity`, { token: parent2 })).status).toBe(404);
    expect((await h.request("GET", `/api/parent/children/${eleveId}/progress/activity`, { token: eleve })).status).toBe(403);
  });

  it("refuses a malformed child id", async () => {
    const parent2 = await h.login("parent2@darsi.tn", DEMO_PASSWORD);
    for (const id of ["abc", "0", "-1", "99999999999"]) {
      const res = await h.request("GET", `/api/parent/children/${id}/progress/activity`, { token: parent2 });
      expect([400, 422], `${id}: ${res.status}`).toContain(res.status);
    }
  });
});
