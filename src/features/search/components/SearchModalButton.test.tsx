import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../../../tests/ui/render";
import { SearchModalButton } from "./SearchModalButton";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SearchModalButton (phones)", () => {
  it("opens a dialog with the search field, and closes it after a choice", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ payload: [{ type: "subject", name: "Physique", slug: "physique", subjectSlug: "physique", chapterSlug: null }] })),
    );
    const { router } = await renderWithProviders(<SearchModalButton />);
    const user = userEvent.setup();
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Rechercher" }));
    const dialog = await screen.findByRole("dialog", { name: "Rechercher" });
    const input = await screen.findByRole("combobox", { name: "Rechercher" });
    expect(dialog.contains(input)).toBe(true);
    await user.type(input, "phys");
    await user.click(await screen.findByRole("option", { name: "Physique" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/subjects/physique/details"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
