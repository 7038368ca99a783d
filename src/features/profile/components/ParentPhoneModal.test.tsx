import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../../../tests/ui/render";
import { ParentPhoneModal } from "./ParentPhoneModal";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ParentPhoneModal", () => {
  it("needs 8 digits starting 2, 4, 5 or 9, then saves the phone and calls onSaved", async () => {
    const calls: Array<{ url: string; method: string; body: unknown }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init?: RequestInit) => {
        calls.push({ url: String(input), method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return Response.json({ payload: { hasPhoneParent: true, parentRequest: null } });
      }),
    );
    const onSaved = vi.fn();
    await renderWithProviders(<ParentPhoneModal opened onClose={() => {}} onSaved={onSaved} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText(/Téléphone du parent/);
    await user.type(input, "12345678");
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Le numéro du parent est invalide")).toBeTruthy();
    expect(calls).toEqual([]);
    await user.clear(input);
    await user.type(input, "98123456");
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(calls[0]).toMatchObject({ url: "/api/user/add-parent-phone", method: "PUT", body: { phone2: "98123456" } });
  });
});
