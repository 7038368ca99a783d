import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chapters, contents, subjects } from "../../server/db/schema";
import { signMedia, type MediaGrant } from "../../server/services/media/signing";
import { createClock, startTestServer, type TestServer } from "./harness";

const clock = createClock();
let h: TestServer;
/** A live session of eleve (links are signed for a session and die with it). */
let live: MediaGrant;

/** The user and session a bearer token stands for (its `sub` and `sid` claims). */
function grantOf(token: string): MediaGrant {
  const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { sub: string; sid: string };
  return { userId: Number(claims.sub), sessionId: claims.sid };
}

beforeAll(async () => {
  h = await startTestServer({ now: clock.now });
  live = grantOf(await h.login("eleve@darsi.tn"));
});
afterAll(async () => {
  await h?.close();
});

const VIDEO = "/media/videos/demo-1.webm";
const get = (url: string, headers: Record<string, string> = {}) => h.app.request(url, { headers });

describe("signed lesson media", () => {
  it("serves a file to the holder of its signature, with byte ranges for seeking", async () => {
    const signed = signMedia(h.deps.secret, VIDEO, live, clock.now());
    const full = await get(signed.url);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toContain("video/webm");
    expect(full.headers.get("cache-control")).toContain("private");
    const size = Number(full.headers.get("content-length"));
    expect(size).toBeGreaterThan(10_000);

    const part = await get(signed.url, { Range: "bytes=0-1023" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-1023/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(1024);
  });

  it("refuses a request without a signature, with another path's, or with forged claims", async () => {
    expect((await get(VIDEO)).status).toBe(403);
    const other = signMedia(h.deps.secret, "/media/videos/demo-2.webm", live, clock.now());
    expect((await get(`${VIDEO}?otp=${other.otp}&playbackInfo=${other.playbackInfo}`)).status).toBe(403);
    const mine = signMedia(h.deps.secret, VIDEO, live, clock.now());
    const forged = Buffer.from(JSON.stringify({ u: 2, s: live.sessionId, exp: Math.floor(clock.now().getTime() / 1000) + 60 })).toString("base64url");
    expect((await get(`${VIDEO}?otp=${mine.otp}&playbackInfo=${forged}`)).status).toBe(403);
    const otherSession = Buffer.from(JSON.stringify({ u: live.userId, s: "00000000-0000-4000-8000-000000000000", exp: Math.floor(clock.now().getTime() / 1000) + 60 })).toString("base64url");
    expect((await get(`${VIDEO}?otp=${mine.otp}&playbackInfo=${otherSession}`)).status).toBe(403);
    const otherSecret = signMedia("another-secret-of-32-characters-or-more", VIDEO, live, clock.now());
    expect((await get(otherSecret.url)).status).toBe(403);
  });

  it("stops working when the link expires", async () => {
    const signed = signMedia(h.deps.secret, VIDEO, live, clock.now(), 60);
    expect((await get(signed.url)).status).toBe(200);
    clock.advance(61_000);
    try {
      expect((await get(signed.url)).status).toBe(403);
    } finally {
      clock.advance(-61_000);
    }
  });

  it("never leaves the media folder", async () => {
    const path = "/media/../package.json";
    const signed = signMedia(h.deps.secret, path, live, clock.now());
    for (const attempt of [signed.url.replace("/media/../", "/media/%2e%2e/"), signed.url.replace("/media/../", "/media/..%2f"), signed.url]) {
      const res = await get(attempt);
      // Either refused, or normalised by the URL parser to a path outside /media (then the app's own page answers).
      expect(await res.text(), attempt).not.toContain('"name": "darsi"');
      if (res.headers.get("content-type")?.includes("json")) expect(res.status).toBeGreaterThanOrEqual(400);
    }
  });

  it("stop working at logout: a lesson's signed video plays for its session, and is refused once that session ends", async () => {
    const token = await h.login("eleve@darsi.tn");
    const [video] = await h.deps.db
      .select({ slug: contents.slug, chapter: chapters.slug, subject: subjects.slug })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(eq(subjects.divisionId, 18), eq(contents.typeId, 2)))
      .limit(1);
    const lesson = await h.request("GET", `/api/student/subjects/${video!.subject}/chapters/${video!.chapter}/contents/${video!.slug}`, { token });
    expect(lesson.status, lesson.text).toBe(200);
    const url = lesson.json.payload.content_videos?.url as string | undefined;
    expect(url).toMatch(/^\/media\/.+\?otp=/);
    expect((await get(url!, { Range: "bytes=0-15" })).status).toBe(206);
    // Another session of the same pupil does not keep it alive.
    const other = await h.login("eleve@darsi.tn");
    expect((await h.request("GET", "/api/auth/logout", { token })).status).toBe(200);
    const after = await get(url!, { Range: "bytes=0-15" });
    expect(after.status).toBe(403);
    expect(((await after.json()) as { code: string }).code).toBe("forbidden");
    expect((await h.request("GET", "/api/auth/me", { token: other })).status).toBe(200);
  });

  it("stop working when the session expires, even within the link's own lifetime", async () => {
    const token = await h.login("eleve@darsi.tn");
    const grant = grantOf(token);
    const signed = signMedia(h.deps.secret, VIDEO, grant, clock.now(), 400 * 24 * 3600);
    expect((await get(signed.url)).status).toBe(200);
    const sessionTtlMs = h.deps.env.TOKEN_TTL_HOURS * 3600_000;
    clock.advance(sessionTtlMs + 1000);
    try {
      expect((await get(signed.url)).status).toBe(403);
    } finally {
      clock.advance(-(sessionTtlMs + 1000));
    }
  });
});
