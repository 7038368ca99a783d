/**
 * What a progress post may not do (issue 8 item 5): complete a quiz lesson or raise its percentage (completion of a
 * quiz comes only from passing it, through the quiz service), or store a position or a watched range past the end of
 * the media — on the micro-batched path (posts arriving together), the one-by-one path (free viewing time) and the
 * websocket's live position alike. A locked lesson answers 403 content_locked.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chapters, contents, progress, quizChoices, quizQuestions, subjects, users } from "../../server/db/schema";
import { findProgressLesson } from "../../server/services/progress/lesson";
import { recordPosition } from "../../server/services/progress/position";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let eleve: string;
let eleveId: number;
const KEY = { "x-api-key": "darsi-web-progress" };

interface Lesson {
  contentId: number;
  chapterId: number;
  subjectId: number;
  typeId: number;
  duration: number | null;
  isFree: boolean;
  qcmId: number | null;
}

async function lessons(division = 18): Promise<Lesson[]> {
  return h.deps.db
    .select({ contentId: contents.id, chapterId: chapters.id, subjectId: subjects.id, typeId: contents.typeId, duration: contents.durationS, isFree: contents.isFree, qcmId: contents.qcmId })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(eq(subjects.divisionId, division))
    .orderBy(contents.id);
}

const post = (token: string, lesson: Lesson, extra: Record<string, unknown>) =>
  h.request("POST", "/svc/progress/progress", {
    token,
    headers: KEY,
    body: { contentId: lesson.contentId, chapterId: lesson.chapterId, subjectId: lesson.subjectId, ...extra },
  });

async function stored(userId: number, contentId: number) {
  const [row] = await h.deps.db.select().from(progress).where(and(eq(progress.userId, userId), eq(progress.contentId, contentId)));
  return row;
}

beforeAll(async () => {
  h = await startTestServer();
  eleve = await h.login("eleve@darsi.tn");
  const [u] = await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "eleve@darsi.tn"));
  eleveId = u!.id;
});
afterAll(async () => {
  await h?.close();
});

describe("a quiz lesson", () => {
  it("is never completed nor raised by progress posts, alone or many at once; passing the quiz completes it", async () => {
    const all = await lessons();
    const quizzes = all.filter((l) => l.typeId === 5 && l.qcmId !== null);
    expect(quizzes.length).toBeGreaterThan(2);
    const [quiz, ...others] = quizzes;
    const before = await stored(eleveId, quiz!.contentId);

    const alone = await post(eleve, quiz!, { percentage: 100, completed: true, position: 50 });
    expect(alone.status, alone.text).toBe(200);
    expect(alone.json.payload).toMatchObject({ percentage: before?.percentage ?? 0, completed: before?.completed ?? false, lastWatchedSecond: 0 });
    // Several at once go through one batched statement: the same rule holds there.
    const burst = await Promise.all(others.slice(0, 4).map((l) => post(eleve, l, { percentage: 100, completed: true })));
    for (const res of burst) expect(res.json.payload).toMatchObject({ completed: false, percentage: 0 });
    for (const l of [quiz!, ...others.slice(0, 4)]) {
      const row = await stored(eleveId, l.contentId);
      expect(row?.completed ?? false).toBe(false);
      expect(row?.percentage ?? 0).toBe(0);
    }

    // Passing the quiz (quiz service) completes the lesson; a later post does not undo it.
    const login = await h.request("POST", "/svc/quiz/login", { token: eleve });
    const quizToken = login.json.payload.token as string;
    const questions = await h.deps.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz!.qcmId!));
    const answers = [];
    for (const q of questions) {
      const choices = await h.deps.db.select().from(quizChoices).where(eq(quizChoices.questionId, q.id));
      answers.push({ question_id: q.id, choice_ids: choices.filter((c) => c.correct).map((c) => c.id) });
    }
    const passed = await h.request("POST", `/svc/quiz/quizzes/${quiz!.qcmId}/attempts`, { token: quizToken, body: { answers } });
    expect(passed.status, passed.text).toBe(201);
    expect(await stored(eleveId, quiz!.contentId)).toMatchObject({ percentage: 100, completed: true });
    const after = await post(eleve, quiz!, { percentage: 0 });
    expect(after.json.payload).toMatchObject({ percentage: 100, completed: true });
  });
});

describe("positions and ranges", () => {
  it("are cut at the media's duration on the batched path: 86,400 s on a short video stores its duration", async () => {
    const videos = (await lessons()).filter((l) => l.typeId === 2 && (l.duration ?? 0) > 0 && !l.isFree).slice(0, 3);
    expect(videos).toHaveLength(3);
    const answers = await Promise.all(videos.map((v) => post(eleve, v, { position: 86_400, ranges: [[0, 86_400]] })));
    answers.forEach((res, i) => {
      const d = videos[i]!.duration!;
      expect(res.status, res.text).toBe(200);
      expect(res.json.payload).toMatchObject({ lastWatchedSecond: d, percentage: 100, completed: true });
    });
    for (const v of videos) expect(await stored(eleveId, v.contentId)).toMatchObject({ lastWatchedSecond: v.duration, ranges: [[0, v.duration]] });
  });

  it("a range wholly past the end adds nothing, and a position is never negative or past the end", async () => {
    const [video] = (await lessons()).filter((l) => l.typeId === 2 && (l.duration ?? 0) > 0 && !l.isFree).slice(3, 4);
    const d = video!.duration!;
    const res = await post(eleve, video!, { position: d + 1, ranges: [[d + 10, d + 5000]] });
    expect(res.json.payload).toMatchObject({ lastWatchedSecond: d, percentage: 0 });
    expect((await stored(eleveId, video!.contentId))?.ranges).toEqual([]);
  });

  it("are cut on the one-by-one path too (free viewing time), which counts only the seconds inside the media", async () => {
    const [video] = (await lessons()).filter((l) => l.typeId === 2 && (l.duration ?? 0) > 0 && !l.isFree).slice(4, 5);
    // A free view (decided by the server): a pupil with free hours and no offer, on a free lesson.
    await h.deps.db.update(contents).set({ isFree: true }).where(eq(contents.id, video!.contentId));
    const viewer = await h.registerVerified();
    await h.deps.db.update(users).set({ freeHoursTotal: 100_000, freeHoursUsed: 0 }).where(eq(users.id, viewer.id));
    const res = await post(viewer.token, video!, { isFree: true, position: 86_400, ranges: [[0, 86_400]] });
    expect(res.status, res.text).toBe(200);
    expect(res.json.payload).toMatchObject({ lastWatchedSecond: video!.duration, percentage: 100 });
    expect(await stored(viewer.id, video!.contentId)).toMatchObject({ lastWatchedSecond: video!.duration, ranges: [[0, video!.duration]] });
    const used = (await h.deps.db.select({ used: users.freeHoursUsed }).from(users).where(eq(users.id, viewer.id)))[0]!.used;
    expect(used).toBe(video!.duration);
  });

  it("the websocket's live position is cut at the duration, YouTube lessons included", async () => {
    const all = await lessons();
    const youtube = all.find((l) => l.typeId === 1 && (l.duration ?? 0) > 0)!;
    const video = all.find((l) => l.typeId === 2 && (l.duration ?? 0) > 0)!;
    for (const l of [youtube, video]) {
      const lesson = await findProgressLesson(h.deps.db, eleveId, l.contentId, h.deps.now());
      expect(await recordPosition(h.deps, eleveId, lesson, 86_400)).toBe(l.duration);
      expect((await stored(eleveId, l.contentId))?.lastWatchedSecond).toBe(l.duration);
    }
  });
});

describe("a locked lesson", () => {
  it("answers 403 content_locked to a progress post", async () => {
    const nouveau = await h.login("nouveau@darsi.tn");
    const [u] = await h.deps.db.select({ divisionId: users.divisionId }).from(users).where(eq(users.email, "nouveau@darsi.tn"));
    const locked = (await lessons(u!.divisionId!)).find((l) => !l.isFree && l.duration !== null)!;
    const res = await post(nouveau, locked, { position: 5 });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("content_locked");
  });
});
