import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BookmarkDto } from "@domain/learning";
import { renderWithProviders } from "../../../../tests/ui/render";
import type { BookmarksSearch } from "../search";
import { bookmarksSearchSchema } from "../search";
import { BookmarksScreen } from "./BookmarksScreen";
import * as v from "valibot";

const bookmark = (id: number): BookmarkDto => ({
  id,
  content: { name: `Leçon ${id}`, slug: `lecon-${id}` },
  chapter: { name: "Limites", slug: "limites" },
  subject: { name: "Mathématiques", slug: "maths" },
  marked_at: "2026-10-05T23:30:00.000Z",
});

function mockBookmarks(total: number) {
  const calls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(String(input), "http://localhost");
      calls.push(url);
      const page = Number(url.searchParams.get("page"));
      const perPage = Number(url.searchParams.get("perPage"));
      const items = Array.from({ length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) }, (_, i) => bookmark((page - 1) * perPage + i + 1));
      return Response.json({ payload: items, meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), total } });
    }),
  );
  return calls;
}

/** The screen as the route mounts it, with the URL's search kept in state. */
function Harness({ initial = { page: 1, perPage: 10 } as BookmarksSearch }) {
  const [search, setSearch] = useState<BookmarksSearch>(initial);
  return <BookmarksScreen {...search} onChange={setSearch} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("BookmarksScreen", () => {
  it("lists bookmarks 10 per page with links to the lesson and dates DD/MM/YYYY", async () => {
    const calls = mockBookmarks(30);
    await renderWithProviders(<Harness />, { path: "/liste-de-favoris" });
    expect(await screen.findAllByTestId("bookmark-row")).toHaveLength(10);
    expect(calls[0]?.pathname).toBe("/api/student/bookmarked-contents");
    expect(calls[0]?.searchParams.get("page")).toBe("1");
    expect(calls[0]?.searchParams.get("perPage")).toBe("10");
    const link = screen.getByRole("link", { name: "Leçon 1" });
    expect(link.getAttribute("href")).toBe("/subjects/maths/chapters/limites/lessons/lecon-1/content");
    // 23:30 UTC on 5 October is already 6 October in Tunis.
    expect(screen.getAllByRole("row")[1]?.textContent).toContain("06/10/2026");
    expect(screen.getByRole("columnheader", { name: "Contenu" })).toBeTruthy();
  });

  it("asks the server for 25 rows when 25 per page is chosen, back on page 1", async () => {
    const calls = mockBookmarks(60);
    await renderWithProviders(<Harness initial={{ page: 2, perPage: 10 }} />, { path: "/liste-de-favoris" });
    await screen.findAllByTestId("bookmark-row");
    expect(calls.at(-1)?.searchParams.get("page")).toBe("2");
    fireEvent.change(screen.getByLabelText("Lignes par page"), { target: { value: "25" } });
    await waitFor(() => expect(screen.getAllByTestId("bookmark-row")).toHaveLength(25));
    expect(calls.at(-1)?.searchParams.get("perPage")).toBe("25");
    expect(calls.at(-1)?.searchParams.get("page")).toBe("1");
  });

  it("goes to the next page", async () => {
    const user = userEvent.setup();
    const calls = mockBookmarks(15);
    await renderWithProviders(<Harness />, { path: "/liste-de-favoris" });
    await screen.findAllByTestId("bookmark-row");
    expect(screen.getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(screen.getAllByTestId("bookmark-row")).toHaveLength(5));
    expect(calls.at(-1)?.searchParams.get("page")).toBe("2");
    expect(screen.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
  });

  it("says so without bookmarks", async () => {
    mockBookmarks(0);
    await renderWithProviders(<Harness />, { path: "/liste-de-favoris" });
    expect((await screen.findByTestId("bookmarks-empty")).textContent).toBe("Aucun favori pour le moment");
  });

  it("validates page and perPage of the URL", () => {
    expect(v.parse(bookmarksSearchSchema, {})).toEqual({ page: 1, perPage: 10 });
    expect(v.parse(bookmarksSearchSchema, { page: "3", perPage: 25 })).toEqual({ page: 3, perPage: 25 });
    expect(v.parse(bookmarksSearchSchema, { page: -2, perPage: 30 })).toEqual({ page: 1, perPage: 10 });
    expect(v.parse(bookmarksSearchSchema, { page: "x", perPage: [1] })).toEqual({ page: 1, perPage: 10 });
  });
});
