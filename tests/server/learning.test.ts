/**
 * Learning API (SPEC §7 "Learning"): catalogue, lessons and the access rule, driven as different pupils —
 * eleve (Gold, Bac Maths), nouveau (no offer, 1ère année), fresh registered Bac Maths pupils with or without offers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { affiliations, chapterSections, chapters, contents, progress, subjects } from "../../server/db/schema";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let eleve: string;
let nouveau: string;
let fresh: { token: string; id: number };

beforeAll(async () => {
  h = await startTestServer();
  eleve = await h.login("eleve@darsi.tn");
  nouveau = await h.login("nouveau@darsi.tn");
  fresh = await h.registerVerified();
});
afterAll(async () => {
  await h?.close();
});

const get = (path: string, token: string, query?: Record<string, string | number>) => h.request("GET", `/api${path}`, { token, ...(query ? { query } : {}) });
const ok = async (path: string, token: string) => {
  const res = await get(path, token);
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.json.payload;
};
const lessonPath = (s: string, c: string, l: string) => `/student/subjects/${s}/chapters/${c}/contents/${l}`;

/** A fresh Bac Maths pupil holding a live (or expired) offer of `groupId`. */
async function pupilWithGroup(groupId: number, endDate = "2099-06-30"): Promise<string> {
  const p = await h.registerVerified();
  await h.deps.db.insert(affiliations).values({ userId: p.id, offerId: groupId, groupId, period: "year", startDate: "2020-09-15", endDate });
  return p.token;
}

describe("authentication", () => {
  it.each([
    ["GET", "/api/student/subjects"],
    ["GET", "/api/student/subjects/mathematiques/chapters"],
    ["GET", "/api/student/subjects/mathematiques/chapters/derivabilite/contents"],
    ["GET", "/api/student/subjects/mathematiques/chapters/derivabilite/contents/fiche-de-synthese"],
    ["GET", "/api/chapters-recording/enregistrements-mathematiques/contents"],
    ["POST", "/api/user/subjects/mathematiques/chapters/derivabilite/contents/fiche-de-synthese/bookmark"],
    ["GET", "/api/student/bookmarked-contents"],
    ["GET", "/api/student/chapters/free-contents"],
    ["GET", "/api/student/chapters/new-contents"],
    ["GET", "/api/student/pubs-cards"],
    ["GET", "/api/alerts"],
    ["POST", "/api/search/autocomplete"],
    ["GET", "/api/student/report-reasons"],
    ["GET", "/api/student/video-reports"],
    ["POST", "/api/student/video-reports"],
  ])("%s %s needs a token", async (method, path) => {
    const res = await h.request(method, path, method === "POST" ? { body: {} } : {});
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("unauthorized");
  });
});

describe("GET /student/subjects", () => {
  it("lists the Bac Maths subjects by position with capped progress and video counts", async () => {
    const list = await ok("/student/subjects", eleve);
    const names = list.map((s: { name: string }) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(["Mathématiques", "Physique", "Sciences de la vie et de la terre", "Informatique", "Français", "Anglais", "Arabe", "Philosophie"]),
    );
    const positions = list.map((s: { position: number }) => s.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const s of list) {
      expect(s).toEqual({
        id: expect.any(Number),
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        name: expect.any(String),
        name_ar: expect.any(String),
        name_en: expect.any(String),
        thumbnail: expect.any(String),
        progress: expect.any(Number),
        color: expect.stringMatching(/^#[0-9A-F]{6}$/i),
        visible: true,
        active: true,
        position: expect.any(Number),
        subjectVideos: expect.any(Number),
      });
      expect(s.progress).toBeGreaterThanOrEqual(0);
      expect(s.progress).toBeLessThanOrEqual(100);
      expect(s.subjectVideos).toBeGreaterThan(0);
    }
    const maths = list.find((s: { slug: string }) => s.slug === "mathematiques");
    expect(maths.progress).toBeGreaterThan(0);
    expect(list.find((s: { slug: string }) => s.slug === "physique").progress).toBe(0);
  });

  it("gives each pupil the subjects of their own class", async () => {
    const mine = await ok("/student/subjects", nouveau);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.length).toBeLessThanOrEqual(5);
    const bac = await ok("/student/subjects", eleve);
    const bacIds = new Set(bac.map((s: { id: number }) => s.id));
    for (const s of mine) expect(bacIds.has(s.id)).toBe(false);
    // A registered pupil without any progress sees 0 everywhere.
    for (const s of await ok("/student/subjects", fresh.token)) expect(s.progress).toBe(0);
  });
});

