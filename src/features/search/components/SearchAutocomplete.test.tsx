import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeAffiliation, makeMe } from "../../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../../tests/ui/render";
import type { AutocompleteItemDto } from "../api/autocomplete";
import { SearchAutocomplete, searchCombobox } from "./SearchAutocomplete";

const results: AutocompleteItemDto[] = [
  { type: "content", name: "Limite d'une suite", slug: "limite-suite", subjectSlug: "maths", chapterSlug: "suites", chapterType: "course" },
  { type: "content", name: "Séance du samedi", slug: "seance-samedi", subjectSlug: "maths", chapterSlug: "seances", chapterType: "recording" },
  { type: "subject", name: "Mathématiques", slug: "maths", subjectSlug: "maths", chapterSlug: null },
  { type: "chapter", name: "Les suites", slug: "suites", subjectSlug: "maths", chapterSlug: "suites" },
];

function mockSearch(items: AutocompleteItemDto[] = results) {
  const calls: Array<{ url: string; body: unknown; signal: AbortSignal | null | undefined }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined, signal: init?.signal });
      return Response.json({ payload: items });
    }),
  );
  return calls;
}

const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

/** The field: the plain placeholder first, then the Combobox's own field once its code has loaded. */
const field = () => screen.getByRole("combobox", { name: "Rechercher" });

// Compile the suggestions' module once, so the first lazy load in a test takes the time of a cached chunk,
// not of Vitest transforming Mantine's Combobox (the load itself still happens on first use, in each test).
beforeAll(async () => {
  await import("./SearchCombobox");
}, 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SearchAutocomplete", () => {
  it("sends nothing under 3 characters and says so", async () => {
    const calls = mockSearch();
    await renderWithProviders(<SearchAutocomplete />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox", { name: "Rechercher" }), "ma");
    expect(await screen.findByText("Tapez au moins 3 caractères")).toBeTruthy();
    await wait(400);
    expect(calls).toHaveLength(0);
  });

  it("sends one request after the debounce, with an abort signal, and groups the results", async () => {
    const calls = mockSearch();
    await renderWithProviders(<SearchAutocomplete />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox", { name: "Rechercher" }), "suite");
    expect(calls).toHaveLength(0);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: "/api/search/autocomplete", body: { term: "suite" } });
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
    const option = await screen.findByRole("option", { name: "Mathématiques" });
    expect(option).toBeTruthy();
    const groups = screen.getAllByRole("group").map((g) => g.getAttribute("aria-labelledby") && document.getElementById(g.getAttribute("aria-labelledby")!)?.textContent);
    expect(groups).toEqual(["Matières", "Chapitres", "Leçons"]);
    await wait(400);
    expect(calls).toHaveLength(1);
  });

  it("aborts the request of a term the pupil has typed past", async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((_input: string, init?: RequestInit) => {
        if (init?.signal) signals.push(init.signal);
        // The first term never answers; the second does.
        return signals.length === 1 ? new Promise<Response>(() => {}) : Promise.resolve(Response.json({ payload: results }));
      }),
    );
    await renderWithProviders(<SearchAutocomplete />);
    const user = userEvent.setup();
    await user.type(field(), "sui");
    await waitFor(() => expect(signals).toHaveLength(1));
    await user.type(field(), "te");
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0]?.aborted).toBe(true);
    expect(await screen.findByRole("option", { name: "Les suites" })).toBeTruthy();
  });

  it("opens the lesson or the subject page of the chosen suggestion", async () => {
    mockSearch();
    const { router } = await renderWithProviders(<SearchAutocomplete />);
    const user = userEvent.setup();
    await user.type(field(), "suite");
    await user.click(await screen.findByRole("option", { name: "Limite d'une suite" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/subjects/maths/chapters/suites/lessons/limite-suite/content"));

    await user.type(field(), "suite");
    await user.click(await screen.findByRole("option", { name: "Séance du samedi" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/subjects/maths/chapters/seances/recordings/seance-samedi/content"));

    await user.type(field(), "suite");
    await user.click(await screen.findByRole("option", { name: "Les suites" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/subjects/maths/details"));
  });

  it("says 'Aucun résultat' when nothing matches", async () => {
    mockSearch([]);
    await renderWithProviders(<SearchAutocomplete />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox", { name: "Rechercher" }), "zzz");
    expect(await screen.findByText("Aucun résultat")).toBeTruthy();
  });

  it("is disabled, with the reason, when the server says search is not open (pupils with an offer of group 104)", async () => {
    const calls = mockSearch();
    await renderWithProviders(<SearchAutocomplete />, { me: makeMe({ affiliations: [makeAffiliation(104)], permissions: { search: false } }) });
    const input = screen.getByTestId("search-autocomplete");
    expect(input.getAttribute("aria-disabled")).toBe("true");
    expect(input.hasAttribute("readonly")).toBe(true);
    expect(input.getAttribute("aria-label")).toBe("Rechercher : La recherche n'est pas disponible avec votre offre");
    const user = userEvent.setup();
    await user.type(input, "suite");
    await wait(400);
    expect(calls).toHaveLength(0);
  });

  describe("loaded on first use", () => {
    beforeEach(() => searchCombobox.reset());

    it("starts as a plain, closed combobox field, and typing 3 characters shows the suggestions", async () => {
      const calls = mockSearch();
      await renderWithProviders(<SearchAutocomplete />);
      const placeholder = field();
      expect(placeholder.getAttribute("aria-expanded")).toBe("false");
      expect(placeholder.getAttribute("placeholder")).toBe("Rechercher un cours, un chapitre…");
      expect(screen.queryByRole("listbox")).toBeNull();
      const user = userEvent.setup();
      await user.type(placeholder, "sui");
      expect(await screen.findByRole("option", { name: "Mathématiques" })).toBeTruthy();
      // The text typed before the code arrived was kept, and the focus stayed in the field.
      expect((field() as HTMLInputElement).value).toBe("sui");
      expect(document.activeElement).toBe(field());
      expect(calls).toHaveLength(1);
      expect(calls[0]?.body).toEqual({ term: "sui" });
    });

    it("takes over the focus when the field is only focused, with nothing typed yet", async () => {
      mockSearch();
      await renderWithProviders(<SearchAutocomplete />);
      const placeholder = field();
      const user = userEvent.setup();
      await user.click(placeholder);
      await waitFor(() => expect(field()).not.toBe(placeholder));
      expect(document.activeElement).toBe(field());
      await user.keyboard("suite");
      expect(await screen.findByRole("option", { name: "Les suites" })).toBeTruthy();
      expect((field() as HTMLInputElement).value).toBe("suite");
    });
  });
});
