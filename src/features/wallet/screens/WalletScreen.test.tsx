import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { StatementRowDto } from "@domain/wallet";
import { renderWithProviders } from "../../../../tests/ui/render";
import { makeMe } from "../../../../tests/ui/fixtures";
import { isRibValid, BANK_ACCOUNTS } from "../banks";
import type { WalletSearch } from "../search";
import { WalletScreen } from "./WalletScreen";

interface Call {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

function mockApi(history: StatementRowDto[] = []) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      calls.push({ method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: (init.headers ?? {}) as Record<string, string> });
      if (url.pathname === "/api/student/wallet/statement") {
        const kind = url.searchParams.get("kind");
        const rows = kind ? history.filter((r) => r.kind === kind) : history;
        return Response.json({ payload: rows, meta: { current_page: 1, last_page: 1, total: rows.length } });
      }
      if (url.pathname === "/api/student/wallet/balance-months") {
        return Response.json({ payload: [{ month: "2026-10", balance: 0 }, { month: "2026-11", balance: history[0]?.balance ?? 0 }] });
      }
      if (url.pathname === "/api/student/codes") {
        const body = JSON.parse(String(init.body));
        return Response.json({ payload: { id: 41, reference: body.reference, payment_method: body.paymentMethod, amount: body.amount, comment: body.comment, status: "pending", created_at: "2026-11-24T10:00:00.000Z" } }, { status: 201 });
      }
      if (url.pathname === "/api/payment/d17/41") {
        return Response.json({ payload: { id: 41, url: "http://localhost/sandbox/d17/0123456789abcdef0123456789abcdef", amount: 20000, status: "pending" } });
      }
      return Response.json({ message: "not found", code: "not_found" }, { status: 404 });
    }),
  );
  return calls;
}

