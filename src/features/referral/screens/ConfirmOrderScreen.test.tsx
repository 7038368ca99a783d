import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { makeMe } from "../../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../../tests/ui/render";
import { makeCart, makeGift, stubReferralApi } from "../testApi";
import { ConfirmOrderScreen } from "./ConfirmOrderScreen";

const pupil = (tokens: number) =>
  makeMe({
    gift_point: tokens,
    gift_code: "CP-YASMINE",
    permissions: { eligibleUserForGift: true },
    name: "Yasmine",
    last_name: "Ben Salah",
  });

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ConfirmOrderScreen", () => {
  it("sends an empty cart to /parrain/empty-cart and a cart dearer than the tokens to /parrain/no-coins", async () => {
    stubReferralApi({ cart: makeCart([], 40) });
    const empty = await renderWithProviders(<ConfirmOrderScreen />, {
      path: "/parrain/confirm-order",
      me: pupil(40),
    });
    await waitFor(() =>
      expect(empty.router.state.location.pathname).toBe("/parrain/empty-cart"),
    );
    empty.unmount();
    vi.unstubAllGlobals();

    stubReferralApi({ cart: makeCart([makeGift(6)], 40) });
    const dear = await renderWithProviders(<ConfirmOrderScreen />, {
      path: "/parrain/confirm-order",
      me: pupil(40),
    });
    await waitFor(() =>
      expect(dear.router.state.location.pathname).toBe("/parrain/no-coins"),
    );
  });

  it("shows each delivery field's message and sends nothing while the form is wrong", async () => {
    const calls = stubReferralApi({ cart: makeCart([makeGift(1)], 40) });
    await renderWithProviders(<ConfirmOrderScreen />, {
      path: "/parrain/confirm-order",
      me: pupil(40),
    });
    await screen.findByTestId("delivery-form");
    type("delivery-name", "Y");
    type("delivery-phone1", "12345678");
    type("delivery-phone2", "2200");
    type("delivery-email", "pas-un-mail");
    type("delivery-postal", "12");
    fireEvent.click(screen.getByTestId("delivery-submit"));
    expect(
      await screen.findByText("Le nom doit contenir au moins 2 caractères"),
    ).toBeTruthy();
    expect(
      screen.getAllByText(
        "Le numéro doit contenir 8 chiffres et commencer par 2, 4, 5 ou 9",
      ),
    ).toHaveLength(2);
    expect(screen.getByText("Veuillez saisir votre adresse")).toBeTruthy();
    expect(screen.getByText("Le code postal contient 4 chiffres")).toBeTruthy();
    expect(screen.queryByTestId("order-review")).toBeNull();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("places the order once with an Idempotency-Key, the same key again after a lost answer, then opens the order", async () => {
    const order = {
      id: 9,
      amount: 10,
      status: "pending",
      note: null,
      reason: null,
      created_at: "2026-11-27T08:00:00.000Z",
      updated_at: "2026-11-27T08:00:00.000Z",
      items: [],
      delivery: {
        name: "Yasmine Ben Salah",
        phone1: "22000001",
        phone2: null,
        email: "eleve@darsi.tn",
        state: { id: 20, name: "Sousse", name_ar: "سوسة" },
        address: "12 rue de Marseille",
        postal_code: null,
        note: null,
      },
    };
    const calls = stubReferralApi({
      cart: makeCart([makeGift(1)], 40),
      place: [
        "network",
        { status: 201, body: { payload: { order, gift_point: 30 } } },
      ],
    });
    const { router } = await renderWithProviders(<ConfirmOrderScreen />, {
      path: "/parrain/confirm-order",
      me: pupil(40),
    });
    await screen.findByTestId("delivery-form");
    type("delivery-name", "Yasmine Ben Salah");
    type("delivery-phone1", "22000001");
    type("delivery-email", "eleve@darsi.tn");
    type("delivery-address", "12 rue de Marseille");
    // The governorate, as the Select stores it.
    fireEvent.click(screen.getByTestId("delivery-state"));
    fireEvent.click(await screen.findByRole("option", { name: "Sousse" }));
    fireEvent.click(screen.getByTestId("delivery-submit"));
    fireEvent.click(await screen.findByTestId("order-confirm"));
    // The lost answer is retried after the query client's back-off.
    await waitFor(
      () =>
        expect(router.state.location.pathname).toBe(
          "/parrain/purchase-history/9",
        ),
      { timeout: 5000 },
    );
    const posts = calls.filter(
      (c) =>
        c.method === "POST" &&
        c.url.pathname.endsWith("/gift-requests-delivery"),
    );
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]!.headers["Idempotency-Key"]).toBe(
      posts[0]!.headers["Idempotency-Key"],
    );
    expect(posts[0]!.body).toMatchObject({
      name: "Yasmine Ben Salah",
      phone1: "22000001",
      state: 20,
      address: "12 rue de Marseille",
    });
  });
});
