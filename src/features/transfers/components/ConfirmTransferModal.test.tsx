import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TransferDto } from "@domain/schemas/transfers";
import { meKey } from "@/lib/me";
import { renderWithProviders } from "../../../../tests/ui/render";
import { ConfirmTransferModal } from "./ConfirmTransferModal";

const transfer: TransferDto = {
  id: 7,
  from_user: { id: 1, name: "Yasmine Trabelsi" },
  sender: { id: 1, name: "Yasmine Trabelsi" },
  to_user: { id: 2, name: "Karim Ben Salah" },
  receiver: { id: 2, name: "Karim Ben Salah" },
  points: 25_000,
  updated_at: "2026-11-24T08:00:00.000Z",
  created_at: "2026-11-24T08:00:00.000Z",
  status: "pending",
  is_confirmed: false,
  direction: "sent",
};

function stubApi(answers: Array<{ status: number; body: unknown }>) {
  const calls: Array<{ url: string; method: string; key: string | undefined; body?: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ url: String(input), method: init?.method ?? "GET", key: headers["Idempotency-Key"], ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
      const answer = answers.shift() ?? { status: 500, body: {} };
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function typeCode(code: string) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText("Chiffre 1 du code"));
  await user.keyboard(code);
}

describe("ConfirmTransferModal", () => {
  it("says what is confirmed, needs the code, and shows the server's code errors translated", async () => {
    const calls = stubApi([{ status: 422, body: { code: "code_invalid", message: "x", errors: { confirmationToken: ["code_invalid"] } } }]);
    await renderWithProviders(<ConfirmTransferModal transfer={transfer} onClose={() => {}} onDone={() => {}} />);
    expect(screen.getByTestId("confirm-transfer-modal").textContent).toContain("Karim Ben Salah");
    fireEvent.click(screen.getByRole("button", { name: "Confirmer" }));
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(calls).toEqual([]);
    await typeCode("123456");
    fireEvent.click(screen.getByRole("button", { name: "Confirmer" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    // The code travels in the body, never in the URL (proxies' access logs, the browser's history).
    expect(calls[0]!.url).toBe("/api/student/confirm-transfer-points");
    expect(calls[0]!.body).toEqual({ confirmationToken: "123456", transfer: 7 });
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await screen.findByRole("alert")).textContent).toMatch(/code/i);
  });

  it("confirms, refreshes the balance, and closes with a success toast", async () => {
    stubApi([{ status: 200, body: { payload: { ...transfer, status: "confirmed", is_confirmed: true } } }]);
    const onDone = vi.fn();
    const { queryClient } = await renderWithProviders(<ConfirmTransferModal transfer={transfer} onClose={() => {}} onDone={onDone} />);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await typeCode("654321");
    fireEvent.click(screen.getByRole("button", { name: "Confirmer" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: meKey });
    expect(await screen.findByText(/Transfert effectué/)).toBeTruthy();
  });

  it("sends the code again on request", async () => {
    const calls = stubApi([{ status: 200, body: { payload: { sent: true } } }]);
    await renderWithProviders(<ConfirmTransferModal transfer={transfer} onClose={() => {}} onDone={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Renvoyer le code" }));
    await waitFor(() => expect(calls).toEqual([{ url: "/api/student/confirm-transfer-points/7", method: "GET", key: undefined }]));
    expect(await screen.findByText("Un nouveau code vous a été envoyé")).toBeTruthy();
  });
});
