import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SubjectChaptersDto } from "@domain/learning";
import { renderWithProviders } from "../../../../tests/ui/render";
import { makeChapter, makePromo, makeSubject, makeSubjectPage } from "../testData";
import type { SubjectTab } from "../tabs";
import { SubjectDetailsScreen } from "./SubjectDetailsScreen";

function mockPage(page: SubjectChaptersDto) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      calls.push(String(input));
      return Response.json({ payload: page });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPage(page: SubjectChaptersDto, tab?: SubjectTab, onTabChange = vi.fn()) {
  const calls = mockPage(page);
  const result = await renderWithProviders(<SubjectDetailsScreen slug="maths" tab={tab} onTabChange={onTabChange} />, { path: "/subjects/maths/details" });
  await screen.findByRole("heading", { level: 1, name: "Mathématiques" });
  return { ...result, calls, onTabChange };
}

describe("SubjectDetailsScreen", () => {
  it("opens on Cours, disables tabs without chapters and numbers the chapters 01, 02", async () => {
    const { calls } = await renderPage(
      makeSubjectPage({
        chapters: [
          makeChapter(1, "course", { progress: 150, instructor: { name: "mohamed", last_name: "Ben Ali" } }),
          makeChapter(2, "course", { nbContent: 1, instructor: null }),
          makeChapter(3, "exam"),
        ],
      }),
    );
    expect(calls).toEqual(["/api/student/subjects/maths/chapters"]);
    const cours = screen.getByRole("tab", { name: "Cours" });
    expect(cours.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "Examens" }).hasAttribute("disabled")).toBe(false);
    expect(screen.getByRole("tab", { name: "Enregistrements" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("tab", { name: "Divers" }).hasAttribute("disabled")).toBe(true);

    expect(screen.getAllByTestId("chapter-number").map((n) => n.textContent)).toEqual(["01", "02"]);
    expect(screen.getAllByTestId("chapter-instructor").map((n) => n.textContent)).toEqual(["M. Ben Ali"]);
    expect(screen.getAllByTestId("chapter-count").map((n) => n.textContent)).toEqual(["3 vidéos", "1 vidéo"]);
    const bar = screen.getByRole("progressbar", { name: "Progression du chapitre Chapitre 1" });
    expect(bar.getAttribute("aria-valuenow")).toBe("100");
    const rows = screen.getAllByTestId("chapter-row");
    expect(rows[0]?.getAttribute("href")).toBe("/subjects/maths/chapters/chapitre-1/lessons/lecon-1/content");
    expect(screen.getByRole("link", { name: "01 Chapitre 1 M. Ben Ali · 3 vidéos 100 %" })).toBe(rows[0]);
  });

  it("shows the tab of the URL, counts Magazines in exam chapters and asks to change tab", async () => {
    const user = userEvent.setup();
    const { onTabChange } = await renderPage(
      makeSubjectPage({
        chapters: [makeChapter(1, "course"), makeChapter(2, "exam", { nbContent: 4 }), makeChapter(3, "exam", { nbContent: 1 }), makeChapter(4, "recording")],
      }),
      "exam",
    );
    expect(screen.getByRole("tab", { name: "Examens" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getAllByTestId("chapter-number").map((n) => n.textContent)).toEqual(["01", "02"]);
    expect(screen.getAllByTestId("chapter-count").map((n) => n.textContent)).toEqual(["4 Magazines", "1 Magazine"]);
    await user.click(screen.getByRole("tab", { name: "Enregistrements" }));
    expect(onTabChange).toHaveBeenCalledWith("recording");
  });

  it("falls back to Cours when the URL's tab has no chapters", async () => {
    await renderPage(makeSubjectPage({ chapters: [makeChapter(1, "course"), makeChapter(4, "recording")] }), "divers");
    expect(screen.getByRole("tab", { name: "Cours" }).getAttribute("aria-selected")).toBe("true");
  });

  it("links recording chapters to the recording viewer, and chapters without lessons nowhere", async () => {
    await renderPage(makeSubjectPage({ chapters: [makeChapter(4, "recording"), makeChapter(5, "recording", { firstLessonSlug: null })] }), "recording");
    const rows = screen.getAllByTestId("chapter-row");
    expect(rows[0]?.getAttribute("href")).toBe("/subjects/maths/chapters/chapitre-4/recordings/lecon-4/content");
    expect(rows[1]?.tagName).toBe("DIV");
  });

  it("groups chapters under their section headings, one heading per section name", async () => {
    const section = (id: number, name: string, position: number) => ({ id, name, position, tabId: 1 });
    const chapter = (id: number, name: string, sections: ReturnType<typeof section>[]) =>
      makeChapter(id, "course", { chapter: { id, slug: `c${id}`, name, type: "course", chapter_sections: sections } });
    await renderPage(
      makeSubjectPage({
        chapters: [
          chapter(1, "Limites", [section(2, "Exercices", 2), section(1, "Cours", 1)]),
          chapter(2, "Suites", [section(3, "Cours", 1), section(4, "Exercices", 2)]),
          chapter(3, "Annales", [section(5, "Révisions", 3)]),
        ],
      }),
    );
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings.filter((h) => h === "Cours")).toHaveLength(1);
    expect(headings.indexOf("Cours")).toBeLessThan(headings.indexOf("Révisions"));
    expect(headings).not.toContain("Exercices");
    const cours = screen.getByRole("heading", { level: 2, name: "Cours" }).closest("section")!;
    expect(within(cours).getAllByTestId("chapter-name").map((n) => n.textContent)).toEqual(["Limites", "Suites"]);
    // Numbering runs across the tab.
    expect(screen.getAllByTestId("chapter-number").map((n) => n.textContent)).toEqual(["01", "02", "03"]);
  });

  it("shows 5 other subjects, then all with 'Voir plus', and back with 'Voir moins'", async () => {
    const user = userEvent.setup();
    const others = Array.from({ length: 7 }, (_, i) => makeSubject({ id: 10 + i, slug: `autre-${i}`, name: `Autre ${i}` }));
    await renderPage(makeSubjectPage({ otherSubjects: others }));
    const list = screen.getByTestId("other-subjects");
    expect(within(list).getAllByRole("link")).toHaveLength(5);
    expect(within(list).getAllByRole("link")[0]?.getAttribute("href")).toBe("/subjects/autre-0/details");
    await user.click(screen.getByRole("button", { name: "Voir plus" }));
    expect(within(list).getAllByRole("link")).toHaveLength(7);
    expect(screen.getByRole("button", { name: "Voir moins" }).getAttribute("aria-expanded")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Voir moins" }));
    expect(within(list).getAllByRole("link")).toHaveLength(5);
  });

  it("hides 'Voir plus' with 5 other subjects or fewer, and shows the counts and capped progress", async () => {
    const page = makeSubjectPage({ otherSubjects: [makeSubject({ id: 5 })] });
    page.subject.progress = 250;
    page.subject.nbChapters = 1;
    page.subject.nbContents = 6;
    await renderPage(page);
    expect(screen.queryByRole("button", { name: "Voir plus" })).toBeNull();
    expect(screen.getByRole("progressbar", { name: "Progression en Mathématiques" }).getAttribute("aria-valuenow")).toBe("100");
    expect(screen.getByTestId("subject-nb-chapters").textContent).toBe("1 chapitre");
    expect(screen.getByTestId("subject-nb-contents").textContent).toBe("6 contenus");
  });

  it("shows the visible promo cards by position", async () => {
    await renderPage(
      makeSubjectPage({
        promoCards: [
          makePromo(1, 3),
          makePromo(2, 1, { url_link: "https://example.tn/offre" }),
          makePromo(3, 2, { visible: false }),
          makePromo(4, 2, { color: "#000000", url_link: "/offres" }),
        ],
      }),
    );
    const cards = screen.getAllByTestId("promo-card");
    expect(cards.map((c) => c.textContent?.split("En savoir plus")[0])).toEqual(["Promo 2", "Promo 4", "Promo 1"]);
    const external = within(cards[0]!).getByRole("link", { name: "En savoir plus" });
    expect(external.getAttribute("href")).toBe("https://example.tn/offre");
    expect(external.getAttribute("target")).toBe("_blank");
    const internal = within(cards[1]!).getByRole("link", { name: "En savoir plus" });
    expect(internal.getAttribute("href")).toBe("/offres");
    expect(internal.getAttribute("target")).toBeNull();
    // White text on black.
    expect(cards[1]?.style.color).toMatch(/#fff|rgb\(255, 255, 255\)/);
  });
});