describe("GET /student/subjects/{slug}/chapters", () => {
  it("returns chapters in order with sections, instructor, counts and progress", async () => {
    const d = await ok("/student/subjects/mathematiques/chapters", eleve);
    expect(d.subject).toMatchObject({ slug: "mathematiques", name: "Mathématiques", nbChapters: d.chapters.length });
    expect(d.subject.nbContents).toBe(d.chapters.reduce((n: number, c: { nbContent: number }) => n + c.nbContent, 0));
    const types = new Set(d.chapters.map((c: { chapter: { type: string } }) => c.chapter.type));
    expect([...types].sort()).toEqual(["course", "divers", "exam", "recording"]);
    expect(d.chapters[0].chapter.slug).toBe("limites-et-continuite");
    expect(d.chapters.map((c: { chapter: { name: string } }) => c.chapter.name)).toEqual(
      expect.arrayContaining(["Dérivabilité", "Suites réelles", "Nombres complexes", "Intégrales", "Probabilités"]),
    );
    for (const c of d.chapters) {
      expect(c.firstLessonSlug).toMatch(/^[a-z0-9-]+$/);
      expect(c.instructor).toEqual({
        name: expect.any(String),
        last_name: expect.any(String),
        description: expect.any(String),
        description_ar: expect.any(String),
        description_en: expect.any(String),
      });
      expect(c.nbContent).toBeGreaterThan(0);
      expect(c.chapter.chapter_sections.length).toBeGreaterThan(0);
      for (const s of c.chapter.chapter_sections) {
        expect(s).toEqual({ id: expect.any(Number), name: expect.any(String), name_ar: expect.any(String), name_en: expect.any(String), position: expect.any(Number), tabId: expect.any(Number) });
      }
    }
    const course = d.chapters.filter((c: { chapter: { type: string } }) => c.chapter.type === "course");
    for (const c of course) {
      expect(c.nbContent).toBeGreaterThanOrEqual(3);
      expect(c.nbContent).toBeLessThanOrEqual(6);
    }
    // Seeded progress: the 3 lessons of "Limites et continuité" at 100 %; "Dérivabilité" 100 + 45 + 0 + 0 over 4.
    const limites = d.chapters.find((c: { chapter: { slug: string } }) => c.chapter.slug === "limites-et-continuite");
    expect(limites).toMatchObject({ nbContent: 3, progress: 100, nbCompleted: 3 });
    const deriv = d.chapters.find((c: { chapter: { slug: string } }) => c.chapter.slug === "derivabilite");
    expect(deriv).toMatchObject({ nbContent: 4, progress: 36.3, nbCompleted: 1 });
    expect(d.tabs.map((t: { name: string }) => t.name)).toEqual(["Cours", "Examens", "Enregistrements", "Divers"]);
    expect(d.otherSubjects.map((s: { slug: string }) => s.slug)).not.toContain("mathematiques");
    expect(d.otherSubjects.length).toBeGreaterThanOrEqual(6);
    const positions = d.promoCards.map((p: { position: number }) => p.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // 3 of the class + 1 of the subject, less the "Passez à Gold" card: eleve is Gold already.
    expect(d.promoCards.length).toBe(3);
    expect(d.promoCards.map((p: { type: string }) => p.type)).not.toContain("offer");
  });

  it("answers 404 for a subject of another class or an unknown one, 422 for a malformed slug", async () => {
    expect((await get("/student/subjects/economie/chapters", eleve)).status).toBe(404); // exists in Bac Économie only
    expect((await get("/student/subjects/eveil-scientifique/chapters", eleve)).status).toBe(404);
    expect((await get("/student/subjects/nope/chapters", eleve)).status).toBe(404);
    expect((await get("/student/subjects/physique/chapters", nouveau)).status).toBe(200); // their own class's physique
    for (const bad of ["Maths", "a_b", "x".repeat(81), "%C3%A9"]) {
      const res = await get(`/student/subjects/${bad}/chapters`, eleve);
      expect(res.status, bad).toBe(422);
      expect(res.json.errors.slug).toEqual(["slug_invalid"]);
    }
  });
});

describe("lessons and the access rule", () => {
  const list = (token: string, s = "mathematiques", c = "limites-et-continuite") => ok(`/student/subjects/${s}/chapters/${c}/contents`, token);

  it("lists a chapter's lessons: all open for Gold, only the free one for a pupil without offer", async () => {
    const gold = await list(eleve);
    expect(gold.map((l: { slug: string }) => l.slug)).toEqual(["introduction-et-activites", "cours-definitions-et-proprietes", "fiche-de-synthese"]);
    for (const l of gold) expect(l).toMatchObject({ locked: false, completed: true, percentage: 100 });
    expect(gold[0]).toEqual({
      id: expect.any(Number),
      slug: "introduction-et-activites",
      name: expect.stringContaining("Limites et continuité"),
      name_ar: expect.stringContaining("النهايات والاتصال"),
      name_en: expect.stringContaining("Limits and continuity"),
      type: { id: 1, name: "YOUTUBE VIDEO" },
      duration: expect.any(Number),
      locked: false,
      completed: true,
      percentage: 100,
      sectionId: expect.any(Number),
      is_free: true,
    });
    const none = await list(fresh.token);
    expect(none.map((l: { locked: boolean }) => l.locked)).toEqual([false, true, true]);
    for (const l of none) expect(l).toMatchObject({ completed: false, percentage: 0 });
  });

  it("a Gold pupil gets media URLs, attachments, pages and quiz ids", async () => {
    const video = await ok(lessonPath("mathematiques", "limites-et-continuite", "cours-definitions-et-proprietes"), eleve);
    expect(video).toMatchObject({ type: { id: 2, name: "CRYPTED VIDEO" }, locked: false, lockedVideo: false, pages: null });
    // Protected media: a per-user, expiring signature; the file is served with it and refused without it.
    expect(video.otp).toEqual(expect.any(String));
    expect(video.playbackInfo).toEqual(expect.any(String));
    expect(video.content_videos.url).toBe(`${video.content_videos.url.split("?")[0]}?otp=${video.otp}&playbackInfo=${video.playbackInfo}`);
    expect(video.content_videos.url).toMatch(/^\/media\/videos\/demo-[12]\.mp4\?/);
    expect((await h.request("GET", video.content_videos.url)).status).toBe(200);
    expect((await h.request("GET", video.content_videos.url.split("?")[0])).status).toBe(403);
    expect(video.content_videos.duration).toBeGreaterThan(0);
    // Lite mode's lowest-quality rendition (server/media/videos/*.lite.mp4), signed the same way.
    expect(video.content_videos.lite_url).toMatch(/^\/media\/videos\/demo-[12]\.lite\.mp4\?otp=[\w-]+&playbackInfo=[\w-]+$/);
    expect(video.content_videos.lite_url.split("?")[0]).toBe(video.content_videos.url.split("?")[0].replace(/\.mp4$/, ".lite.mp4"));
    const liteFile = await h.request("GET", video.content_videos.lite_url);
    expect(liteFile.status).toBe(200);
    expect(liteFile.text.length).toBeLessThan((await h.request("GET", video.content_videos.url)).text.length);
    expect((await h.request("GET", video.content_videos.lite_url.split("?")[0])).status).toBe(403);
    expect(video.attachments.length).toBeGreaterThan(0);
    expect(video.attachments[0].url).toMatch(/^\/media\/attachments\/.+\.pdf\?otp=[\w-]+&playbackInfo=[\w-]+$/);
    expect(video.progress).toMatchObject({ completed: true, percentage: 100 });
    expect(video.chapter).toMatchObject({ slug: "limites-et-continuite", type: "course" });
    expect(video.subject).toMatchObject({ slug: "mathematiques" });
    expect(video.instructor).toMatchObject({ name: "Mohamed", last_name: "Ben Ali" });

    const magazine = await ok(lessonPath("mathematiques", "limites-et-continuite", "fiche-de-synthese"), eleve);
    expect(magazine.type.id).toBe(3);
    expect(magazine.pages.length).toBeGreaterThan(0);
    expect(magazine.pages[0].url).toMatch(/^\/media\/magazines\/[a-z0-9-]+\/page-1\.svg\?otp=/);
    const page = await h.request("GET", magazine.pages[0].url);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<svg");
    expect(magazine.otp).toBeNull();
    expect(magazine.rtl).toBe(false);
    expect(magazine.content_videos).toBeNull();

    const quiz = await ok(lessonPath("mathematiques", "nombres-complexes", "qcm-d-auto-evaluation"), eleve);
    expect(quiz.type).toEqual({ id: 5, name: "QCM" });
    expect(quiz.content_qcm_id).toEqual(expect.any(Number));

    const youtube = await ok(lessonPath("mathematiques", "derivabilite", "introduction-et-activites"), eleve);
    expect(youtube.content_videos.url).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/);

    const arabic = await ok(lessonPath("arabe", "le-poeme-moderne", "fiche-de-synthese"), eleve);
    expect(arabic.rtl).toBe(true);
    expect(arabic.pages.length).toBeGreaterThan(0);
  });

  it("a pupil without offer gets locked lessons without any media or attachment, free lessons open", async () => {
    for (const slug of ["cours-definitions-et-proprietes", "fiche-de-synthese"]) {
      const l = await ok(lessonPath("mathematiques", "limites-et-continuite", slug), fresh.token);
      expect(l).toMatchObject({ locked: true, lockedVideo: true, content_videos: null, otp: null, playbackInfo: null, pages: null, attachments: [], content_qcm_id: null });
      expect(l.name).toEqual(expect.any(String)); // the lock screen still shows what the lesson is
    }
    const quiz = await ok(lessonPath("mathematiques", "nombres-complexes", "qcm-d-auto-evaluation"), fresh.token);
    expect(quiz).toMatchObject({ locked: true, content_qcm_id: null });
    const free = await ok(lessonPath("mathematiques", "limites-et-continuite", "introduction-et-activites"), fresh.token);
    expect(free).toMatchObject({ locked: false, lockedVideo: false, is_free: true });
    expect(free.content_videos.url).toContain("youtube-nocookie.com/embed/");
    expect(free.otp).toBeNull();
  });

  it("nouveau (1ère année, no offer) sees their own class's free lesson open and the rest locked", async () => {
    const subjects = await ok("/student/subjects", nouveau);
    const first = subjects[0];
    const chapters = await ok(`/student/subjects/${first.slug}/chapters`, nouveau);
    const c = chapters.chapters[0].chapter.slug;
    const lessons = await ok(`/student/subjects/${first.slug}/chapters/${c}/contents`, nouveau);
    expect(lessons[0].locked).toBe(false);
    expect(lessons.slice(1).every((l: { locked: boolean }) => l.locked)).toBe(true);
    const locked = await ok(lessonPath(first.slug, c, lessons[1].slug), nouveau);
    expect(locked).toMatchObject({ locked: true, content_videos: null, pages: null, attachments: [] });
    // Bac Maths lessons do not exist for this pupil.
    expect((await get(lessonPath("mathematiques", "limites-et-continuite", "introduction-et-activites"), nouveau)).status).toBe(404);
  });

  it("Silver+ unlocks only its subjects; an expired offer unlocks nothing; groups 83/84 hide attachments", async () => {
    const silverPlus = await pupilWithGroup(34);
    expect((await ok(lessonPath("mathematiques", "limites-et-continuite", "fiche-de-synthese"), silverPlus)).locked).toBe(false);
    expect((await ok(lessonPath("philosophie", "le-langage", "fiche-de-synthese"), silverPlus)).locked).toBe(true);

    const expired = await pupilWithGroup(35, "2020-06-30");
    const l = await ok(lessonPath("mathematiques", "limites-et-continuite", "fiche-de-synthese"), expired);
    expect(l).toMatchObject({ locked: true, pages: null, attachments: [] });

    for (const group of [85, 122, 127]) {
      const token = await pupilWithGroup(group);
      const open = await ok(lessonPath("philosophie", "le-langage", "fiche-de-synthese"), token);
      expect(open.locked, `group ${group}`).toBe(false);
      expect(open.attachments.length).toBeGreaterThan(0);
    }

    const pack = await pupilWithGroup(84);
    const packed = await ok(lessonPath("mathematiques", "limites-et-continuite", "fiche-de-synthese"), pack);
    expect(packed.locked).toBe(false);
    expect(packed.pages.length).toBeGreaterThan(0);
    expect(packed.attachments).toEqual([]);
  });

  it("404 for unknown chapters or lessons, 422 for malformed slugs", async () => {
    expect((await get("/student/subjects/mathematiques/chapters/nope/contents", eleve)).status).toBe(404);
    expect((await get(lessonPath("mathematiques", "limites-et-continuite", "nope"), eleve)).status).toBe(404);
    expect((await get(lessonPath("mathematiques", "derivabilite", "qcm-de-revision"), eleve)).status).toBe(404); // lesson of another chapter
    const bad = await get(lessonPath("mathematiques", "Limites", "x"), eleve);
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ chapter: ["slug_invalid"] });
  });

  it("GET /chapters-recording/{chapter}/contents lists the recordings of the pupil's class", async () => {
    const recs = await ok("/chapters-recording/enregistrements-mathematiques/contents", eleve);
    expect(recs.length).toBeGreaterThanOrEqual(2);
    for (const r of recs) expect(r).toMatchObject({ type: { id: 6, name: "RECORDING" }, locked: false });
    const one = await ok(lessonPath("mathematiques", "enregistrements-mathematiques", recs[0].slug), eleve);
    expect(one.event.start_date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(one.content_videos.url).toMatch(/^\/media\/videos\/.+\?otp=/);
    expect(one.otp).toEqual(expect.any(String));
    expect((await ok("/chapters-recording/enregistrements-mathematiques/contents", fresh.token)).every((r: { locked: boolean }) => r.locked)).toBe(true);
    expect((await get("/chapters-recording/limites-et-continuite/contents", eleve)).status).toBe(404); // not a recording chapter
    expect((await get("/chapters-recording/enregistrements-mathematiques/contents", nouveau)).status).toBe(404);
    expect((await get("/chapters-recording/BAD/contents", eleve)).status).toBe(422);
  });
});

