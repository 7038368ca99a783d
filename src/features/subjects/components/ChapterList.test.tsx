import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderWithProviders } from "../../../../tests/ui/render";
import { makeChapter } from "../testData";
import { ChapterList } from "./ChapterList";

const chapters = [
  makeChapter(1, "course", {
    chapter: {
      id: 1,
      slug: "suites-reelles",
      name: "Suites réelles",
      name_ar: "المتتاليات الحقيقية",
      name_en: "Real sequences",
      type: "course",
      chapter_sections: [{ id: 1, name: "Cours", name_ar: "الدروس", name_en: "Lessons", position: 1, tabId: 1 }],
    },
  }),
];

describe("ChapterList in the pupil's language", () => {
  it("shows the Arabic chapter and section names, and isolates the instructor's Latin name from the Arabic count", async () => {
    await renderWithProviders(<ChapterList subjectSlug="mathematiques" chapters={chapters} />, { locale: "ar", messages: { "# vidéos": "# فيديوهات" } });
    expect(screen.getByRole("heading", { level: 2, name: "الدروس" })).toBeTruthy();
    const row = screen.getByTestId("chapter-row");
    const name = within(row).getByTestId("chapter-name");
    expect(name.textContent).toBe("المتتاليات الحقيقية");
    // A name in another script than the page's is laid out (and cut) in its own direction.
    expect(name.getAttribute("dir")).toBe("auto");
    // "M. Ben Ali · 3 …": each run is its own <bdi>, so the bidi algorithm cannot reorder them across the dot.
    const instructor = within(row).getByTestId("chapter-instructor");
    const count = within(row).getByTestId("chapter-count");
    expect(instructor.tagName).toBe("BDI");
    expect(count.tagName).toBe("BDI");
    expect(instructor.textContent).toBe("M. Ben Ali");
  });

  it("keeps French and shows English from the same data", async () => {
    const { unmount } = await renderWithProviders(<ChapterList subjectSlug="mathematiques" chapters={chapters} />, { locale: "fr" });
    expect(screen.getByTestId("chapter-name").textContent).toBe("Suites réelles");
    expect(screen.getByRole("heading", { level: 2, name: "Cours" })).toBeTruthy();
    unmount();
    await renderWithProviders(<ChapterList subjectSlug="mathematiques" chapters={chapters} />, { locale: "en" });
    expect(screen.getByTestId("chapter-name").textContent).toBe("Real sequences");
    expect(screen.getByRole("heading", { level: 2, name: "Lessons" })).toBeTruthy();
  });
});
