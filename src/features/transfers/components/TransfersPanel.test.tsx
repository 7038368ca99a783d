import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { TransferDto } from "@domain/schemas/transfers";
import { renderWithProviders } from "../../../../tests/ui/render";
import { TransfersPanel } from "./TransfersPanel";

const base: Omit<TransferDto, "id" | "status" | "is_confirmed" | "direction"> = {
  from_user: { id: 1, name: "Yasmine Trabelsi" },
  sender: { id: 1, name: "Yasmine Trabelsi" },
  to_user: { id: 2, name: "Karim Ben Salah" },
  receiver: { id: 2, name: "Karim Ben Salah" },
  points: 15_000,
  updated_at: "2026-11-24T08:00:00.000Z",
  created_at: "2026-11-24T08:00:00.000Z",
};

function stubHistory(items: TransferDto[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ payload: items, meta: { current_page: 1, last_page: 1, total: items.length } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("TransfersPanel", () => {
  it("shows the empty state", async () => {
    stubHistory([]);
    await renderWithProviders(<TransfersPanel />);
    expect(await screen.findByTestId("transfers-empty")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Transférer des points" })).toBeTruthy();
  });

  it("labels sent and received rows and their states; only the sender confirms a pending transfer", async () => {
    stubHistory([
      { ...base, id: 4, status: "pending", is_confirmed: false, direction: "sent" },
      { ...base, id: 3, status: "pending", is_confirmed: false, direction: "received" },
      { ...base, id: 2, status: "confirmed", is_confirmed: true, direction: "sent" },
      { ...base, id: 1, status: "confirmed", is_confirmed: true, direction: "received" },
    ]);
    await renderWithProviders(<TransfersPanel />);
    const rows = await screen.findAllByTestId("transfer-row");
    expect(rows.map((r) => within(r).getAllByText(/^(Transfert|Reçu)$/)[0]!.textContent)).toEqual(["Transfert", "Reçu", "Transfert", "Reçu"]);
    expect(within(rows[0]!).getByRole("button", { name: "Confirmer cette action" })).toBeTruthy();
    expect(within(rows[1]!).queryByRole("button")).toBeNull();
    expect(within(rows[1]!).getByText("En attente de confirmation")).toBeTruthy();
    expect(within(rows[2]!).getByText("Action confirmée")).toBeTruthy();
    expect(rows[0]!.textContent).toContain("−15");
    expect(rows[1]!.textContent).toContain("+15");
    expect(rows[0]!.textContent).toContain("À Karim Ben Salah");
    expect(rows[1]!.textContent).toContain("De Yasmine Trabelsi");

    fireEvent.click(within(rows[0]!).getByRole("button", { name: "Confirmer cette action" }));
    expect(await screen.findByTestId("confirm-transfer-modal")).toBeTruthy();
  });

  it("opens the transfer dialog", async () => {
    stubHistory([]);
    await renderWithProviders(<TransfersPanel />);
    fireEvent.click(screen.getByRole("button", { name: "Transférer des points" }));
    expect(await screen.findByLabelText(/Bénéficiaire/)).toBeTruthy();
  });
});
