import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import type { ContentCardDto } from "@domain/learning";
import { renderWithProviders } from "../../../../tests/ui/render";
import { Alerts } from "./Alerts";
import { ContentCards } from "./ContentCards";

function card(id: number, overrides: Partial<ContentCardDto> = {}): ContentCardDto {
  return {
    subject: { id: 1, slug: "mathematiques", name: "Mathématiques", color: "#3B5BDB" },
    chapter: { id: 10, slug: "suites-reelles", name: "Suites réelles" },
    content: { id, slug: `lecon-${id}`, name: `Leçon ${id}`, type: { id: 2, name: "CRYPTED VIDEO" }, is_free: true },
    instructor: { name: "Mohamed", last_name: "Ben Ali" },
    division: { id: 18, name: "Bac Mathématiques" },
    createdAt: "2026-11-20T10:00:00.000Z",
    chapter_type: "course",
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("home content cards", () => {
  it("shows the first two, each linking to its viewer (recordings to the recording viewer)", async () => {
    const cards = [card(1), card(2, { chapter_type: "recording", chapter: { id: 11, slug: "enregistrements-mathematiques", name: "Enregistrements" } }), card(3)];
    await renderWithProviders(<ContentCards title="Contenus gratuits" data={cards} isPending={false} testId="free" />);
    const links = screen.getAllByRole("link");
    expect(links).toHaveLength(2);
    expect(links[0]!.getAttribute("href")).toBe("/subjects/mathematiques/chapters/suites-reelles/lessons/lecon-1/content");
    expect(links[1]!.getAttribute("href")).toBe("/subjects/mathematiques/chapters/enregistrements-mathematiques/recordings/lecon-2/content");
    expect(screen.queryByText("Leçon 3")).toBeNull();
    expect(screen.getAllByText("M. Ben Ali")).toHaveLength(2);
  });

  it("names the subject in Arabic for an Arabic reader", async () => {
    const arabic = card(1, { subject: { id: 1, slug: "mathematiques", name: "Mathématiques", name_ar: "الرياضيات", color: "#3B5BDB" } });
    await renderWithProviders(<ContentCards title="محتويات مجانية" data={[arabic]} isPending={false} testId="free" />, { locale: "ar" });
    expect(screen.getByText(/الرياضيات/)).toBeTruthy();
  });

  it("keeps the space with two skeletons while loading, and disappears when there is nothing", async () => {
    const { container, unmount } = await renderWithProviders(<ContentCards title="Nouveaux contenus" data={undefined} isPending testId="new" />);
    expect(container.querySelectorAll(".mantine-Skeleton-root")).toHaveLength(2);
    unmount();
    await renderWithProviders(<ContentCards title="Nouveaux contenus" data={[]} isPending={false} testId="new" />);
    expect(screen.queryByTestId("new")).toBeNull();
  });
});

describe("home alerts", () => {
  it("shows the class's warnings, and nothing when there are none", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ payload: [{ id: 1, title: "Examens blancs", body: "Samedi à 9 h", level: "warning", starts_at: null, ends_at: null }] })),
    );
    await renderWithProviders(<Alerts />);
    expect(await screen.findByText("Examens blancs")).toBeTruthy();
    expect(screen.getByText("Samedi à 9 h")).toBeTruthy();
  });
});
