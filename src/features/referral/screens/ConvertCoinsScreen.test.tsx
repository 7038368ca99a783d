import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeMe } from "../../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../../tests/ui/render";
import { stubReferralApi } from "../testApi";
import { ConvertCoinsScreen } from "./ConvertCoinsScreen";

const pupil = (tokens: number) =>
  makeMe({
    gift_point: tokens,
    gift_code: "CP-YASMINE",
    permissions: { eligibleUserForGift: true },
  });
const converted = (tokens: number) => ({
  status: 201,
  body: {
    payload: {
      id: 3,
      tokens,
      points: tokens * 1000,
      gift_point: 40 - tokens,
      balance: 50_000,
    },
  },
});

async function enter(value: string) {
  const user = userEvent.setup();
  const input = screen.getByLabelText(/Nombre de jetons à convertir/);
  await user.clear(input);
  if (value) await user.type(input, value);
  fireEvent.click(screen.getByTestId("convert-submit"));
}

const fieldError = () =>
  screen
    .getByLabelText(/Nombre de jetons à convertir/)
    .getAttribute("aria-describedby");

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ConvertCoinsScreen", () => {
  it("takes digits only, at least 5, no more than the pupil holds — without calling the server", async () => {
    const calls = stubReferralApi();
    await renderWithProviders(<ConvertCoinsScreen />, {
      path: "/convert-coins",
      me: pupil(40),
    });
    for (const [value, message] of [
      ["", "Saisissez un nombre de jetons (chiffres uniquement)"],
      ["1.5", "Saisissez un nombre de jetons (chiffres uniquement)"],
      ["-7", "Saisissez un nombre de jetons (chiffres uniquement)"],
      ["4", "Convertissez au moins 5 jetons"],
      ["41", "Vous n'avez pas assez de jetons pour convertir"],
    ] as const) {
      await enter(value);
      expect(await screen.findByText(message)).toBeTruthy();
      expect(fieldError()).toBeTruthy();
      expect(screen.queryByTestId("convert-preview")).toBeNull();
    }
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("says so up front when the pupil holds fewer than 5 tokens", async () => {
    stubReferralApi();
    await renderWithProviders(<ConvertCoinsScreen />, {
      path: "/convert-coins",
      me: pupil(3),
    });
    expect(screen.getByTestId("convert-not-enough").textContent).toBe(
      "Vous n'avez pas assez de jetons pour convertir",
    );
  });

  it("previews round(tokens ÷ rate) points, then converts once with one Idempotency-Key and refreshes the pupil and the wallet", async () => {
    const calls = stubReferralApi({ convert: [converted(12)] });
    const { queryClient } = await renderWithProviders(<ConvertCoinsScreen />, {
      path: "/convert-coins",
      me: pupil(40),
    });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await enter("12");
    const preview = await screen.findByTestId("convert-preview");
    expect(preview.textContent).toContain(
      "Vous allez convertir 12 jetons en 12 points.",
    );
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    fireEvent.click(screen.getByTestId("convert-confirm"));
    await waitFor(() =>
      expect(screen.queryByTestId("convert-preview")).toBeNull(),
    );
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url.pathname).toBe(
      "/api/student/gift-requests/convert-gift-point",
    );
    expect(posts[0]!.body).toEqual({ giftPoint: 12 });
    expect(posts[0]!.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["me"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["wallet"] });
  });

  it("sends the same key again after a lost answer, and shows the server's refusal on the field", async () => {
    const calls = stubReferralApi({
      convert: [
        "network",
        {
          status: 402,
          body: { message: "tokens", code: "tokens_insufficient" },
        },
      ],
    });
    await renderWithProviders(<ConvertCoinsScreen />, {
      path: "/convert-coins",
      me: pupil(40),
    });
    await enter("5");
    fireEvent.click(await screen.findByTestId("convert-confirm"));
    // The retry of a lost answer waits a second (TanStack Query's backoff).
    expect(
      await screen.findByText(
        "Vous n'avez pas assez de jetons pour convertir",
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    const keys = calls
      .filter((c) => c.method === "POST")
      .map((c) => c.headers["Idempotency-Key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("cancels to /gift-code", async () => {
    stubReferralApi();
    await renderWithProviders(<ConvertCoinsScreen />, {
      path: "/convert-coins",
      me: pupil(40),
    });
    expect(
      screen.getByRole("link", { name: "Annuler" }).getAttribute("href"),
    ).toBe("/gift-code");
  });

  it("shows the fallback to a pupil who is not eligible", async () => {
    stubReferralApi();
    await renderWithProviders(<ConvertCoinsScreen />, {
      path: "/convert-coins",
      me: makeMe({ gift_point: 40 }),
    });
    expect(screen.getByTestId("referral-fallback")).toBeTruthy();
    expect(screen.queryByTestId("convert-input")).toBeNull();
  });
});
