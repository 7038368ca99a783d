/**
 * Catalogue texts in the pupil's language: every chapter, section, lesson, attachment, promo card and alert of the demo
 * catalogue carries its Arabic and English text beside the French one, and the API passes them to the client. Also:
 * each magazine lesson shows the pages of its own chapter (never another chapter's).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { alerts, attachments, chapterSections, chapters, contents, instructors, promoCards, subjects } from "../../server/db/schema";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let eleve: string;

beforeAll(async () => {
  h = await startTestServer();
  eleve = await h.login("eleve@darsi.tn");
});
afterAll(async () => {
  await h?.close();
});

const ok = async (path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await h.request(init.method ?? "GET", `/api${path}`, { token: eleve, ...(init.body ? { body: init.body } : {}) });
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.json.payload;
};

const ARABIC = /\p{Script=Arabic}/u;
/** Latin words an Arabic text may keep: circuit names, acronyms, the brand and the offer. */
const LATIN_WORD = /\p{Script=Latin}+/gu;
const ALLOWED_LATIN = new Set(["RC", "RL", "GRAFCET", "Gold", "Darsi", "pdf"]);

function expectArabic(text: string | null, what: string) {
  expect(text, what).toBeTruthy();
  expect(text!, what).toMatch(ARABIC);
  for (const word of text!.match(LATIN_WORD) ?? []) expect(ALLOWED_LATIN.has(word), `${what}: "${word}" in ${text}`).toBe(true);
}
function expectEnglish(text: string | null, what: string) {
  expect(text, what).toBeTruthy();
  expect(text!, what).not.toMatch(ARABIC);
}

describe("seeded texts", () => {
  it("gives every subject, chapter, section, lesson and attachment an Arabic and an English name", async () => {
    const db = h.deps.db;
    for (const s of await db.select().from(subjects)) {
      expectArabic(s.nameAr, `subject ${s.slug}`);
      expectEnglish(s.nameEn, `subject ${s.slug}`);
    }
    for (const table of [chapters, chapterSections, contents, attachments] as const) {
      const rows = await db.select({ name: table.name, nameAr: table.nameAr, nameEn: table.nameEn }).from(table);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expectArabic(r.nameAr, r.name);
        expectEnglish(r.nameEn, r.name);
      }
    }
    for (const i of await db.select().from(instructors)) {
      expectArabic(i.descriptionAr, `${i.name} ${i.lastName}`);
      expectEnglish(i.descriptionEn, `${i.name} ${i.lastName}`);
    }
    for (const c of await db.select().from(promoCards)) {
      expectArabic(c.textAr, c.text);
      expectEnglish(c.textEn, c.text);
    }
    for (const a of await db.select().from(alerts)) {
      expectArabic(a.titleAr, a.title);
      expectArabic(a.bodyAr, a.body);
      expectEnglish(a.titleEn, a.title);
      expectEnglish(a.bodyEn, a.body);
    }
  });
});

describe("the API passes the texts on", () => {
  it("subjects, the subject page, a chapter's lessons and a lesson", async () => {
    const list = await ok("/student/subjects");
    expect(list[0]).toMatchObject({ slug: "mathematiques", name: "Mathématiques", name_ar: "الرياضيات", name_en: "Mathematics" });
    const page = await ok("/student/subjects/mathematiques/chapters");
    const suites = page.chapters.find((c: { chapter: { slug: string } }) => c.chapter.slug === "suites-reelles").chapter;
    expect(suites).toMatchObject({ name: "Suites réelles", name_ar: "المتتاليات الحقيقية", name_en: "Real sequences" });
    expect(suites.chapter_sections.map((s: { name_ar: string }) => s.name_ar).sort()).toEqual(["التمارين", "الدروس"].sort());
    expect(page.chapters[0].instructor.description_ar).toMatch(ARABIC);
    expect(page.promoCards.every((c: { text_ar: string | null }) => c.text_ar && ARABIC.test(c.text_ar))).toBe(true);

    const lessons = await ok("/student/subjects/mathematiques/chapters/limites-et-continuite/contents");
    expect(lessons[0]).toMatchObject({ name_ar: "النهايات والاتصال : تمهيد وأنشطة", name_en: "Limits and continuity: introduction and activities" });

    const lesson = await ok("/student/subjects/mathematiques/chapters/limites-et-continuite/contents/fiche-de-synthese");
    expect(lesson).toMatchObject({
      name_ar: "النهايات والاتصال : بطاقة تأليفية",
      name_en: "Limits and continuity: summary sheet",
      chapter: { name_ar: "النهايات والاتصال", name_en: "Limits and continuity" },
      subject: { name_ar: "الرياضيات", name_en: "Mathematics" },
    });
    expect(lesson.attachments[0].name_ar).toMatch(ARABIC);
    expect(lesson.attachments[0].name_en).toBe("Limits and continuity – summary.pdf");
  });

  it("home lists: alerts, cards, free and new contents, latest recordings, bookmarks", async () => {
    const alertList = await ok("/alerts");
    expect(alertList.find((a: { title: string }) => a.title === "Bac blanc")).toMatchObject({ title_ar: "باكالوريا تجريبية", title_en: "Mock bac" });
    const cards = await ok("/student/pubs-cards");
    // eleve is Gold: the Gold card is not sent; the first is the video card.
    expect(cards[0].text_en).toBe("Discover Darsi in two minutes");
    for (const path of ["/student/chapters/free-contents", "/student/chapters/new-contents"]) {
      const items = await ok(path);
      expect(items.length).toBeGreaterThan(0);
      for (const c of items) {
        expectArabic(c.content.name_ar, c.content.name);
        expectArabic(c.chapter.name_ar, c.chapter.name);
        expectEnglish(c.subject.name_en, c.subject.name);
      }
    }
    const recordings = await ok("/student/latest-recordings?limit=4");
    for (const r of recordings) expectArabic(r.name_ar, r.name);
    const marks = await ok("/student/bookmarked-contents");
    for (const b of marks) {
      expectArabic(b.content.name_ar, b.content.name);
      expectEnglish(b.chapter.name_en, b.chapter.name);
    }
  });

  it("search finds chapters by their Arabic or English name and returns the three names", async () => {
    const arabic = await ok("/search/autocomplete", { method: "POST", body: { term: "المتتاليات" } });
    expect(arabic[0]).toMatchObject({ type: "chapter", slug: "suites-reelles", chapterSlug: "suites-reelles", name_ar: "المتتاليات الحقيقية", firstLessonSlug: "introduction-et-activites" });
    const english = await ok("/search/autocomplete", { method: "POST", body: { term: "real sequences" } });
    expect(english[0]).toMatchObject({ type: "chapter", slug: "suites-reelles", name_en: "Real sequences" });
    // A hamza folds like an accent: "ألأسية" typed without it still finds "الأسية".
    const hamza = await ok("/search/autocomplete", { method: "POST", body: { term: "الاسية" } });
    expect(hamza.some((i: { slug: string }) => i.slug === "fonction-exponentielle")).toBe(true);
  });
});

