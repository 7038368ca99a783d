/**
 * Free hours metered by the server (issue 18 item 4): a pupil with an allowance of free hours and no live offer is a
 * free viewer whatever the app says (the progress post's `isFree` is only a hint); their newly watched seconds count,
 * and once the allowance is used up the lesson comes without media (`media_refused`) and the links already given are
 * refused with 403 `free_hours_exhausted`. A subscribed pupil is never metered.
 */
import { and, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affiliations, chapters, contents, subjects, users } from "../../server/db/schema";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let lesson: { id: number; slug: string; chapterId: number; chapter: string; subjectId: number; subject: string; durationS: number | null };

beforeAll(async () => {
  h = await startTestServer();
  // A protected video (a demo clip of 30 s) of the Bac Maths class (the pupils registered below), made free: the demo's
  // free lessons are YouTube embeds, which carry no signed link.
  const [row] = await h.deps.db
    .select({ id: contents.id, slug: contents.slug, chapterId: chapters.id, chapter: chapters.slug, subjectId: subjects.id, subject: subjects.slug, durationS: contents.durationS })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, 18), eq(contents.isFree, false), eq(contents.typeId, 2), gte(contents.durationS, 30)))
    .limit(1);
  lesson = row!;
  await h.deps.db.update(contents).set({ isFree: true }).where(eq(contents.id, lesson.id));
});
afterAll(() => h?.close());

const ALLOWANCE_S = 20;

async function pupilWith(allowance: number | null, used = 0): Promise<NewStudent> {
  const p = await h.registerVerified();
  await h.deps.db.update(users).set({ freeHoursTotal: allowance, freeHoursUsed: used }).where(eq(users.id, p.id));
  return p;
}

const openLesson = (token: string) => h.request("GET", `/api/student/subjects/${lesson.subject}/chapters/${lesson.chapter}/contents/${lesson.slug}`, { token });

/** A progress post of the watched range [from, to), with the app's `isFree` hint (which the server ignores). */
const watch = (token: string, from: number, to: number, isFree: boolean) =>
  h.request("POST", "/svc/progress/progress", {
    token,
    headers: { "x-api-key": "darsi-web-progress" },
    body: { contentId: lesson.id, chapterId: lesson.chapterId, subjectId: lesson.subjectId, isFree, ranges: [[from, to]], position: to, watchedTime: to - from },
  });

const usedSeconds = async (id: number) => (await h.deps.db.select({ used: users.freeHoursUsed }).from(users).where(eq(users.id, id)))[0]!.used;
const fetchMedia = (url: string) => h.app.request(url);

describe("a free viewer (free hours, no offer)", () => {
  it("watches free lessons until the allowance is used, then the lesson's media and the links given are refused", async () => {
        const p = await pupilWith(ALLOWANCE_S);
    const me = (await h.request("GET", "/api/auth/me", { token: p.token })).json.payload;
    expect(me.permissions.freeHours).toBe(true);
    expect(me.freeHours).toEqual({ total_seconds: ALLOWANCE_S, used_seconds: 0 });

    const first = await openLesson(p.token);
    expect(first.status, first.text).toBe(200);
    expect(first.json.payload.media_refused).toBeNull();
    const url = first.json.payload.content_videos.url as string;
    // The link is marked as a free view's, under the signature.
    expect(JSON.parse(Buffer.from(first.json.payload.playbackInfo as string, "base64url").toString("utf8"))).toMatchObject({ f: 1 });
    expect((await fetchMedia(url)).status).toBe(200);

    // The app's hint says "not free": the server meters anyway.
    const part = await watch(p.token, 0, 12, false);
    expect(part.status, part.text).toBe(200);
    expect(part.json.payload.expired).toBe(false);
    expect(await usedSeconds(p.id)).toBe(12);
    // The same range again (a replay) costs nothing.
    expect((await watch(p.token, 0, 12, false)).json.payload.expired).toBe(false);
    expect(await usedSeconds(p.id)).toBe(12);

    const over = await watch(p.token, 12, 25, true);
    expect(over.json.payload.expired).toBe(true);
    expect(await usedSeconds(p.id)).toBe(25);

    const refused = await fetchMedia(url);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("free_hours_exhausted");

    const again = await openLesson(p.token);
    expect(again.status).toBe(200);
    expect(again.json.payload).toMatchObject({ locked: false, media_refused: "free_hours_exhausted", content_videos: null, otp: null, playbackInfo: null, attachments: [] });
  });

  it("cannot strip the free-view mark from a link: the signature covers it", async () => {
    const p = await pupilWith(ALLOWANCE_S);
    const got = (await openLesson(p.token)).json.payload;
    const claims = JSON.parse(Buffer.from(got.playbackInfo as string, "base64url").toString("utf8")) as Record<string, unknown>;
    const { f: _mark, ...unmarked } = claims;
    const stripped = (got.content_videos.url as string).replace(got.playbackInfo as string, Buffer.from(JSON.stringify(unmarked)).toString("base64url"));
    const refused = await fetchMedia(stripped);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("forbidden");
    expect((await fetchMedia(got.content_videos.url as string)).status).toBe(200);
  });

  it("a YouTube lesson (measured in percent) marked seen costs its length once", async () => {
    const [youtube] = await h.deps.db
      .select({ id: contents.id, chapterId: chapters.id, subjectId: subjects.id, durationS: contents.durationS })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(eq(subjects.divisionId, 18), eq(contents.isFree, true), eq(contents.typeId, 1), gte(contents.durationS, 1)))
      .limit(1);
    const p = await pupilWith(100_000);
    const seen = () =>
      h.request("POST", "/svc/progress/progress", {
        token: p.token,
        headers: { "x-api-key": "darsi-web-progress" },
        body: { contentId: youtube!.id, chapterId: youtube!.chapterId, subjectId: youtube!.subjectId, percentage: 100, completed: true },
      });
    expect((await seen()).status).toBe(200);
    expect(await usedSeconds(p.id)).toBe(youtube!.durationS);
    expect((await seen()).status).toBe(200);
    expect(await usedSeconds(p.id)).toBe(youtube!.durationS);
  });
});

describe("pupils who are not metered", () => {
  it("a subscribed pupil is never metered, even with an allowance used up and the app saying isFree", async () => {
    const p = await pupilWith(ALLOWANCE_S, ALLOWANCE_S);
    await h.deps.db.insert(affiliations).values({ userId: p.id, offerId: 35, groupId: 35, period: "year", startDate: "2000-01-01", endDate: "2999-06-30", amountPaid: 0 });
    expect((await h.request("GET", "/api/auth/me", { token: p.token })).json.payload.permissions.freeHours).toBe(false);
    const got = (await openLesson(p.token)).json.payload;
    expect(got.media_refused).toBeNull();
    expect(JSON.parse(Buffer.from(got.playbackInfo as string, "base64url").toString("utf8"))).not.toHaveProperty("f");
    expect((await fetchMedia(got.content_videos.url as string)).status).toBe(200);
    const posted = await watch(p.token, 0, 25, true);
    expect(posted.json.payload.expired).toBe(false);
    expect(await usedSeconds(p.id)).toBe(ALLOWANCE_S);
  });

  it("a pupil without an allowance watches free lessons without a counter", async () => {
    const p = await pupilWith(null);
    const posted = await watch(p.token, 0, 25, true);
    expect(posted.status, posted.text).toBe(200);
    expect(posted.json.payload.expired).toBe(false);
    expect(await usedSeconds(p.id)).toBe(0);
    expect((await openLesson(p.token)).json.payload.media_refused).toBeNull();
  });
});
