import { afterEach, describe, expect, it, vi } from "vitest";
import { waitFor } from "@testing-library/react";
import { renderWithProviders } from "../../../../tests/ui/render";
import { rememberPaymentOrigin } from "../search";
import { PaymentReturnScreen } from "./PaymentReturnScreen";

const ORDER = "0123456789abcdef0123456789abcde";

function answer(respond: () => Response | Promise<Response>) {
  const calls: Array<{ url: URL; method: string; key: string | undefined }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      calls.push({ url: new URL(String(input), "http://localhost"), method: init.method ?? "GET", key: (init.headers as Record<string, string>)["Idempotency-Key"] });
      return respond();
    }),
  );
  return calls;
}

const status = (s: string) => () => Response.json({ payload: { id: 7, status: s, amount: 15_000, payment_method: "online" } });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("PaymentReturnScreen", () => {
  it("confirms the order with the server, then goes to /offres (the default of SPEC §4)", async () => {
    const calls = answer(status("approved"));
    const onDone = vi.fn();
    await renderWithProviders(<PaymentReturnScreen which="success" orderId={`${ORDER}1`} onDone={onDone} />);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ to: "/offres", search: { payment: "success" } }));
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.url.pathname).toBe("/api/payment/success");
    expect(calls[0]!.url.searchParams.get("orderId")).toBe(`${ORDER}1`);
    expect(calls[0]!.url.searchParams.get("lang")).toBe("fr");
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("back to the wallet when the top-up was started there", async () => {
    answer(status("approved"));
    rememberPaymentOrigin("wallet");
    const onDone = vi.fn();
    await renderWithProviders(<PaymentReturnScreen which="success" orderId={`${ORDER}2`} onDone={onDone} />);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ to: "/porte-monnaie", search: { payment: "success" } }));
  });

  it("echec: the server's answer 'failed' goes to the wallet with the failure", async () => {
    const calls = answer(status("failed"));
    const onDone = vi.fn();
    await renderWithProviders(<PaymentReturnScreen which="echec" orderId={`${ORDER}3`} onDone={onDone} />);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ to: "/porte-monnaie", search: { payment: "failed" } }));
    expect(calls[0]!.url.pathname).toBe("/api/payment/echec");
  });

  it("an unknown order is a failure; a network error is not (the payment may have gone through)", async () => {
    answer(() => Response.json({ message: "Unknown payment order", code: "payment_not_found" }, { status: 404 }));
    const onFail = vi.fn();
    await renderWithProviders(<PaymentReturnScreen which="success" orderId={`${ORDER}4`} onDone={onFail} />);
    await waitFor(() => expect(onFail).toHaveBeenCalledWith({ to: "/porte-monnaie", search: { payment: "failed" } }));
    vi.unstubAllGlobals();
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const onUnknown = vi.fn();
    await renderWithProviders(<PaymentReturnScreen which="success" orderId={`${ORDER}5`} onDone={onUnknown} />);
    await waitFor(() => expect(onUnknown).toHaveBeenCalledWith({ to: "/porte-monnaie", search: { payment: "pending" } }));
  });
});
