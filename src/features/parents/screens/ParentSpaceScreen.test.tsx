import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ParentRequestDto } from "@domain/account";
import { renderWithProviders } from "../../../../tests/ui/render";
import { ParentSpaceScreen } from "./ParentSpaceScreen";

const request = (id: number, approved: boolean | null, child: string): ParentRequestDto => ({
  id,
  approved,
  created_at: "2026-11-20T10:00:00.000Z",
  parent_user: { id: 5, name: "Leila", last_name: "Ben Salah" },
  child_user: { id: 10 + id, name: child, last_name: "Ben Salah", division: { id: 18, name: "Bac Mathématiques", name_ar: "باكالوريا رياضيات", name_en: "Bac Maths" }, gender: "female" },
});

function mockApi(list: ParentRequestDto[]) {
  const puts: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as { approved: boolean };
        puts.push({ url: String(input), body });
        const id = Number(String(input).split("/").at(-1));
        list = list.map((r) => (r.id === id ? { ...r, approved: body.approved } : r));
        return Response.json({ payload: list.find((r) => r.id === id) });
      }
      return Response.json({ payload: list });
    }),
  );
  return puts;
}

afterEach(() => vi.unstubAllGlobals());

describe("ParentSpaceScreen", () => {
  it("lists the linked children and answers a pending request through the confirmation, once", async () => {
    const user = userEvent.setup();
    const puts = mockApi([request(1, null, "Yasmine"), request(2, true, "Sami")]);
    await renderWithProviders(<ParentSpaceScreen />, { path: "/request-parent-user-children" });
    const children = await screen.findAllByTestId("parent-child");
    expect(children.map((c) => c.textContent)).toEqual([expect.stringContaining("Sami Ben Salah")]);
    // The answered request has no buttons.
    const [pending, answered] = screen.getAllByTestId("parent-request");
    expect(within(answered!).queryByRole("button")).toBeNull();

    await user.click(within(pending!).getByRole("button", { name: "Refuser la demande de Yasmine Ben Salah" }));
    const dialog = await screen.findByRole("dialog", { name: "Refuser la demande" });
    expect(dialog.textContent).toContain("Cette réponse est définitive.");
    await user.click(within(dialog).getByRole("button", { name: "Refuser" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ url: "/api/request-parent-user-children/1", body: { approved: false } });
    await waitFor(() => expect(within(screen.getAllByTestId("parent-request")[0]!).queryByRole("button")).toBeNull());
  });

  it("names a nameless operator subscriber's request (names null) in the reader's language, in the list and the button", async () => {
    const nameless: ParentRequestDto = { ...request(3, null, "x"), child_user: { ...request(3, null, "x").child_user, name: null, last_name: null } };
    mockApi([nameless]);
    const { messages } = await import("../../../locales/en/messages.po");
    await renderWithProviders(<ParentSpaceScreen />, { path: "/request-parent-user-children", locale: "en", messages });
    const [row] = await screen.findAllByTestId("parent-request");
    expect(row!.textContent).toContain("Ooredoo subscriber");
    expect(row!.textContent).not.toContain("Abonné");
    expect(within(row!).getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual([expect.stringContaining("Ooredoo subscriber"), expect.stringContaining("Ooredoo subscriber")]);
  });

  it("says so without children or requests", async () => {
    mockApi([]);
    await renderWithProviders(<ParentSpaceScreen />, { path: "/request-parent-user-children" });
    expect(await screen.findByTestId("parent-children-empty")).toBeTruthy();
    expect(screen.getByTestId("parent-requests-empty")).toBeTruthy();
  });
});