function Harness({ initial = { page: 1, perPage: 10 } as WalletSearch }) {
  const [search, setSearch] = useState<WalletSearch>(initial);
  return <WalletScreen {...search} onChange={setSearch} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (over: Partial<StatementRowDto>): StatementRowDto => ({
  key: "t1",
  kind: "topup",
  amount: 25_000,
  applied: false,
  balance: 0,
  date: "2026-11-20T09:00:00.000Z",
  status: "pending",
  method: "bank",
  reference: "VIR-1",
  offer: null,
  period: null,
  instalments: null,
  counterpart: null,
  code: null,
  tokens: null,
  days: null,
  billing_period: null,
  ...over,
});

async function openBank() {
  const user = userEvent.setup();
  await user.click(screen.getByTestId("method-bank"));
  const dialog = await screen.findByRole("dialog");
  return { user, dialog };
}

describe("WalletScreen", () => {
  it("shows the balance in points, three bank accounts with valid RIBs, and an empty statement that does not contradict it", async () => {
    mockApi();
    await renderWithProviders(<Harness />, { me: makeMe({ points: 0 }), path: "/porte-monnaie" });
    expect(screen.getByTestId("wallet-balance").textContent).toContain("0");
    expect(screen.getAllByTestId("bank-account")).toHaveLength(3);
    expect(BANK_ACCOUNTS.every((a) => isRibValid(a.rib))).toBe(true);
    expect(await screen.findByTestId("history-empty")).toBeTruthy();
    expect(screen.getByText("Aucun mouvement pour le moment")).toBeTruthy();
    expect(screen.queryByText("Aucun point")).toBeNull();
    expect(screen.getByTestId("method-operator").getAttribute("href")).toBe("/offers/ooredoo");
  });

  it("lists the statement: each movement in a sentence from its kind and parameters, signed amount, balance after, status", async () => {
    mockApi([
      row({ key: "t1", balance: 58_000 }),
      row({ key: "m3", kind: "transfer", amount: 10_000, applied: true, balance: 58_000, status: "approved", method: null, reference: null, counterpart: { name: "Youssef Trabelsi" } }),
      row({
        key: "m2",
        kind: "purchase",
        amount: -52_000,
        applied: true,
        balance: 48_000,
        status: "approved",
        method: null,
        reference: null,
        offer: { id: 33, name: "Silver", name_en: "Silver EN", name_ar: "فضي" },
        period: { start: "2026-11-20", end: "2026-11-21" },
      }),
    ]);
    await renderWithProviders(<Harness />, { me: makeMe({ points: 58_000 }), path: "/porte-monnaie" });
    const rows = await screen.findAllByTestId("statement-row");
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain("Recharge par virement ou versement");
    expect(rows[0]!.textContent).toContain("+25");
    expect(rows[0]!.textContent).toContain("En attente");
    expect(rows[1]!.textContent).toContain("Transfert reçu de Youssef Trabelsi");
    expect(rows[1]!.textContent).toContain("58");
    expect(rows[2]!.textContent).toContain("Achat Silver du 20/11/2026 au 21/11/2026");
    expect(rows[2]!.textContent).toContain("-52");
    expect(within(rows[2]!).getByTestId("statement-balance").textContent).toBe("48");
  });

  it("names a transfer's nameless counterpart (an operator's subscriber) in the reader's language", async () => {
    mockApi([row({ key: "m4", kind: "transfer", amount: 10_000, applied: true, balance: 10_000, status: "approved", method: null, reference: null, counterpart: { name: null } })]);
    const { messages } = await import("../../../locales/en/messages.po");
    await renderWithProviders(<Harness />, { me: makeMe({ points: 10_000 }), path: "/porte-monnaie", locale: "en", messages });
    const [received] = await screen.findAllByTestId("statement-row");
    expect(received!.textContent).toContain("from Ooredoo subscriber");
    expect(received!.textContent).not.toContain("Abonné");
  });

  it("filters by kind; an empty filter says so next to the balance", async () => {
    const calls = mockApi([row({ key: "t1", balance: 58_000 })]);
    await renderWithProviders(<Harness initial={{ page: 1, perPage: 10, kind: "refund" }} />, { me: makeMe({ points: 58_000 }), path: "/porte-monnaie" });
    expect(await screen.findByText("Aucun mouvement de ce type")).toBeTruthy();
    expect(screen.getByTestId("history-empty").textContent).toContain("58");
    expect(calls.some((c) => c.url.pathname === "/api/student/wallet/statement" && c.url.searchParams.get("kind") === "refund")).toBe(true);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId("statement-filter"), "");
    expect(await screen.findAllByTestId("statement-row", {}, { timeout: 5000 })).toHaveLength(1);
  });

  it("validates the top-up form like the server: amount required, whole dinars 1 to 9999, bank reference without spaces", async () => {
    const calls = mockApi();
    await renderWithProviders(<Harness />, { path: "/porte-monnaie" });
    const { user, dialog } = await openBank();
    const submit = within(dialog).getByTestId("topup-submit");
    await user.click(submit);
    expect(within(dialog).getAllByText("Saisissez le montant demandé en dinars (1pt = 1DT)").length).toBeGreaterThanOrEqual(2);
    expect(within(dialog).getByText("Saisissez la référence du virement ou du versement")).toBeTruthy();
    const amount = within(dialog).getByLabelText(/Montant/);
    for (const bad of ["0", "12.5", "-3", "abc", " "]) {
      await user.clear(amount);
      await user.type(amount, bad);
      await user.click(submit);
      expect(amount.getAttribute("aria-invalid"), bad).toBe("true");
    }
    // Four digits at most: 9999 DT is the largest top-up.
    await user.clear(amount);
    await user.type(amount, "10000");
    expect((amount as HTMLInputElement).value).toBe("1000");
    const reference = within(dialog).getByLabelText(/Référence/);
    await user.type(reference, "VIR 123");
    await user.click(submit);
    expect(within(dialog).getByText("La référence ne doit pas contenir d'espaces")).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === "/api/student/codes")).toHaveLength(0);
  });

  it("sends a valid bank top-up in millimes with an Idempotency-Key", async () => {
    const calls = mockApi();
    await renderWithProviders(<Harness />, { path: "/porte-monnaie" });
    const { user, dialog } = await openBank();
    await user.type(within(dialog).getByLabelText(/Montant/), "25");
    await user.type(within(dialog).getByLabelText(/Référence/), "VIR-2026-7");
    await user.type(within(dialog).getByLabelText(/Commentaire/), "Virement BIAT");
    await user.click(within(dialog).getByTestId("topup-submit"));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === "/api/student/codes")).toBe(true));
    const post = calls.find((c) => c.url.pathname === "/api/student/codes")!;
    expect(post.body).toEqual({ amount: 25_000, paymentMethod: "bank", reference: "VIR-2026-7", comment: "Virement BIAT" });
    expect(post.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("D17: shows a scannable QR code of the payment URL", async () => {
    mockApi();
    await renderWithProviders(<Harness />, { path: "/porte-monnaie" });
    const user = userEvent.setup();
    await user.click(screen.getByTestId("method-d17"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText(/Référence/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/Montant/), "20");
    await user.click(within(dialog).getByTestId("topup-submit"));
    const qr = await within(dialog).findByTestId("d17-qr", {}, { timeout: 5000 });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(qr.getAttribute("data-url")).toBe("http://localhost/sandbox/d17/0123456789abcdef0123456789abcdef");
    expect(within(dialog).getByTestId("d17-continue")).toBeTruthy();
  });

  it("with ?missing, says how many points are missing and fills the amount rounded up to the dinar", async () => {
    mockApi();
    await renderWithProviders(<Harness initial={{ page: 1, perPage: 10, missing: 12_300 }} />, { path: "/porte-monnaie?missing=12300" });
    expect(screen.getByTestId("wallet-missing").textContent).toContain("Il vous manque 13 points");
    const { dialog } = await openBank();
    expect((within(dialog).getByLabelText(/Montant/) as HTMLInputElement).value).toBe("13");
  });

  it("after a failed payment: one translated failure message (the alert, no toast repeating it)", async () => {
    mockApi();
    await renderWithProviders(<Harness initial={{ page: 1, perPage: 10, payment: "failed" }} />, { path: "/porte-monnaie" });
    expect(screen.getByTestId("payment-failed").textContent).toContain("Erreur de paiement");
    expect(screen.getByTestId("payment-failed").textContent).toContain("La transaction n'a pas pu aboutir, veuillez réessayer plus tard");
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText("La transaction n'a pas pu aboutir, veuillez réessayer plus tard")).toHaveLength(1);
    expect(screen.queryByText("Payment Error")).toBeNull();
  });

  it("renders the transfers slot under its own heading", async () => {
    mockApi();
    function WithTransfers() {
      const [search, setSearch] = useState<WalletSearch>({ page: 1, perPage: 10 });
      return <WalletScreen {...search} onChange={setSearch} transfers={<p>panneau des transferts</p>} />;
    }
    await renderWithProviders(<WithTransfers />, { path: "/porte-monnaie" });
    const section = screen.getByTestId("wallet-transfers");
    expect(within(section).getByRole("heading", { name: "Transférer des points" })).toBeTruthy();
    expect(within(section).getByText("panneau des transferts")).toBeTruthy();
  });
});
