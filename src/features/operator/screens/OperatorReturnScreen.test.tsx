import { afterEach, describe, expect, it, vi } from "vitest";
import { waitFor } from "@testing-library/react";
import type { OperatorActivationDto } from "@domain/operator";
import { renderWithProviders } from "../../../../tests/ui/render";
import { CLIENT_TYPE_KEY } from "@/lib/clientType";
import { screen } from "@testing-library/react";
import { OperatorFailureScreen, OperatorSuccessScreen } from "./OperatorReturnScreen";

const QUERY = { orderId: "dv_1", status: "confirmed", tx: "t", ts: "1", sig: "s" };
const ACTIVATION: OperatorActivationDto = {
  orderId: "dv_1",
  status: "active",
  recurrence: 7,
  price: 17_250,
  renews_at: "2026-12-01T10:00:00.000Z",
  end_date: "2026-12-01",
  newAccount: true,
};

/** `GET /digitalvirgo/success` answered with `payload`; the URLs asked are returned. */
function answer(payload: OperatorActivationDto) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      urls.push(String(input));
      return Response.json({ payload });
    }),
  );
  return urls;
}

async function render(signedIn: boolean) {
  const calls = { signedIn: vi.fn(), done: vi.fn(), login: vi.fn() };
  await renderWithProviders(<OperatorSuccessScreen query={QUERY} signedIn={signedIn} onSignedIn={calls.signedIn} onDone={calls.done} onLogin={calls.login} />);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("OperatorSuccessScreen", () => {
  it("the first use of the link signs the new subscriber in and goes home", async () => {
    const urls = answer({ ...ACTIVATION, token: "jwt", expires_at: "2026-12-24T10:00:00.000Z", user_type: "student" });
    const calls = await render(false);
    await waitFor(() => expect(calls.done).toHaveBeenCalledOnce());
    expect(calls.signedIn).toHaveBeenCalledWith("jwt", "2026-12-24T10:00:00.000Z");
    expect(calls.login).not.toHaveBeenCalled();
    // The home greets the operator's new subscriber once with the welcome dialog.
    expect(sessionStorage.getItem(CLIENT_TYPE_KEY)).toBe("digitalvirgo");
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain("checkFromFront=1");
  });

  it("a link the server answers without a session (used before) goes to /login", async () => {
    answer(ACTIVATION);
    const calls = await render(false);
    await waitFor(() => expect(calls.login).toHaveBeenCalledOnce());
    expect(calls.signedIn).not.toHaveBeenCalled();
    expect(calls.done).not.toHaveBeenCalled();
  });

  it("a pupil who subscribed from their account keeps their session and goes home", async () => {
    answer({ ...ACTIVATION, newAccount: false });
    const calls = await render(true);
    await waitFor(() => expect(calls.done).toHaveBeenCalledOnce());
    expect(calls.login).not.toHaveBeenCalled();
  });
});

describe("OperatorFailureScreen", () => {
  function answerFailure() {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ payload: { orderId: "dv_1", status: "failed" } })));
  }

  it("a subscription the pupil cancelled on the operator's page says so, not a payment error (French)", async () => {
    answerFailure();
    await renderWithProviders(<OperatorFailureScreen query={{ ...QUERY, status: "cancelled" }} />);
    expect(screen.getByRole("heading", { level: 1, name: "Abonnement annulé" })).toBeTruthy();
    expect(screen.getByTestId("operator-cancelled").textContent).toContain("Aucun montant n'a été débité");
    expect(screen.queryByTestId("operator-echec")).toBeNull();
    expect(screen.queryByText("Erreur de paiement")).toBeNull();
  });

  it("in Arabic too", async () => {
    answerFailure();
    const { messages } = await import("../../../locales/ar/messages.po");
    await renderWithProviders(<OperatorFailureScreen query={{ ...QUERY, status: "cancelled" }} />, { locale: "ar", messages });
    expect(screen.getByRole("heading", { level: 1, name: "تم إلغاء الاشتراك" })).toBeTruthy();
    expect(screen.getByTestId("operator-cancelled").textContent).toMatch(/لم يتم خصم أي مبلغ/);
  });

  it("a refused payment is still a payment error", async () => {
    answerFailure();
    await renderWithProviders(<OperatorFailureScreen query={{ ...QUERY, status: "failed" }} />);
    expect(screen.getByRole("heading", { level: 1, name: "Une erreur est survenue" })).toBeTruthy();
    expect(screen.getByTestId("operator-echec")).toBeTruthy();
  });
});
