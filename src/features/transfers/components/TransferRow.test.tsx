import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { TransferDto } from "@domain/schemas/transfers";
import { renderWithProviders } from "../../../../tests/ui/render";
import { TransferRow } from "./TransferRow";

// A transfer received from an operator's subscriber who has not given a name: the API names them null.
const received: TransferDto = {
  id: 7,
  from_user: { id: 30, name: null },
  sender: { id: 30, name: null },
  to_user: { id: 2, name: "Karim Ben Salah" },
  receiver: { id: 2, name: "Karim Ben Salah" },
  points: 10_000,
  updated_at: "2026-11-24T08:00:00.000Z",
  created_at: "2026-11-24T08:00:00.000Z",
  status: "confirmed",
  is_confirmed: true,
  direction: "received",
};

describe("TransferRow", () => {
  it("names a nameless sender in Arabic and English, never by the stored French words", async () => {
    const ar = (await import("../../../locales/ar/messages.po")).messages;
    const { unmount } = await renderWithProviders(<TransferRow transfer={received} onConfirm={() => undefined} />, { locale: "ar", messages: ar });
    expect(screen.getByTestId("transfer-row").textContent).toContain("مشترك Ooredoo");
    expect(screen.getByTestId("transfer-row").textContent).not.toContain("Abonné");
    unmount();
    const en = (await import("../../../locales/en/messages.po")).messages;
    await renderWithProviders(<TransferRow transfer={received} onConfirm={() => undefined} />, { locale: "en", messages: en });
    expect(screen.getByTestId("transfer-row").textContent).toContain("From Ooredoo subscriber");
  });

  it("names a sent transfer's receiver as written", async () => {
    await renderWithProviders(<TransferRow transfer={{ ...received, direction: "sent" }} onConfirm={() => undefined} />);
    expect(screen.getByTestId("transfer-row").textContent).toContain("À Karim Ben Salah");
  });
});