describe("home lists", () => {
  it("free and new contents of the pupil's class, newest first", async () => {
    const free = await ok("/student/chapters/free-contents", eleve);
    expect(free.length).toBeGreaterThanOrEqual(2);
    for (const card of free) {
      expect(card.content.is_free).toBe(true);
      expect(card.division).toEqual({ id: 18, name: "Bac Mathématiques" });
      expect(["course", "recording", "exam", "divers"]).toContain(card.chapter_type);
    }
    const fresh1 = await ok("/student/chapters/new-contents", eleve);
    expect(fresh1.length).toBeGreaterThanOrEqual(2);
    expect(fresh1[0]).toEqual({
      subject: { id: expect.any(Number), slug: expect.any(String), name: expect.any(String), name_ar: expect.any(String), name_en: expect.any(String), color: expect.any(String) },
      chapter: { id: expect.any(Number), slug: expect.any(String), name: expect.any(String), name_ar: expect.any(String), name_en: expect.any(String) },
      content: {
        id: expect.any(Number),
        slug: expect.any(String),
        name: expect.any(String),
        name_ar: expect.any(String),
        name_en: expect.any(String),
        type: { id: expect.any(Number), name: expect.any(String) },
        is_free: expect.any(Boolean),
      },
      instructor: expect.objectContaining({ name: expect.any(String) }),
      division: { id: 18, name: "Bac Mathématiques" },
      createdAt: expect.any(String),
      chapter_type: expect.any(String),
    });
    const dates = fresh1.map((c: { createdAt: string }) => c.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const other = await ok("/student/chapters/free-contents", nouveau);
    for (const card of other) expect(card.division.id).toBe(7);
  });

  it("promo cards of the class by position; alerts active now, of the class or global", async () => {
    const cards = await ok("/student/pubs-cards", nouveau);
    expect(cards.map((c: { position: number }) => c.position)).toEqual([1, 2, 3]);
    // A pupil whose offer opens every subject is not offered Gold.
    const gold = await ok("/student/pubs-cards", eleve);
    expect(gold.map((c: { position: number }) => c.position)).toEqual([2, 3]);
    expect(cards[0]).toEqual({
      id: expect.any(Number),
      type: "offer",
      icon_url: expect.any(String),
      text: expect.any(String),
      text_ar: expect.any(String),
      text_en: expect.any(String),
      text_image_url: null,
      video_link: null,
      url_link: "/offres",
      background_url: expect.any(String),
      visible: true,
      icon_position: "left",
      color: expect.any(String),
      position: 1,
    });
    const mine = await ok("/alerts", eleve);
    expect(mine.map((a: { title: string }) => a.title).sort()).toEqual(["Bac blanc", "Maintenance"]);
    const theirs = await ok("/alerts", nouveau);
    expect(theirs.map((a: { title: string }) => a.title)).toEqual(["Maintenance"]);
  });
});

describe("bookmarks", () => {
  const bookmark = (token: string, chapter: string, content: string, headers?: Record<string, string>) =>
    h.request("POST", `/api/user/subjects/mathematiques/chapters/${chapter}/contents/${content}/bookmark`, { token, body: { chapter, content }, ...(headers ? { headers } : {}) });

  it("lists only the caller's bookmarks, newest first, paginated", async () => {
    const res = await get("/student/bookmarked-contents", eleve);
    expect(res.status).toBe(200);
    expect(res.json.meta).toEqual({ current_page: 1, last_page: 1, total: 2 });
    expect(res.json.payload[0]).toEqual({
      id: expect.any(Number),
      content: { name: expect.any(String), name_ar: expect.any(String), name_en: expect.any(String), slug: "cours-definitions-et-proprietes" },
      chapter: { slug: "nombres-complexes", name: "Nombres complexes", name_ar: "الأعداد المركبة", name_en: "Complex numbers" },
      subject: { name: "Mathématiques", name_ar: "الرياضيات", name_en: "Mathematics", slug: "mathematiques" },
      marked_at: expect.any(String),
    });
    const empty = await get("/student/bookmarked-contents", fresh.token);
    expect(empty.json).toEqual({ payload: [], meta: { current_page: 1, last_page: 1, total: 0 } });
    const paged = await get("/student/bookmarked-contents", eleve, { page: 2, perPage: 25 });
    expect(paged.json).toEqual({ payload: [], meta: { current_page: 2, last_page: 1, total: 2 } });
    for (const [query, field, code] of [
      [{ perPage: 7 }, "perPage", "per_page_invalid"],
      [{ page: 0 }, "page", "page_invalid"],
      [{ page: "x" }, "page", "page_invalid"],
    ] as const) {
      const bad = await get("/student/bookmarked-contents", eleve, query);
      expect(bad.status, JSON.stringify(query)).toBe(422);
      expect(bad.json.errors[field]).toEqual([code]);
    }
  });

  it("toggles for the caller only; a locked lesson cannot be bookmarked", async () => {
    const pupil = await h.registerVerified();
    const on = await bookmark(pupil.token, "limites-et-continuite", "introduction-et-activites");
    expect(on.status).toBe(200);
    expect(on.json.payload).toEqual({ bookmarked: true });
    expect((await ok(lessonPath("mathematiques", "limites-et-continuite", "introduction-et-activites"), pupil.token)).bookmarked).toBe(true);
    // Nobody else is affected.
    expect((await ok(lessonPath("mathematiques", "limites-et-continuite", "introduction-et-activites"), eleve)).bookmarked).toBe(false);
    expect((await get("/student/bookmarked-contents", eleve)).json.meta.total).toBe(2);
    expect((await get("/student/bookmarked-contents", pupil.token)).json.meta.total).toBe(1);
    // Eleve toggling the same lesson creates eleve's own bookmark and leaves the pupil's alone.
    expect((await bookmark(eleve, "limites-et-continuite", "introduction-et-activites")).json.payload).toEqual({ bookmarked: true });
    expect((await bookmark(eleve, "limites-et-continuite", "introduction-et-activites")).json.payload).toEqual({ bookmarked: false });
    expect((await get("/student/bookmarked-contents", pupil.token)).json.meta.total).toBe(1);
    // Off again.
    expect((await bookmark(pupil.token, "limites-et-continuite", "introduction-et-activites")).json.payload).toEqual({ bookmarked: false });
    expect((await get("/student/bookmarked-contents", pupil.token)).json.meta.total).toBe(0);

    const locked = await bookmark(pupil.token, "limites-et-continuite", "fiche-de-synthese");
    expect(locked.status).toBe(403);
    expect(locked.json.code).toBe("content_locked");
    expect((await bookmark(nouveau, "limites-et-continuite", "introduction-et-activites")).status).toBe(404); // another class
    expect((await bookmark(pupil.token, "limites-et-continuite", "nope")).status).toBe(404);
    expect((await bookmark(pupil.token, "limites-et-continuite", "NOPE")).status).toBe(422);
  });

  it("replays the first answer for a repeated Idempotency-Key and never toggles twice", async () => {
    const pupil = await h.registerVerified();
    const key = { "Idempotency-Key": "bm-0001-abcdef" };
    const first = await bookmark(pupil.token, "limites-et-continuite", "introduction-et-activites", key);
    expect(first.json.payload).toEqual({ bookmarked: true });
    expect(first.headers.get("idempotency-replayed")).toBeNull();
    const again = await bookmark(pupil.token, "limites-et-continuite", "introduction-et-activites", key);
    expect(again.status).toBe(200);
    expect(again.json.payload).toEqual({ bookmarked: true });
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect((await get("/student/bookmarked-contents", pupil.token)).json.meta.total).toBe(1);
    // The same key on another request is a conflict; another user may use the same key freely.
    const other = await h.request("POST", "/api/user/subjects/mathematiques/chapters/derivabilite/contents/introduction-et-activites/bookmark", {
      token: pupil.token,
      body: {},
      headers: key,
    });
    expect(other.status).toBe(409);
    expect(other.json.code).toBe("idempotency_conflict");
    const sameBodyOtherPayload = await h.request("POST", "/api/user/subjects/mathematiques/chapters/limites-et-continuite/contents/introduction-et-activites/bookmark", {
      token: pupil.token,
      body: { chapter: "x", content: "y" },
      headers: key,
    });
    expect(sameBodyOtherPayload.status).toBe(409);
    expect((await bookmark(eleve, "limites-et-continuite", "introduction-et-activites", key)).json.payload).toEqual({ bookmarked: true });
    expect((await bookmark(eleve, "limites-et-continuite", "introduction-et-activites")).json.payload).toEqual({ bookmarked: false });
    // A new key toggles again.
    const next = await bookmark(pupil.token, "limites-et-continuite", "introduction-et-activites", { "Idempotency-Key": "bm-0002-abcdef" });
    expect(next.json.payload).toEqual({ bookmarked: false });
    expect((await get("/student/bookmarked-contents", pupil.token)).json.meta.total).toBe(0);
    // A failed request is not remembered: after a 403 the key is still free.
    const lockedKey = { "Idempotency-Key": "bm-0003-abcdef" };
    expect((await bookmark(pupil.token, "limites-et-continuite", "fiche-de-synthese", lockedKey)).status).toBe(403);
    expect((await bookmark(pupil.token, "limites-et-continuite", "fiche-de-synthese", lockedKey)).status).toBe(403);
    const bad = await bookmark(pupil.token, "limites-et-continuite", "introduction-et-activites", { "Idempotency-Key": "short" });
    expect(bad.status).toBe(422);
    expect(bad.json.code).toBe("idempotency_key_invalid");
  });
});

describe("bookmarks under concurrent retries", () => {
  it("parallel requests with one Idempotency-Key toggle once", async () => {
    const pupil = await h.registerVerified();
    const path = "/api/user/subjects/mathematiques/chapters/limites-et-continuite/contents/introduction-et-activites/bookmark";
    const headers = { "Idempotency-Key": "race-bookmark-0001" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => h.request("POST", path, { token: pupil.token, body: {}, headers })));
    for (const a of answers) {
      expect([200, 409]).toContain(a.status);
      if (a.status === 200) expect(a.json.payload).toEqual({ bookmarked: true });
    }
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect((await get("/student/bookmarked-contents", pupil.token)).json.meta.total).toBe(1);
  });
});

