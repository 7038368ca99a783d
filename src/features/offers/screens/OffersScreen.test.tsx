import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { tnd } from "@domain/money";
import type { AppliedCodeDto, OfferDto } from "@domain/offers";
import { renderWithProviders } from "../../../../tests/ui/render";
import { makeMe } from "../../../../tests/ui/fixtures";
import { makeOffer, subjectDetail } from "../testData";
import { OffersScreen } from "./OffersScreen";

const GOLD = makeOffer({ id: 1, offer_id: 35, name: "Gold", position: 1, prices: { day: tnd(4), week: tnd(17), month: tnd(69), year: tnd(590) } });
const OPTIMUM = makeOffer({ id: 2, offer_id: 80, name: "Optimum", position: 3, prices: { month: tnd(62), year: tnd(530) } });
const STAGE = makeOffer({ id: 3, offer_id: 102, name: "Stage intensif", position: 4, period_switch: false, prices: { week: tnd(49) } });
const PACK = makeOffer({
  id: 4,
  offer_id: 119,
  name: "Pack révision",
  type: "pack",
  position: 2,
  per_subject: true,
  prices: { week: tnd(24) },
  offer_subject_details: [subjectDetail(1, "Mathématiques", tnd(6)), subjectDetail(2, "Physique", tnd(6)), subjectDetail(3, "Anglais", tnd(6)), subjectDetail(4, "Arabe", tnd(6), true)],
});

interface Backend {
  offers: OfferDto[];
  applied: AppliedCodeDto | null;
  calls: Array<{ method: string; path: string; body: unknown; key: string | null }>;
  addAnswer?: (body: { code: string; offerId: number }) => Response;
  buyAnswer?: () => Response;
}

function mockApi(backend: Backend) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = new Headers(init?.headers);
      backend.calls.push({ method, path: url.pathname, body, key: headers.get("Idempotency-Key") });
      if (url.pathname === "/api/student/offers") return Response.json({ payload: backend.offers });
      if (url.pathname === "/api/student/discount-code" && method === "GET") return Response.json({ payload: backend.applied });
      if (url.pathname === "/api/student/discount-code" && method === "POST") {
        const res = backend.addAnswer?.(body);
        if (res) return res;
        backend.applied = { id: 9, code: body.code, kind: "coupon", type: "percentage", amount: 20, offer_id: body.offerId, division_ids: null, offer_ids: null, periods: null };
        return Response.json({ payload: backend.applied }, { status: 201 });
      }
      if (url.pathname.startsWith("/api/student/discount-code/") && method === "DELETE") {
        backend.applied = null;
        return Response.json({ payload: { removed: true } });
      }
      if (url.pathname === "/api/student/checkout/buy") {
        return (
          backend.buyAnswer?.() ??
          Response.json({ payload: { affiliation: { id: 1, offer_id: 35 }, points: 0, event_id: null } }, { status: 201 })
        );
      }
      return Response.json({ payload: null });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

async function renderScreen(backend: Backend, points = tnd(120)) {
  mockApi(backend);
  const onBought = vi.fn();
  const onNeedPoints = vi.fn();
  const r = await renderWithProviders(
    <OffersScreen paymentSuccess={false} onPaymentResultClose={() => undefined} onBought={onBought} onNeedPoints={onNeedPoints} />,
    { me: makeMe({ points }), path: "/offres" },
  );
  await screen.findByTestId("offers-list");
  return { ...r, onBought, onNeedPoints };
}

const finalPrice = (offerId: number) => screen.getByTestId(`final-price-${offerId}`).textContent;

