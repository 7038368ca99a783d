/**
 * One code for every action on a locked lesson (issue 8 item 6b): 403 `content_locked` from the bookmark, the video
 * report, the progress post and websocket, the reactions and views, and the quiz service — and nothing is written.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookmarks, chapters, contents, progress, subjects, videoReports } from "../../server/db/schema";
import { AppError } from "../../server/lib/errors";
import { authorizeProgressSocket } from "../../server/services/progress/position";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let pupil: NewStudent;

beforeAll(async () => {
  h = await startTestServer();
  // A Bac Maths pupil without any offer: every lesson but the free ones is locked.
  pupil = await h.registerVerified();
});
afterAll(async () => {
  await h?.close();
});

async function lockedLesson(typeId: number) {
  const [row] = await h.deps.db
    .select({ id: contents.id, slug: contents.slug, qcmId: contents.qcmId, chapterId: chapters.id, chapter: chapters.slug, subjectId: subjects.id, subject: subjects.slug })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, 18), eq(contents.isFree, false), eq(contents.typeId, typeId)))
    .limit(1);
  return row!;
}

describe("a locked lesson", () => {
  it("answers 403 content_locked to every action and records nothing", async () => {
    const video = await lockedLesson(2);
    const quiz = await lockedLesson(5);
    const magazine = await lockedLesson(3);
    const token = pupil.token;
    const quizToken = (await h.request("POST", "/svc/quiz/login", { token })).json.payload.token as string;
    const calls: Array<[string, () => ReturnType<TestServer["request"]>]> = [
      ["bookmark", () => h.request("POST", `/api/user/subjects/${video.subject}/chapters/${video.chapter}/contents/${video.slug}/bookmark`, { token, body: {} })],
      ["video report", () => h.request("POST", "/api/student/video-reports", { token, body: { content: video.id, reportReason: 1, description: "Rien ne se lance" } })],
      ["progress", () => h.request("POST", "/svc/progress/progress", { token, headers: { "x-api-key": "darsi-web-progress" }, body: { contentId: video.id, chapterId: video.chapterId, subjectId: video.subjectId, position: 5 } })],
      ["reactions", () => h.request("GET", "/svc/analytics/reactions", { token, query: { content_id: video.id } })],
      ["react", () => h.request("POST", "/svc/analytics/reactions", { token, body: { content_id: video.id, reaction_type: "love" } })],
      ["view", () => h.request("POST", "/svc/analytics/views", { token, body: { content_id: magazine.id } })],
      ["quiz", () => h.request("GET", `/svc/quiz/quizzes/${quiz.qcmId}`, { token: quizToken })],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect(res.status, `${name}: ${res.text}`).toBe(403);
      expect(res.json.code, name).toBe("content_locked");
    }
    const socket = await authorizeProgressSocket(h.deps, token, video.id).catch((err: unknown) => err);
    expect(socket).toBeInstanceOf(AppError);
    expect((socket as AppError).code).toBe("content_locked");

    expect(await h.deps.db.select().from(bookmarks).where(eq(bookmarks.userId, pupil.id))).toEqual([]);
    expect(await h.deps.db.select().from(videoReports).where(eq(videoReports.userId, pupil.id))).toEqual([]);
    expect(await h.deps.db.select().from(progress).where(eq(progress.userId, pupil.id))).toEqual([]);
  });
});
