import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TransferDto } from "@domain/schemas/transfers";
import { renderWithProviders } from "../../../../tests/ui/render";
import { TransferModal } from "./TransferModal";

const transfer: TransferDto = {
  id: 7,
  from_user: { id: 1, name: "Yasmine Trabelsi" },
  sender: { id: 1, name: "Yasmine Trabelsi" },
  to_user: { id: 2, name: "Karim Ben Salah" },
  receiver: { id: 2, name: "Karim Ben Salah" },
  points: 10_000,
  updated_at: "2026-11-24T08:00:00.000Z",
  created_at: "2026-11-24T08:00:00.000Z",
  status: "pending",
  is_confirmed: false,
  direction: "sent",
};

interface Sent {
  body: unknown;
  key: string | undefined;
}

/** A fake API: answers in turn (a thrown error is a network failure). */
function stubApi(answers: Array<{ status: number; body: unknown } | "network">) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_input: string, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      sent.push({ body: JSON.parse(String(init?.body)), key: headers["Idempotency-Key"] });
      const answer = answers.shift() ?? answers[answers.length - 1] ?? { status: 500, body: {} };
      if (answer === "network") throw new TypeError("Failed to fetch");
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fill(toUser: string, points: string) {
  const user = userEvent.setup();
  const who = screen.getByLabelText(/Bénéficiaire/);
  const howMuch = screen.getByLabelText(/Nombre de points/);
  await user.clear(who);
  if (toUser) await user.type(who, toUser);
  await user.clear(howMuch);
  if (points) await user.type(howMuch, points);
  fireEvent.click(screen.getByRole("button", { name: "Continuer" }));
}

describe("TransferModal", () => {
  it("refuses empty fields, amounts outside 10–5000 or not whole, and a beneficiary that is no phone or e-mail, without calling the server", async () => {
    const sent = stubApi([]);
    await renderWithProviders(<TransferModal opened onClose={() => {}} onStarted={() => {}} />);
    await fill("", "");
    expect(await screen.findAllByText("Remplir les champs")).toHaveLength(2);
    for (const points of ["9", "5001", "10.5", "-10", "0", "99999999", "dix"]) {
      await fill("22000002", points);
      expect(await screen.findByText("Veuillez entrer un montant entre 10 et 5000"), points).toBeTruthy();
    }
    await fill("pas un numéro", "10");
    expect(await screen.findByText("Aucun élève avec ce numéro ou cet e-mail")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("sends the points in millimes with one Idempotency-Key, reused when the answer was lost, then hands the transfer on", async () => {
    const sent = stubApi(["network", { status: 201, body: { payload: transfer } }]);
    const onStarted = vi.fn();
    await renderWithProviders(<TransferModal opened onClose={() => {}} onStarted={onStarted} />);
    await fill(" 22000002 ", "10");
    // The mutation retries the lost answer by itself, with the same key.
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(transfer), { timeout: 5000 });
    expect(sent.map((s) => s.body)).toEqual([
      { toUser: "22000002", points: 10_000, admin: null },
      { toUser: "22000002", points: 10_000, admin: null },
    ]);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it("puts the server's refusals on their fields: to oneself, unknown pupil, not enough points", async () => {
    stubApi([
      { status: 422, body: { code: "transfer_to_self", message: "x", errors: { toUser: ["transfer_to_self"] } } },
      { status: 402, body: { code: "insufficient_balance", message: "x" } },
    ]);
    const onStarted = vi.fn();
    await renderWithProviders(<TransferModal opened onClose={() => {}} onStarted={onStarted} />);
    await fill("eleve@darsi.tn", "10");
    expect(await screen.findByText("Vous ne pouvez pas vous transférer des points")).toBeTruthy();
    await fill("22000002", "5000");
    await waitFor(() => expect(screen.getByLabelText(/Nombre de points/).getAttribute("aria-invalid")).toBe("true"));
    expect(onStarted).not.toHaveBeenCalled();
  });
});