describe("POST /search/autocomplete", () => {
  const search = (token: string, term: unknown) => h.request("POST", "/api/search/autocomplete", { token, body: { term } });

  it("finds subjects, chapters and lessons of the pupil's class, ignoring case and accents", async () => {
    const res = await search(eleve, "derivabilite");
    expect(res.status).toBe(200);
    const items = res.json.payload;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(10);
    expect(items[0]).toMatchObject({ type: "chapter", name: "Dérivabilité", slug: "derivabilite", subjectSlug: "mathematiques", chapterSlug: "derivabilite" });
    const upper = (await search(eleve, "  NOMBRES COMPLEXES ")).json.payload;
    expect(upper.some((i: { type: string; slug: string }) => i.type === "chapter" && i.slug === "nombres-complexes")).toBe(true);
    const subject = (await search(eleve, "mathém")).json.payload;
    expect(subject[0]).toMatchObject({ type: "subject", slug: "mathematiques", subjectSlug: "mathematiques", chapterSlug: null });
    const content = (await search(eleve, "fiche de synthèse")).json.payload;
    expect(content).toHaveLength(10);
    for (const i of content) expect(i).toMatchObject({ type: "content", slug: "fiche-de-synthese" });
  });

  it("stays inside the pupil's class and treats LIKE wildcards literally", async () => {
    expect((await search(nouveau, "Dérivabilité")).json.payload).toEqual([]);
    expect((await search(eleve, "%%%")).json.payload).toEqual([]);
    expect((await search(eleve, "___")).json.payload).toEqual([]);
  });

  it("needs a term of 3 characters or more", async () => {
    for (const [term, code] of [
      ["ab", "term_too_short"],
      ["  a  ", "term_too_short"],
      ["", "term_required"],
      [undefined, "term_required"],
      ["x".repeat(101), "term_too_long"],
    ] as const) {
      const res = await search(eleve, term);
      expect(res.status, String(term)).toBe(422);
      expect(res.json.errors.term).toEqual([code]);
    }
  });
});