describe("OffersScreen", () => {
  it("shows the cards by position with the year's price first, and the price of the chosen period", async () => {
    await renderScreen({ offers: [STAGE, OPTIMUM, GOLD, PACK], applied: null, calls: [] });
    const cards = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(cards).toEqual(["Gold", "Pack révision", "Optimum", "Stage intensif"]);
    expect(finalPrice(35)).toBe("590 DT");
    await userEvent.click(within(screen.getByTestId("periods-35")).getByText("Mois"));
    expect(finalPrice(35)).toBe("69 DT");
    // Optimum: no "rest of the year"; one period left, so no switch. Offer 102: no switch either.
    expect(screen.queryByTestId("periods-80")).toBeNull();
    expect(finalPrice(80)).toBe("62 DT");
    expect(screen.queryByTestId("periods-102")).toBeNull();
  });

  it("per-subject pack: owned subjects disabled, the pack discount for all, toggling with Toutes les matières", async () => {
    await renderScreen({ offers: [PACK], applied: null, calls: [] });
    const owned = screen.getByRole("checkbox", { name: /Arabe/ });
    expect((owned as HTMLInputElement).disabled).toBe(true);
    // The three subjects still to buy: 18 DT (not all of the offer's four: no pack discount).
    expect(finalPrice(119)).toBe("18 DT");
    await userEvent.click(screen.getByRole("checkbox", { name: /Physique/ }));
    expect(finalPrice(119)).toBe("12 DT");
    await userEvent.click(screen.getByRole("checkbox", { name: "Toutes les matières" }));
    expect(finalPrice(119)).toBe("18 DT");
    await userEvent.click(screen.getByRole("checkbox", { name: "Toutes les matières" }));
    expect(screen.getByText("Choisissez au moins une matière.")).toBeTruthy();
    expect((screen.getByTestId("buy-119") as HTMLButtonElement).disabled).toBe(true);
  });

  it("coupon field: checks the code first, shows the server's reason under the field, then the code and the new price", async () => {
    const backend: Backend = {
      offers: [GOLD],
      applied: null,
      calls: [],
      addAnswer: (body) =>
        body.code === "EXPIRE10"
          ? Response.json({ message: "expired", code: "discount_expired", errors: { code: ["discount_expired"] } }, { status: 422 })
          : (undefined as unknown as Response),
    };
    await renderScreen(backend);
    const input = screen.getByTestId("coupon-input-35");
    await userEvent.click(screen.getByRole("button", { name: "Appliquer" }));
    expect(await screen.findByText("Code coupon requis")).toBeTruthy();
    await userEvent.type(input, "ab");
    await userEvent.click(screen.getByRole("button", { name: "Appliquer" }));
    expect(await screen.findByText("Le code coupon doit contenir au moins 3 caractères")).toBeTruthy();
    expect(backend.calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, "expire10");
    await userEvent.click(screen.getByRole("button", { name: "Appliquer" }));
    expect(await screen.findByText("Ce code a expiré ou n'est plus actif")).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, "rentree20{Enter}");
    expect(await screen.findByTestId("coupon-applied-35")).toBeTruthy();
    expect(backend.calls.find((c) => c.method === "POST" && (c.body as { code: string }).code === "RENTREE20")?.body).toMatchObject({ offerId: 35, allYear: true, period: "year" });
    // 590 DT − 20 % = 472 DT.
    await waitFor(() => expect(finalPrice(35)).toBe("472 DT"));
    await userEvent.click(screen.getByRole("button", { name: "Retirer le code RENTREE20" }));
    await waitFor(() => expect(finalPrice(35)).toBe("590 DT"));
  });

  it("buys after the confirmation with the price shown and one Idempotency-Key; 402 goes to the wallet with what is missing", async () => {
    const backend: Backend = { offers: [GOLD], applied: null, calls: [] };
    const { onBought } = await renderScreen(backend);
    await userEvent.click(within(screen.getByTestId("periods-35")).getByText("Mois"));
    await userEvent.click(screen.getByTestId("buy-35"));
    const modal = await screen.findByTestId("purchase-confirm");
    expect(within(modal).getByTestId("confirm-price").textContent).toContain("69 DT");
    fireEvent.click(within(modal).getByTestId("confirm-buy"));
    await waitFor(() => expect(onBought).toHaveBeenCalled());
    const buy = backend.calls.find((c) => c.path === "/api/student/checkout/buy")!;
    expect(buy.body).toMatchObject({ offerDivisionDetail: 1, period: "month", subjects: null, amount: tnd(69) });
    expect(buy.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("after a purchase, refreshes what it changed (the pupil, the subjects, the statement) and nothing else", async () => {
    const backend: Backend = { offers: [GOLD], applied: null, calls: [] };
    const { onBought, queryClient } = await renderScreen(backend);
    for (const key of [["subjects", "list"], ["wallet", "history", { page: 1, perPage: 10 }], ["notifications", "unread"], ["profile", "marksheets"]]) {
      queryClient.setQueryData(key, { kept: true });
    }
    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    await userEvent.click(screen.getByTestId("buy-35"));
    fireEvent.click(within(await screen.findByTestId("purchase-confirm")).getByTestId("confirm-buy"));
    await waitFor(() => expect(onBought).toHaveBeenCalled());
    // Mounted queries are fetched again at once (the pupil, the offers); the others are marked out of date.
    const after = backend.calls.slice(backend.calls.findIndex((c) => c.path === "/api/student/checkout/buy"));
    expect(after.map((c) => c.path)).toEqual(expect.arrayContaining(["/api/auth/me", "/api/student/offers"]));
    expect(stale(["subjects", "list"])).toBe(true);
    expect(stale(["wallet", "history", { page: 1, perPage: 10 }])).toBe(true);
    expect(stale(["notifications", "unread"])).toBe(false);
    expect(stale(["profile", "marksheets"])).toBe(false);
  });

  it("402 on purchase: the wallet, with the points missing", async () => {
    const backend: Backend = {
      offers: [GOLD],
      applied: null,
      calls: [],
      buyAnswer: () => Response.json({ message: "no", code: "insufficient_balance" }, { status: 402 }),
    };
    const { onNeedPoints } = await renderScreen(backend, tnd(20));
    await userEvent.click(screen.getByTestId("buy-35"));
    const modal = await screen.findByTestId("purchase-confirm");
    expect(within(modal).getByTestId("confirm-missing").textContent).toContain("570");
    fireEvent.click(within(modal).getByTestId("confirm-buy"));
    await waitFor(() => expect(onNeedPoints).toHaveBeenCalledWith(tnd(570)));
  });

  it("an owned or disabled offer's button is disabled", async () => {
    await renderScreen({ offers: [{ ...GOLD, owned: true }, { ...OPTIMUM, disabled: true }], applied: null, calls: [] });
    expect((screen.getByTestId("buy-35") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("buy-35").textContent).toBe("Déjà acquis");
    expect((screen.getByTestId("buy-80") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("buy-80").textContent).toBe("Indisponible");
  });

  it("?payment=success: the payment result modal", async () => {
    mockApi({ offers: [GOLD], applied: null, calls: [] });
    const onClose = vi.fn();
    await renderWithProviders(<OffersScreen paymentSuccess onPaymentResultClose={onClose} onBought={() => undefined} onNeedPoints={() => undefined} />, { path: "/offres" });
    const dialog = await screen.findByRole("dialog", { name: "Abonnement activé" });
    expect(within(dialog).getByText("Votre abonnement silver a été effectué avec succès")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Continuer" }));
    expect(onClose).toHaveBeenCalled();
  });
  it("a year in instalments: the next instalment's price, several at once, the plan's rest, and no code after the first", async () => {
    const inSlices = makeOffer({ ...GOLD, slices: 3 });
    const backend: Backend = { offers: [inSlices], applied: null, calls: [] };
    const { unmount } = await renderScreen(backend, tnd(1_000));
    // 590 DT in three: 197 + 197 + 196.
    expect(finalPrice(35)).toBe("197 DT");
    expect(screen.getByTestId("slice-info-35").textContent).toMatch(/^Tranche 1 sur 3, accès jusqu'au /);
    await userEvent.selectOptions(screen.getByLabelText("Tranches à payer maintenant"), "3");
    expect(finalPrice(35)).toBe("590 DT");
    await userEvent.selectOptions(screen.getByLabelText("Tranches à payer maintenant"), "2");
    expect(finalPrice(35)).toBe("394 DT");
    await userEvent.click(screen.getByTestId("buy-35"));
    expect(screen.getByTestId("confirm-instalments").textContent).toMatch(/^Tranches 1 à 2 sur 3/);
    await userEvent.click(screen.getByTestId("confirm-buy"));
    await waitFor(() => expect(backend.calls.find((c) => c.path === "/api/student/checkout/buy")?.body).toMatchObject({ period: "year", quantity: 2, amount: tnd(394) }));
    unmount();

    // The first instalment paid: the second one costs its share of the agreed plan, and no code field.
    const paidOnce = makeOffer({ ...GOLD, slices: 3, indexSliceToPay: 2, plan: { total: tnd(590), plan_start: "2026-11-24", paid: 1 } });
    await renderScreen({ offers: [paidOnce], applied: null, calls: [] }, tnd(1_000));
    expect(finalPrice(35)).toBe("197 DT");
    expect(screen.getByTestId("slice-info-35").textContent).toMatch(/^Tranche 2 sur 3/);
    expect(screen.queryByTestId("coupon-input-35")).toBeNull();
    expect(screen.getByTestId("coupon-first-slice-35").textContent).toBeTruthy();
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["1 tranche", "Tout le reste (2 tranches)"]);
  });
});
