/**
 * Home endpoints (SPEC §2 "/", §7): the latest recorded sessions of the pupil's class (`GET /student/latest-recordings`)
 * and the forum's latest posts (`GET /latest-posts`, local forum adapter), plus what the ad cards need — driven as
 * different pupils: eleve (Gold, Bac Maths), nouveau (no offer, 1ère année), fresh Bac Maths pupils.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { affiliations, chapters, contents, progress, subjects, users } from "../../server/db/schema";
import { latestForumPosts } from "../../server/services/learning/home";
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

const get = (path: string, token?: string, query?: Record<string, string | number>) =>
  h.request("GET", `/api${path}`, { ...(token ? { token } : {}), ...(query ? { query } : {}) });
async function ok<T = unknown>(path: string, token: string, query?: Record<string, string | number>): Promise<T> {
  const res = await get(path, token, query);
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.json.payload as T;
}

interface Rec {
  id: number;
  slug: string;
  name: string;
  subject: { id: number; slug: string; name: string; name_ar: string; color: string };
  chapter: { id: number; slug: string; name: string };
  recorded_at: string;
  duration: number | null;
  locked: boolean;
  percentage: number;
}

const MEDIA_KEYS = ["content_videos", "url", "video_url", "videoUrl", "otp", "playbackInfo", "pages", "attachments"];

async function pupil(groupId?: number): Promise<{ token: string; id: number }> {
  const p = await h.registerVerified();
  if (groupId) {
    await h.deps.db.insert(affiliations).values({ userId: p.id, offerId: groupId, groupId, period: "year", startDate: "2020-09-15", endDate: "2099-06-30" });
  }
  return p;
}

describe("authentication", () => {
  it.each(["/api/student/latest-recordings", "/api/latest-posts"])("GET %s needs a token", async (path) => {
    const res = await h.request("GET", path);
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("unauthorized");
    const bad = await h.request("GET", path, { token: "not-a-token" });
    expect(bad.status).toBe(401);
  });
});

describe("GET /student/latest-recordings", () => {
  it("gives the Gold pupil the 4 latest sessions of their class's recording chapters, newest first, unlocked", async () => {
    const list = await ok<Rec[]>("/student/latest-recordings", eleve);
    expect(list).toHaveLength(4);
    const times = list.map((r) => Date.parse(r.recorded_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const t of times) expect(t).toBeLessThanOrEqual(Date.now());
    for (const r of list) {
      expect(r.locked).toBe(false);
      expect(r.chapter.slug).toMatch(/^enregistrements-/);
      expect(r.percentage).toBeGreaterThanOrEqual(0);
      // The slugs open the recording viewer: its lesson list knows this lesson.
      const lessons = await ok<Array<{ slug: string }>>(`/chapters-recording/${r.chapter.slug}/contents`, eleve, { subject: r.subject.slug });
      expect(lessons.map((l) => l.slug)).toContain(r.slug);
      const [row] = await h.deps.db.select({ type: chapters.type }).from(chapters).where(eq(chapters.id, r.chapter.id));
      expect(row?.type).toBe("recording");
    }
    const classSubjects = (await ok<Array<{ slug: string }>>("/student/subjects", eleve)).map((s) => s.slug);
    for (const r of list) expect(classSubjects).toContain(r.subject.slug);
  });

  it("stays within the pupil's class: nouveau (1ère année) only sees their class's sessions, locked without an offer", async () => {
    const list = await ok<Rec[]>("/student/latest-recordings", nouveau);
    expect(list.length).toBeGreaterThan(0);
    const [me] = await h.deps.db.select({ divisionId: users.divisionId }).from(users).where(eq(users.email, "nouveau@darsi.tn"));
    for (const r of list) {
      const [s] = await h.deps.db.select({ divisionId: subjects.divisionId }).from(subjects).where(eq(subjects.id, r.subject.id));
      expect(s?.divisionId).toBe(me!.divisionId);
      expect(r.locked).toBe(true);
    }
    const bacIds = (await ok<Rec[]>("/student/latest-recordings", eleve, { limit: 12 })).map((r) => r.id);
    for (const r of list) expect(bacIds).not.toContain(r.id);
  });

  it("locks by offer: a Bac Maths pupil without offer sees the same sessions locked, with Silver only its subjects open", async () => {
    const gold = await ok<Rec[]>("/student/latest-recordings", eleve, { limit: 12 });
    const none = await pupil();
    const noOffer = await ok<Rec[]>("/student/latest-recordings", none.token, { limit: 12 });
    expect(noOffer.map((r) => r.id)).toEqual(gold.map((r) => r.id));
    expect(noOffer.every((r) => r.locked)).toBe(true);

    const silver = await pupil(33); // Silver: the first two subjects of the class.
    const partial = await ok<Rec[]>("/student/latest-recordings", silver.token, { limit: 12 });
    const firstTwo = (await ok<Array<{ slug: string }>>("/student/subjects", silver.token)).slice(0, 2).map((s) => s.slug);
    for (const r of partial) expect(r.locked).toBe(!firstTwo.includes(r.subject.slug));
    expect(partial.some((r) => r.locked)).toBe(true);
    expect(partial.some((r) => !r.locked)).toBe(true);
  });

  it("never exposes media, for locked and unlocked sessions alike", async () => {
    for (const token of [eleve, nouveau]) {
      const res = await get("/student/latest-recordings", token, { limit: 12 });
      for (const r of res.json.payload as Array<Record<string, unknown>>) {
        for (const key of MEDIA_KEYS) expect(r).not.toHaveProperty(key);
      }
      expect(res.text).not.toMatch(/\/media\/videos|otp=|playbackInfo/);
    }
  });

  it("shows each pupil their own progress only", async () => {
    const a = await pupil(35);
    const b = await pupil(35);
    const [first] = await ok<Rec[]>("/student/latest-recordings", a.token, { limit: 1 });
    await h.deps.db.insert(progress).values({ userId: a.id, contentId: first!.id, ranges: [[0, 30]], percentage: 130, lastWatchedSecond: 30, completed: true });
    const [mine] = await ok<Rec[]>("/student/latest-recordings", a.token, { limit: 1 });
    expect(mine!.id).toBe(first!.id);
    expect(mine!.percentage).toBe(100); // capped
    const [theirs] = await ok<Rec[]>("/student/latest-recordings", b.token, { limit: 1 });
    expect(theirs!.percentage).toBe(0);
  });

  it("leaves out sessions not held yet, and answers [] to a pupil without a class", async () => {
    const [latest] = await ok<Rec[]>("/student/latest-recordings", eleve, { limit: 1 });
    const [future] = await h.deps.db
      .insert(contents)
      .values({ chapterId: latest!.chapter.id, slug: "seance-a-venir", name: "Séance à venir", typeId: 6, position: 99, eventStart: new Date(Date.now() + 3 * 86_400_000) })
      .returning({ id: contents.id });
    const ids = (await ok<Rec[]>("/student/latest-recordings", eleve, { limit: 12 })).map((r) => r.id);
    expect(ids).not.toContain(future!.id);
    await h.deps.db.delete(contents).where(eq(contents.id, future!.id));

    const lost = await pupil();
    await h.deps.db.update(users).set({ divisionId: null }).where(eq(users.id, lost.id));
    expect(await ok("/student/latest-recordings", lost.token)).toEqual([]);
  });

  it("honours ?limit (1–12) and rejects anything else with limit_invalid", async () => {
    expect(await ok<Rec[]>("/student/latest-recordings", eleve, { limit: 2 })).toHaveLength(2);
    expect((await ok<Rec[]>("/student/latest-recordings", eleve, { limit: 12 })).length).toBeGreaterThan(4);
    for (const limit of ["0", "13", "-1", "abc", "1.5", "", "999"]) {
      const res = await get("/student/latest-recordings", eleve, { limit });
      expect(res.status, `limit=${limit}`).toBe(422);
      expect(res.json.code).toBe("validation_failed");
      expect(res.json.errors).toEqual({ limit: ["limit_invalid"] });
    }
  });

  it("ignores hidden subjects", async () => {
    const [latest] = await ok<Rec[]>("/student/latest-recordings", eleve, { limit: 1 });
    await h.deps.db.update(subjects).set({ visible: false }).where(eq(subjects.id, latest!.subject.id));
    try {
      const list = await ok<Rec[]>("/student/latest-recordings", eleve, { limit: 12 });
      expect(list.some((r) => r.subject.id === latest!.subject.id)).toBe(false);
    } finally {
      await h.deps.db.update(subjects).set({ visible: true }).where(eq(subjects.id, latest!.subject.id));
    }
  });
});

describe("GET /latest-posts (local forum adapter)", () => {
  interface Post { id: number; title: string; author: string; category: string | null; replies: number; created_at: string; url: string }

  it("lists the 4 newest posts with title, author, date and a link on the forum", async () => {
    const posts = await ok<Post[]>("/latest-posts", nouveau);
    expect(posts).toHaveLength(4);
    const times = posts.map((p) => Date.parse(p.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const p of posts) {
      expect(p.title.length).toBeGreaterThan(5);
      expect(p.author).toEqual(expect.any(String));
      expect(p.url).toMatch(new RegExp(`^${h.deps.env.FORUM_URL.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}t/[a-z0-9-]+/${p.id}$`));
    }
  });

  it("honours ?limit and rejects bad values", async () => {
    expect(await ok<Post[]>("/latest-posts", eleve, { limit: 2 })).toHaveLength(2);
    expect((await ok<Post[]>("/latest-posts", eleve, { limit: 12 })).length).toBeGreaterThan(4);
    for (const limit of ["0", "13", "x"]) {
      const res = await get("/latest-posts", eleve, { limit });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ limit: ["limit_invalid"] });
    }
  });

  it("builds the links on the configured FORUM_URL", async () => {
    const posts = await latestForumPosts({ db: h.deps.db, env: { ...h.deps.env, FORUM_URL: "https://communaute.example.tn/forum" } }, 1);
    expect(posts[0]!.url).toBe(`https://communaute.example.tn/forum/t/${posts[0]!.url.split("/t/")[1]}`);
    expect(posts[0]!.url).toMatch(/^https:\/\/communaute\.example\.tn\/forum\/t\/[a-z0-9-]+\/\d+$/);
  });
});

describe("GET /student/pubs-cards (what the slider renders)", () => {
  it("gives the class's cards by position with every field a card needs (text image, video, internal and external links)", async () => {
    const cards = await ok<Array<Record<string, unknown>>>("/student/pubs-cards", eleve);
    const positions = cards.map((c) => c.position as number);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const c of cards) {
      for (const key of ["id", "type", "icon_url", "text", "text_image_url", "video_link", "url_link", "background_url", "visible", "icon_position", "color", "position"]) {
        expect(c).toHaveProperty(key);
      }
    }
    expect(cards.some((c) => c.text_image_url)).toBe(true);
    expect(cards.some((c) => c.video_link)).toBe(true);
    expect(cards.some((c) => typeof c.url_link === "string" && (c.url_link as string).startsWith("/"))).toBe(true);
    expect(cards.some((c) => typeof c.url_link === "string" && (c.url_link as string).startsWith("https://"))).toBe(true);
    // Every image the cards use is served.
    for (const c of cards) {
      for (const key of ["icon_url", "text_image_url", "background_url"]) {
        const url = c[key] as string | null;
        if (url) expect((await h.request("GET", url)).status, url).toBe(200);
      }
    }
  });
});