describe("video reports", () => {
  const report = (token: string, body: Record<string, unknown>) => h.request("POST", "/api/student/video-reports", { token, body });

  it("lists the reasons", async () => {
    const reasons = await ok("/student/report-reasons", eleve);
    // Each in the three languages (migration 0022 names them in every database).
    expect(reasons).toEqual(
      expect.arrayContaining([
        { id: 1, name: "Vidéo ne se lance pas", name_ar: "الفيديو لا يشتغل", name_en: "The video does not start" },
        { id: 4, name: "Autre", name_ar: "سبب آخر", name_en: "Other" },
      ]),
    );
  });

  it("files a report on a lesson of the pupil's class and lists only the caller's own", async () => {
    const lesson = await ok(lessonPath("mathematiques", "derivabilite", "introduction-et-activites"), eleve);
    // The demo pupil has seeded reports of every status: the new one is one more, listed first.
    const before = (await get("/student/video-reports", eleve)).json.meta.total as number;
    const res = await report(eleve, { content: lesson.id, reportReason: 2, description: "  Le son coupe à 3:20  " });
    expect(res.status).toBe(201);
    expect(res.json.payload).toEqual({
      id: expect.any(Number),
      report_reason: { id: 2, reason: "Son inaudible", reason_ar: "الصوت غير مسموع", reason_en: "The sound cannot be heard" },
      description: "Le son coupe à 3:20",
      // The lesson's name in the three languages, as the lesson itself answers it.
      content: { id: lesson.id, name: lesson.name, name_ar: lesson.name_ar, name_en: lesson.name_en, slug: lesson.slug },
      status: "Pending",
      created_at: expect.any(String),
      reject_reason: null,
      is_confirmed: false,
    });
    const mine = await get("/student/video-reports", eleve);
    expect(mine.json.meta).toMatchObject({ current_page: 1, total: before + 1 });
    expect(mine.json.payload[0].id).toBe(res.json.payload.id);
    expect((await get("/student/video-reports", fresh.token)).json).toEqual({ payload: [], meta: { current_page: 1, last_page: 1, total: 0 } });
    expect((await get("/student/video-reports", eleve, { perPage: 3 })).status).toBe(422);
  });

  it("validates reason, description and content", async () => {
    const lesson = await ok(lessonPath("mathematiques", "derivabilite", "introduction-et-activites"), eleve);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ content: lesson.id, description: "x" }, "reportReason", "report_reason_required"],
      [{ content: lesson.id, reportReason: 1, description: "   " }, "description", "description_required"],
      [{ content: lesson.id, reportReason: 1 }, "description", "description_required"],
      [{ content: lesson.id, reportReason: 1, description: "x".repeat(1001) }, "description", "description_too_long"],
      [{ content: "abc", reportReason: 1, description: "x" }, "content", "id_invalid"],
      [{ content: 99999999, reportReason: 1, description: "x" }, "content", "content_invalid"],
      [{ content: lesson.id, reportReason: 99, description: "x" }, "reportReason", "report_reason_invalid"],
    ];
    for (const [body, field, code] of cases) {
      const res = await report(eleve, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.errors[field], JSON.stringify(body)).toEqual([code]);
    }
    // A lesson of another class is not visible to nouveau.
    const res = await report(nouveau, { content: lesson.id, reportReason: 1, description: "x" });
    expect(res.status).toBe(422);
    expect(res.json.errors.content).toEqual(["content_invalid"]);
  });
});

