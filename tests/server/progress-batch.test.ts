/**
 * Progress posts arriving together share their statements (`services/progress/ingest.ts`): a batch mixing pupils,
 * lessons, keys, a retry, a second post of the same lesson and bad posts must answer each post as if it had come alone,
 * and one bad post must not fail the others.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import { chapters, contents, idempotencyKeys, progress, subjects } from "../../server/db/schema";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
const API_KEY = { "x-api-key": "darsi-web-progress" };

beforeAll(async () => {
  h = await startTestServer();
});
afterAll(async () => {
  await h?.close();
});

/** Two protected videos of the Bac Mathématiques class (a registered pupil's): the first made free, the second not. */
async function lessons() {
  const rows = await h.deps.db
    .select({ contentId: contents.id, chapterId: chapters.id, subjectId: subjects.id, free: contents.isFree })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, 18), eq(contents.typeId, 2), isNotNull(contents.durationS), eq(contents.isFree, false)))
    .orderBy(contents.id);
  const [open, locked] = [rows[0]!, rows[1]!];
  await h.deps.db.update(contents).set({ isFree: true }).where(eq(contents.id, open.contentId));
  return { open, locked };
}

describe("progress posts in one batch", () => {
  it("answers each post as if it came alone, and a bad post fails alone", async () => {
    const { open, locked } = await lessons();
    const [a, b] = [await h.registerVerified(), await h.registerVerified()];
    const body = (lesson: typeof open, ranges: Array<[number, number]>, extra: Record<string, unknown> = {}) => ({
      contentId: lesson.contentId,
      chapterId: lesson.chapterId,
      subjectId: lesson.subjectId,
      ranges,
      ...extra,
    });
    const post = (token: string, data: Record<string, unknown>, key?: string) =>
      h.request("POST", "/svc/progress/progress", { token, headers: { ...API_KEY, ...(key ? { "idempotency-key": key } : {}) }, body: data });

    const first = await Promise.all([
      post(a.token, body(open, [[0, 10]]), "batch-key-1"),
      post(a.token, body(open, [[0, 10]]), "batch-key-1"), // the same post again (a retry racing the first)
      post(b.token, body(open, [[0, 20]]), "batch-key-1"), // another pupil's key of the same name
      post(a.token, body(open, [[10, 30]]), "batch-key-2"), // the same lesson again, later in the batch
      post(a.token, body(open, [[0, 5]], { contentId: 999_999 }), "batch-key-3"),
      post(a.token, body(locked, [[0, 5]]), "batch-key-4"),
      post(a.token, body(open, [[0, 5]], { chapterId: locked.chapterId === open.chapterId ? 999_999 : locked.chapterId })),
    ]);
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200, 404, 403, 422]);
    expect(first[0]!.json.payload).toEqual(first[1]!.json.payload);

    const row = async (userId: number) =>
      (await h.deps.db.select().from(progress).where(and(eq(progress.userId, userId), eq(progress.contentId, open.contentId))))[0];
    expect((await row(a.id))?.ranges).toEqual([[0, 30]]);
    expect((await row(b.id))?.ranges).toEqual([[0, 20]]);
    // Nothing written for the refused posts.
    expect(await h.deps.db.select().from(progress).where(and(eq(progress.userId, a.id), ne(progress.contentId, open.contentId)))).toEqual([]);
    const keys = await h.deps.db.select().from(idempotencyKeys).where(isNotNull(idempotencyKeys.status));
    expect(keys.filter((k) => k.userId === a.id).map((k) => k.key).sort()).toEqual(["batch-key-1", "batch-key-2"]);
    expect(keys.filter((k) => k.userId === b.id).map((k) => k.key)).toEqual(["batch-key-1"]);

    // Later: the same key with the same post replays its answer; with another post it is refused, and changes nothing.
    const [replay, conflict] = await Promise.all([
      post(a.token, body(open, [[0, 10]]), "batch-key-1"),
      post(a.token, body(open, [[50, 60]]), "batch-key-1"),
    ]);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.json.payload).toEqual(first[0]!.json.payload);
    expect(conflict.status).toBe(409);
    expect(conflict.json.code).toBe("idempotency_conflict");
    expect((await row(a.id))?.ranges).toEqual([[0, 30]]);
  });
});
