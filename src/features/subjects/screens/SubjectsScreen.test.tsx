import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { renderWithProviders } from "../../../../tests/ui/render";
import { makeSubject } from "../testData";
import { SubjectsScreen } from "./SubjectsScreen";

function mockFetch(handler: (url: string) => Promise<Response> | Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      calls.push(String(input));
      return handler(String(input));
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SubjectsScreen", () => {
  it("shows 8 skeletons while the subjects load", async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    await renderWithProviders(<SubjectsScreen />, { path: "/subjects" });
    expect(screen.getByRole("heading", { level: 1, name: "Matières" })).toBeTruthy();
    expect(screen.getAllByTestId("subject-skeleton")).toHaveLength(8);
  });

  it("shows the subjects as cards by position, with capped progress and links to their pages", async () => {
    const calls = mockFetch(() =>
      Response.json({
        payload: [
          makeSubject({ id: 2, slug: "physique", name: "Physique", position: 2, progress: 130, subjectVideos: 1 }),
          makeSubject({ id: 1, slug: "maths", name: "Mathématiques", position: 1, progress: 42.4, subjectVideos: 24 }),
        ],
      }),
    );
    await renderWithProviders(<SubjectsScreen />, { path: "/subjects" });
    const cards = await screen.findAllByTestId("subject-card");
    expect(calls).toEqual(["/api/student/subjects"]);
    expect(cards).toHaveLength(2);
    expect(cards[0]?.getAttribute("href")).toBe("/subjects/maths/details");
    expect(cards[1]?.getAttribute("href")).toBe("/subjects/physique/details");
    expect(screen.getByRole("heading", { level: 2, name: "Mathématiques" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Mathématiques 42 % 24 vidéos" })).toBe(cards[0]);

    const physique = screen.getByRole("progressbar", { name: "Progression en Physique" });
    expect(physique.getAttribute("aria-valuenow")).toBe("100");
    expect(cards[1]?.textContent).toContain("100 %");
    expect(cards[1]?.textContent).toContain("1 vidéo");
    expect(screen.getByRole("progressbar", { name: "Progression en Mathématiques" }).getAttribute("aria-valuenow")).toBe("42");
    expect(cards[0]?.textContent).toContain("24 vidéos");

    const img = cards[0]?.querySelector("img");
    expect(img?.getAttribute("loading")).toBe("lazy");
    expect(img?.getAttribute("width")).toBe("56");
    expect(img?.getAttribute("height")).toBe("56");
    expect(screen.queryByTestId("subject-skeleton")).toBeNull();
  });

  it("says so when the pupil has no subject", async () => {
    mockFetch(() => Response.json({ payload: [] }));
    await renderWithProviders(<SubjectsScreen />, { path: "/subjects" });
    expect((await screen.findByTestId("subjects-empty")).textContent).toBe("Aucune matière pour le moment");
  });
});