describe("API description", () => {
  it("documents every learning operation in /api/openapi.json", async () => {
    const paths = (await h.request("GET", "/api/openapi.json")).json.paths;
    for (const path of [
      "/student/subjects",
      "/student/subjects/{slug}/chapters",
      "/student/subjects/{subject}/chapters/{chapter}/contents",
      "/student/subjects/{subject}/chapters/{chapter}/contents/{lessonSlug}",
      "/chapters-recording/{chapter}/contents",
      "/user/subjects/{subject}/chapters/{chapter}/contents/{content}/bookmark",
      "/student/bookmarked-contents",
      "/student/chapters/free-contents",
      "/student/chapters/new-contents",
      "/student/pubs-cards",
      "/alerts",
      "/search/autocomplete",
      "/student/report-reasons",
      "/student/video-reports",
    ]) {
      expect(paths[path], path).toBeDefined();
    }
  });
});

describe("catalogue rules", () => {
  it("caps progress at 100 and hides subjects that are not visible or not active", async () => {
    const pupil = await h.registerVerified();
    const lessons = await ok("/student/subjects/informatique/chapters/les-structures-de-donnees/contents", pupil.token);
    await h.deps.db.insert(progress).values(lessons.map((l: { id: number }) => ({ userId: pupil.id, contentId: l.id, percentage: 130, completed: true })));
    const d = await ok("/student/subjects/informatique/chapters", pupil.token);
    expect(d.chapters[0]).toMatchObject({ progress: 100, nbCompleted: lessons.length });
    expect((await ok("/student/subjects/informatique/chapters/les-structures-de-donnees/contents", pupil.token))[0].percentage).toBe(100);
    expect(d.subject.progress).toBeLessThanOrEqual(100);

    const where = and(eq(subjects.divisionId, 18), eq(subjects.slug, "informatique"));
    try {
      await h.deps.db.update(subjects).set({ visible: false }).where(where);
      expect((await ok("/student/subjects", pupil.token)).map((s: { slug: string }) => s.slug)).not.toContain("informatique");
      expect((await get("/student/subjects/informatique/chapters", pupil.token)).status).toBe(404);
      await h.deps.db.update(subjects).set({ visible: true, active: false }).where(where);
      expect((await get("/student/subjects/informatique/chapters", pupil.token)).status).toBe(404);
      expect((await h.request("POST", "/api/search/autocomplete", { token: pupil.token, body: { term: "structures de données" } })).json.payload).toEqual([]);
    } finally {
      await h.deps.db.update(subjects).set({ visible: true, active: true }).where(where);
    }
  });
});

