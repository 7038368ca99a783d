/**
 * Progress posts of one pupil for one lesson arriving at the same time (a flapping connection, an outbox replay
 * racing a live post): the compare-and-set write of `recordProgress` must lose nothing. Meaningful on PostgreSQL
 * (`TEST_DATABASE=postgres`, requests truly concurrent); on PGlite the same assertions hold one at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { chapters, contents, progress, subjects, users } from "../../server/db/schema";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
const KEY = { "x-api-key": "darsi-web-progress" };

beforeAll(async () => {
  h = await startTestServer();
});
afterAll(async () => {
  await h?.close();
});

/** A protected video of the Bac Mathématiques class; `free` makes it a free lesson (in this test's own database). */
async function videoLesson(free: boolean, skip = 0) {
  const rows = await h.deps.db
    .select({ contentId: contents.id, chapterId: chapters.id, subjectId: subjects.id, duration: contents.durationS })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, 18), eq(contents.typeId, 2), isNotNull(contents.durationS)))
    .orderBy(contents.id);
  const row = rows[skip];
  if (!row?.duration) throw new Error("no video lesson");
  await h.deps.db.update(contents).set({ isFree: free }).where(eq(contents.id, row.contentId));
  return { ...row, duration: row.duration };
}

describe("concurrent progress posts", () => {
  it("merges every range and counts each free second once when posts race", async () => {
    const lesson = await videoLesson(true);
    const pupil = await h.registerVerified();
    await h.deps.db.update(users).set({ freeHoursTotal: 100_000, freeHoursUsed: 0 }).where(eq(users.id, pupil.id));
    const d = lesson.duration;
    // Every second of the video in its own post, each sent twice (a replay), all at once.
    const posts = Array.from({ length: d }, (_, i) => i).flatMap((i) => [i, i]);
    const answers = await Promise.all(
      posts.map((i) =>
        h.request("POST", "/svc/progress/progress", {
          token: pupil.token,
          headers: KEY,
          body: { contentId: lesson.contentId, chapterId: lesson.chapterId, subjectId: lesson.subjectId, ranges: [[i, i + 1]], position: i + 1, isFree: true },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(posts.map(() => 200));
    const [row] = await h.deps.db.select().from(progress).where(and(eq(progress.userId, pupil.id), eq(progress.contentId, lesson.contentId)));
    expect(row?.ranges).toEqual([[0, d]]);
    expect(row?.percentage).toBe(100);
    expect(row?.completed).toBe(true);
    const [u] = await h.deps.db.select({ used: users.freeHoursUsed }).from(users).where(eq(users.id, pupil.id));
    expect(u?.used).toBe(d);
  });

  it("never lowers the percentage when an old post races a newer one", async () => {
    const lesson = await videoLesson(false, 1);
    const token = await h.login("eleve@darsi.tn");
    const [eleve] = await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "eleve@darsi.tn"));
    await h.deps.db.delete(progress).where(and(eq(progress.userId, eleve!.id), eq(progress.contentId, lesson.contentId)));
    const d = lesson.duration;
    const body = (ranges: Array<[number, number]>) => ({ contentId: lesson.contentId, chapterId: lesson.chapterId, subjectId: lesson.subjectId, ranges });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => h.request("POST", "/svc/progress/progress", { token, headers: KEY, body: body([[0, Math.ceil(d * 0.9)]]) })),
      ...Array.from({ length: 10 }, () => h.request("POST", "/svc/progress/progress", { token, headers: KEY, body: body([[0, 2]]) })),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const [row] = await h.deps.db.select().from(progress).where(and(eq(progress.userId, eleve!.id), eq(progress.contentId, lesson.contentId)));
    expect(row?.ranges).toEqual([[0, Math.ceil(d * 0.9)]]);
    expect(row?.completed).toBe(true);
  });
});
