import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { makeMe } from "../../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../../tests/ui/render";
import { referralUrl } from "../components/ShareCode";
import type { ReferralPageSearch } from "../search";
import { makeUse, stubReferralApi } from "../testApi";
import { GenerateGiftCodeScreen } from "./GenerateGiftCodeScreen";
import { GiftCodeScreen } from "./GiftCodeScreen";

const eligible = (over: Parameters<typeof makeMe>[0] = {}) =>
  makeMe({
    gift_point: 40,
    ...over,
    permissions: { eligibleUserForGift: true },
  });

function Harness() {
  const [search, setSearch] = useState<ReferralPageSearch>({
    page: 1,
    perPage: 10,
  });
  return <GiftCodeScreen {...search} onChange={setSearch} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("referral pages: who sees what", () => {
  it("shows the fallback to a pupil who is not eligible, on the code's page and on the generation page, and asks nothing", async () => {
    const calls = stubReferralApi();
    const { unmount } = await renderWithProviders(<Harness />, {
      path: "/gift-code",
      me: makeMe({ gift_code: "CP-YASMINE" }),
    });
    expect(screen.getByTestId("referral-fallback")).toBeTruthy();
    expect(screen.queryByTestId("gift-code")).toBeNull();
    unmount();
    await renderWithProviders(<GenerateGiftCodeScreen />, {
      path: "/generate-gift-code",
      me: makeMe(),
    });
    expect(screen.getByTestId("referral-fallback")).toBeTruthy();
    expect(screen.queryByTestId("generate-gift-code")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("sends an eligible pupil without a code from /gift-code to /generate-gift-code", async () => {
    stubReferralApi();
    const { router } = await renderWithProviders(<Harness />, {
      path: "/gift-code",
      me: eligible(),
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/generate-gift-code"),
    );
  });

  it("sends an eligible pupil with a code from /generate-gift-code to /gift-code", async () => {
    stubReferralApi();
    const { router } = await renderWithProviders(<GenerateGiftCodeScreen />, {
      path: "/generate-gift-code",
      me: eligible({ gift_code: "CP-YASMINE" }),
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/gift-code"),
    );
  });

  it("generates the code once on the button, refreshes the pupil and opens /gift-code", async () => {
    const calls = stubReferralApi();
    const { router, queryClient } = await renderWithProviders(
      <GenerateGiftCodeScreen />,
      { path: "/generate-gift-code", me: eligible() },
    );
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    screen.getByTestId("generate-gift-code").click();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/gift-code"),
    );
    expect(
      calls.filter((c) => c.url.pathname === "/api/student/generate-gift-code"),
    ).toHaveLength(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["me"] });
  });
});

describe("GiftCodeScreen", () => {
  it("shows the code, what the friend and the pupil get, the tokens, and links to convert and to the gifts", async () => {
    stubReferralApi({ uses: [makeUse(1)] });
    await renderWithProviders(<Harness />, {
      path: "/gift-code",
      me: eligible({ gift_code: "CP-YASMINE" }),
    });
    expect(screen.getByTestId("gift-code").textContent).toBe("CP-YASMINE");
    const perks = screen.getByTestId("gift-perks").textContent ?? "";
    expect(perks).toContain("5 % de réduction sur la première tranche");
    expect(perks).toContain("5 % du prix en points");
    expect(perks).toContain("1 jeton par tranche de 10 DT");
    expect(screen.getByTestId("gift-code-balance").textContent).toBe(
      "Vous avez 40 jetons.",
    );
    expect(
      screen
        .getByRole("link", { name: /Convertir mes jetons/ })
        .getAttribute("href"),
    ).toBe("/convert-coins");
    expect(
      screen
        .getByRole("link", { name: /Voir les cadeaux/ })
        .getAttribute("href"),
    ).toBe("/parrain/products");
    const table = await screen.findByTestId("gift-uses-table");
    expect(within(table).getByText("Karim Ben Salah 1")).toBeTruthy();
  });

  it("offers a link carrying ?referral= where the browser cannot share, and the share sheet where it can", async () => {
    stubReferralApi();
    const { unmount } = await renderWithProviders(<Harness />, {
      path: "/gift-code",
      me: eligible({ gift_code: "CP-YASMINE" }),
    });
    const link = screen.getByTestId("gift-code-link");
    expect(within(link).getByRole("link").getAttribute("href")).toBe(
      referralUrl("CP-YASMINE"),
    );
    expect(referralUrl("CP-YASMINE", "https://darsi.tn")).toBe(
      "https://darsi.tn/?referral=CP-YASMINE",
    );
    expect(screen.queryByTestId("gift-code-share")).toBeNull();
    unmount();

    const share = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, share });
    await renderWithProviders(<Harness />, {
      path: "/gift-code",
      me: eligible({ gift_code: "CP-YASMINE" }),
    });
    screen.getByTestId("gift-code-share").click();
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]).toEqual([
      expect.objectContaining({ url: referralUrl("CP-YASMINE") }),
    ]);
    expect(screen.queryByTestId("gift-code-link")).toBeNull();
  });

  it("says 'pas d historique' when the code was never used", async () => {
    stubReferralApi({ uses: [] });
    await renderWithProviders(<Harness />, {
      path: "/gift-code",
      me: eligible({ gift_code: "CP-YASMINE" }),
    });
    expect((await screen.findByTestId("gift-uses-empty")).textContent).toBe(
      "pas d historique",
    );
  });
});