describe("language of the seeded names", () => {
  const LATIN = /\p{Script=Latin}/u;
  const ARABIC = /\p{Script=Arabic}/u;

  /** Every chapter, section and lesson name of the demo catalogue, by subject; `rtl` as the seed marks the lessons. */
  async function catalogueNames() {
    const db = h.deps.db;
    const subjectRows = await db.select({ id: subjects.id, divisionId: subjects.divisionId, slug: subjects.slug }).from(subjects);
    const chapterRows = await db.select({ id: chapters.id, subjectId: chapters.subjectId, slug: chapters.slug, name: chapters.name }).from(chapters);
    const sectionRows = await db.select({ chapterId: chapterSections.chapterId, name: chapterSections.name }).from(chapterSections);
    const lessonRows = await db.select({ chapterId: contents.chapterId, slug: contents.slug, name: contents.name, rtl: contents.rtl }).from(contents);
    return subjectRows.map((s) => {
      const chaps = chapterRows.filter((c) => c.subjectId === s.id);
      const ids = new Set(chaps.map((c) => c.id));
      const lessons = lessonRows.filter((l) => ids.has(l.chapterId));
      const names = [
        ...chaps.map((c) => ({ what: `chapter ${c.slug}`, name: c.name })),
        ...sectionRows.filter((x) => ids.has(x.chapterId)).map((x) => ({ what: "section", name: x.name })),
        ...lessons.map((l) => ({ what: `lesson ${l.slug}`, name: l.name })),
      ];
      return { subject: `${s.divisionId}:${s.slug}`, rtl: lessons.some((l) => l.rtl), names };
    });
  }

  it("names every chapter, section and lesson of an Arabic-taught subject in Arabic, without a Latin letter", async () => {
    const all = await catalogueNames();
    const arabic = all.filter((s) => s.rtl);
    expect(arabic.map((s) => s.subject)).toEqual(expect.arrayContaining(["18:arabe", "1:arabe", "15:arabe"]));
    for (const s of arabic) {
      expect(s.names.length).toBeGreaterThan(0);
      for (const { what, name } of s.names) {
        expect(name, `${s.subject} ${what}`).not.toMatch(LATIN);
        expect(name, `${s.subject} ${what}`).toMatch(ARABIC);
      }
    }
    // As the pupil sees them: the Bac Maths Arabic page and one of its lessons.
    const d = await ok("/student/subjects/arabe/chapters", eleve);
    for (const c of d.chapters) {
      expect(c.chapter.name).not.toMatch(LATIN);
      for (const x of c.chapter.chapter_sections) expect(x.name).not.toMatch(LATIN);
    }
    const lesson = await ok(lessonPath("arabe", "le-poeme-moderne", "fiche-de-synthese"), eleve);
    expect(lesson.name).toBe("الشعر الحديث : بطاقة تأليفية");
  });

  it("keeps the French names of the subjects taught in French", async () => {
    const french = (await catalogueNames()).filter((s) => !s.rtl);
    expect(french.length).toBeGreaterThan(20);
    for (const s of french) for (const { what, name } of s.names) expect(name, `${s.subject} ${what}`).toMatch(LATIN);
    const lessons = await ok("/student/subjects/mathematiques/chapters/limites-et-continuite/contents", eleve);
    expect(lessons.map((l: { name: string }) => l.name)).toEqual([
      "Limites et continuité : introduction et activités",
      "Limites et continuité : cours : définitions et propriétés",
      "Limites et continuité : fiche de synthèse",
    ]);
    const d = await ok("/student/subjects/mathematiques/chapters", eleve);
    const byType = (t: string) => d.chapters.find((c: { chapter: { type: string } }) => c.chapter.type === t).chapter;
    expect(byType("course").chapter_sections.map((x: { name: string }) => x.name).sort()).toEqual(["Cours", "Exercices"]);
    expect(byType("exam").name).toBe("Sujets d'examen corrigés");
    expect(byType("recording").name).toBe("Séances en direct de mathématiques");
  });
});