describe("magazine pages", () => {
  it("each chapter's summary sheet shows its own pages, and every page file exists", async () => {
    const pagesOf = async (chapter: string) =>
      (await ok(`/student/subjects/mathematiques/chapters/${chapter}/contents/fiche-de-synthese`)).pages.map((p: { url: string }) => new URL(p.url, "http://x").pathname);
    expect((await pagesOf("limites-et-continuite"))[0]).toBe("/media/magazines/limites-et-continuite/page-1.svg");
    expect((await pagesOf("derivabilite"))[0]).toBe("/media/magazines/derivabilite/page-1.svg");
    expect((await pagesOf("suites-reelles"))[0]).toBe("/media/magazines/suites-reelles/page-1.svg");
    expect((await pagesOf("nombres-complexes"))[0]).toBe("/media/magazines/fiche-methode/page-1.svg");
    const rows = await h.deps.db.select({ name: contents.name, chapterSlug: chapters.slug, pages: contents.pages }).from(contents).innerJoin(chapters, eq(chapters.id, contents.chapterId));
    const media = fileURLToPath(new URL("../../server/", import.meta.url));
    for (const r of rows) {
      for (const p of r.pages ?? []) expect(existsSync(media + p.url.slice(1)), `${r.name}: ${p.url}`).toBe(true);
      // Only the limits chapter shows the limits sheet.
      if (r.pages?.some((p) => p.url.includes("/limites-et-continuite/"))) expect(r.chapterSlug).toBe("limites-et-continuite");
    }
  });
});

describe("a demo database seeded before the texts existed", () => {
  it("gets them filled once at start (backfillCatalogueTexts), magazine pages included", async () => {
    const { backfillCatalogueTexts } = await import("../../server/db/seed/learning");
    const db = h.deps.db;
    // As before migration 0004's data: no translations, the old pages of "Dérivabilité".
    await db.update(chapters).set({ nameAr: null, nameEn: null });
    await db.update(contents).set({ nameAr: null, nameEn: null });
    await db.update(promoCards).set({ textAr: null, textEn: null });
    await db.update(alerts).set({ titleAr: null, bodyAr: null, titleEn: null, bodyEn: null });
    await db.update(attachments).set({ nameAr: null, nameEn: null });
    const old = Array.from({ length: 6 }, (_, k) => ({ url: `/media/magazines/limites-et-continuite/page-${k + 1}.svg` }));
    const [deriv] = await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.slug, "derivabilite")).limit(1);
    await db.update(contents).set({ pages: old }).where(eq(contents.chapterId, deriv!.id));

    expect(await backfillCatalogueTexts(db, new Date())).toBe(true);
    const lesson = await ok("/student/subjects/mathematiques/chapters/derivabilite/contents/fiche-de-synthese");
    expect(lesson).toMatchObject({ name_ar: "قابلية الاشتقاق : بطاقة تأليفية", chapter: { name_en: "Differentiability" } });
    expect(new URL(lesson.pages[0].url, "http://x").pathname).toBe("/media/magazines/derivabilite/page-1.svg");
    expect(lesson.attachments[0].name_en).toBe("Differentiability – summary.pdf");
    expect((await ok("/alerts")).every((a: { title_ar: string | null }) => a.title_ar)).toBe(true);
    // Once only.
    expect(await backfillCatalogueTexts(db, new Date())).toBe(false);
  });
});
