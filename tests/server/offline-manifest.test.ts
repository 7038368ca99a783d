/**
 * `GET /student/subjects/{subject}/chapters/{chapter}/offline-manifest`: what a pupil can keep of a chapter for
 * offline study — sizes read from the media store, locked / YouTube / quiz lessons named as needing a connection.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OfflineManifestDto } from "../../domain/offline";
import { CONTENT_TYPE, type LessonDto } from "../../domain/learning";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let eleve: string;
let nouveau: string;

beforeAll(async () => {
  h = await startTestServer();
  eleve = await h.login("eleve@darsi.tn");
  nouveau = await h.login("nouveau@darsi.tn");
});
afterAll(async () => {
  await h?.close();
});

const manifestPath = (s: string, c: string) => `/api/student/subjects/${s}/chapters/${c}/offline-manifest`;
const get = (path: string, token?: string) => h.request("GET", path, token ? { token } : {});

async function chapterSlugs(token: string, subject: string): Promise<string[]> {
  const res = await get(`/api/student/subjects/${subject}/chapters`, token);
  expect(res.status).toBe(200);
  return (res.json.payload.chapters as Array<{ chapter: { slug: string } }>).map((c) => c.chapter.slug);
}

describe("offline manifest", () => {
  it("needs a token", async () => {
    expect((await get(manifestPath("mathematiques", "derivabilite"))).status).toBe(401);
  });

  it("lists every lesson of the chapter; keepable ones carry their files with the sizes on disk, once per file", async () => {
    const slugs = await chapterSlugs(eleve, "mathematiques");
    let sawVideo = false;
    let sawYoutube = false;
    for (const chapter of slugs) {
      const res = await get(manifestPath("mathematiques", chapter), eleve);
      expect(res.status, res.text).toBe(200);
      const m = res.json.payload as OfflineManifestDto;
      const list = await get(`/api/student/subjects/mathematiques/chapters/${chapter}/contents`, eleve);
      expect(m.lessons.map((l) => l.slug)).toEqual((list.json.payload as Array<{ slug: string }>).map((l) => l.slug));
      for (const l of m.lessons) {
        if (l.type.id === CONTENT_TYPE.youtube.id) {
          sawYoutube = true;
          expect(l.availability).toBe("youtube");
          expect(l.files).toEqual([]);
        } else if (l.type.id === CONTENT_TYPE.quiz.id) {
          expect(l.availability).toBe("quiz");
        } else {
          expect(l.availability).toBe("keepable");
          // The same files as the lesson's answer (without their signatures).
          const lesson = (await get(`/api/student/subjects/mathematiques/chapters/${chapter}/contents/${l.slug}`, eleve)).json.payload as LessonDto;
          const urls = [lesson.content_videos?.url, ...(lesson.pages ?? []).map((p) => p.url), ...lesson.attachments.map((a) => a.url)]
            .filter((u): u is string => typeof u === "string" && u.startsWith("/media/"))
            .map((u) => u.split("?")[0]);
          expect(l.files.map((f) => f.path).sort()).toEqual(urls.sort());
          if (lesson.content_videos) sawVideo = true;
        }
        for (const f of l.files) {
          expect(f.path).not.toContain("?");
          expect(f.bytes).toBe(statSync(join("server/media", f.path.replace(/^\/media\//, ""))).size);
        }
      }
      const unique = new Set(m.lessons.flatMap((l) => l.files.map((f) => f.path)));
      expect(m.files.map((f) => f.path).sort()).toEqual([...unique].sort());
      expect(m.bytes).toBe(m.files.reduce((n, f) => n + f.bytes, 0));
    }
    expect(sawVideo).toBe(true);
    expect(sawYoutube).toBe(true);
  });

  it("names locked lessons as needing a connection and gives none of their files", async () => {
    const [chapter] = await chapterSlugs(nouveau, (await get("/api/student/subjects", nouveau)).json.payload[0].slug);
    const subject = (await get("/api/student/subjects", nouveau)).json.payload[0].slug as string;
    const m = (await get(manifestPath(subject, chapter!), nouveau)).json.payload as OfflineManifestDto;
    const locked = m.lessons.filter((l) => l.availability === "locked");
    expect(locked.length).toBeGreaterThan(0);
    for (const l of locked) expect(l.files).toEqual([]);
    const keptPaths = new Set(m.lessons.flatMap((l) => l.files.map((f) => f.path)));
    expect(m.files.every((f) => keptPaths.has(f.path))).toBe(true);
  });

  it("answers 404 for a chapter or subject that is not the pupil's", async () => {
    expect((await get(manifestPath("mathematiques", "no-such-chapter"), eleve)).status).toBe(404);
    expect((await get(manifestPath("no-such-subject", "derivabilite"), eleve)).status).toBe(404);
  });
});