describe("reads gathered across requests", () => {
  it("pupils of different classes and offers asking at the same moment each get their own viewer and page", async () => {
    const silver = await pupilWithGroup(33);
    // Alone first (a batch of one), then all at once (one statement for the batch): the same answers.
    const alone = [
      await ok("/student/subjects/mathematiques/chapters", eleve),
      await ok("/student/subjects/mathematiques/chapters", silver),
      await ok("/student/subjects/mathematiques/chapters", fresh.token),
      await ok("/student/subjects", nouveau),
      await ok("/student/latest-recordings", eleve),
      await ok("/student/latest-recordings", fresh.token),
      await ok("/student/chapters/new-contents", eleve),
      await ok("/student/chapters/new-contents", nouveau),
      await ok("/student/chapters/free-contents", fresh.token),
      await ok("/student/chapters/free-contents", nouveau),
    ];
    const together = await Promise.all([
      ok("/student/subjects/mathematiques/chapters", eleve),
      ok("/student/subjects/mathematiques/chapters", silver),
      ok("/student/subjects/mathematiques/chapters", fresh.token),
      ok("/student/subjects", nouveau),
      ok("/student/latest-recordings", eleve),
      ok("/student/latest-recordings", fresh.token),
      ok("/student/chapters/new-contents", eleve),
      ok("/student/chapters/new-contents", nouveau),
      ok("/student/chapters/free-contents", fresh.token),
      ok("/student/chapters/free-contents", nouveau),
    ]);
    expect(together).toEqual(alone);
    // Each class gets its own cards.
    expect(alone[6].length).toBeGreaterThan(0);
    expect(new Set(alone[6].map((c: { division: { id: number } }) => c.division.id))).not.toEqual(new Set(alone[7].map((c: { division: { id: number } }) => c.division.id)));
    // The offers really differ: the Gold pupil's recordings are open, a pupil without an offer finds some locked.
    expect(alone[4].some((r: { locked: boolean }) => r.locked)).toBe(false);
    expect(alone[5].some((r: { locked: boolean }) => r.locked)).toBe(true);
    // Another class's subject stays not found in a batch.
    const theirSlugs = new Set((await ok("/student/subjects", nouveau)).map((s: { slug: string }) => s.slug));
    const onlyMine = (await ok("/student/subjects", eleve)).map((s: { slug: string }) => s.slug).find((slug: string) => !theirSlugs.has(slug));
    expect(onlyMine).toBeTruthy();
    const [mine, theirs] = await Promise.all([get(`/student/subjects/${onlyMine}/chapters`, eleve), get(`/student/subjects/${onlyMine}/chapters`, nouveau)]);
    expect([mine.status, theirs.status]).toEqual([200, 404]);
  });

  it("/auth/me of several pupils at once answers each their own account", async () => {
    const [a, b, c] = await Promise.all([eleve, nouveau, fresh.token].map((t) => h.request("GET", "/api/auth/me", { token: t })));
    expect([a!.status, b!.status, c!.status]).toEqual([200, 200, 200]);
    expect(new Set([a!.json.payload.id, b!.json.payload.id, c!.json.payload.id]).size).toBe(3);
    expect(c!.json.payload.id).toBe(fresh.id);
    const again = await h.request("GET", "/api/auth/me", { token: nouveau });
    expect(again.json.payload).toEqual(b!.json.payload);
  });
});
