import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { makeMe } from "../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../tests/ui/render";
import { GiftBalanceWidget } from "./GiftBalanceWidget";
import { WalletWidget } from "./WalletWidget";

const POINTS_MESSAGE = "{points, plural, one {point} other {points}}";
const TOKENS_MESSAGE = "{tokens, plural, one {jeton} other {jetons}}";

describe("WalletWidget", () => {
  it.each([
    [1, "1", "point", "one"],
    [5, "5", "points", "few"],
    [120, "120", "points", "many"],
    [3.45, "3,45", "points", "many"],
  ])("labels %i point(s) in French", async (points, shown, word, variant) => {
    await renderWithProviders(<WalletWidget />, { me: makeMe({ points: Math.round(points * 1000) }) });
    const widget = screen.getByTestId("wallet-widget");
    expect(screen.getByTestId("wallet-label").textContent).toBe(word);
    expect(widget.textContent).toContain(`${shown} ${word}`);
    expect(widget.getAttribute("data-variant")).toBe(variant);
    expect(widget.getAttribute("href")).toBe("/porte-monnaie");
    expect(screen.getByRole("link", { name: `Porte monnaie : ${shown} ${word}` })).toBeTruthy();
  });

  it("gives Arabic its own forms through the catalog (1 نقطة, 2 نقطتان, 3–10 نقاط, 11+ نقطة)", async () => {
    const messages = {
      [generateMessageId(POINTS_MESSAGE)]: "{points, plural, zero {نقطة} one {نقطة} two {نقطتان} few {نقاط} many {نقطة} other {نقطة}}",
    };
    for (const [points, word] of [
      [1, "نقطة"],
      [2, "نقطتان"],
      [5, "نقاط"],
      [10, "نقاط"],
      [120, "نقطة"],
    ] as const) {
      const { unmount } = await renderWithProviders(<WalletWidget />, { me: makeMe({ points: points * 1000 }), locale: "ar", messages });
      expect(screen.getByTestId("wallet-label").textContent).toBe(word);
      unmount();
    }
  });

  it("shows no free-hours bar without free hours", async () => {
    await renderWithProviders(<WalletWidget />, { me: makeMe({ points: 3_000 }) });
    expect(screen.queryByTestId("wallet-free-hours")).toBeNull();
  });

  it("shows the free hours used, in hours", async () => {
    await renderWithProviders(<WalletWidget />, { me: makeMe({ freeHours: { total_seconds: 5 * 3600, used_seconds: 5400 } }) });
    expect(screen.getByTestId("wallet-free-hours")).toBeTruthy();
    expect(screen.getByTestId("wallet-widget").textContent).toContain("Heures gratuites : 1,5 h sur 5 h");
  });
});

describe("GiftBalanceWidget", () => {
  it("is only shown to gift-eligible pupils", async () => {
    await renderWithProviders(<GiftBalanceWidget />, { me: makeMe({ gift_point: 40 }) });
    expect(screen.queryByTestId("gift-widget")).toBeNull();
  });

  it.each([
    [0, "jeton"],
    [1, "jeton"],
    [2, "jetons"],
    [11, "jetons"],
  ])("labels %i token(s) in French", async (tokens, word) => {
    await renderWithProviders(<GiftBalanceWidget />, { me: makeMe({ gift_point: tokens, permissions: { eligibleUserForGift: true } }) });
    expect(screen.getByTestId("gift-label").textContent).toBe(word);
    expect(screen.getByTestId("gift-widget").textContent).toContain(`${tokens} ${word}`);
  });

  it("has Arabic forms for 0, 1, 2, 3–10 and more than 10 tokens", async () => {
    const messages = {
      [generateMessageId(TOKENS_MESSAGE)]: "{tokens, plural, zero {جيتون} one {جيتون واحد} two {جيتونان} few {جيتونات} many {جيتونًا} other {جيتون}}",
    };
    const me = (gift_point: number) => makeMe({ gift_point, permissions: { eligibleUserForGift: true } });
    const seen: string[] = [];
    for (const n of [0, 1, 2, 5, 11]) {
      const { unmount } = await renderWithProviders(<GiftBalanceWidget />, { me: me(n), locale: "ar", messages });
      seen.push(screen.getByTestId("gift-label").textContent ?? "");
      unmount();
    }
    expect(seen).toEqual(["جيتون", "جيتون واحد", "جيتونان", "جيتونات", "جيتونًا"]);
  });

  it("leads to the referral page", async () => {
    await renderWithProviders(<GiftBalanceWidget />, { me: makeMe({ permissions: { eligibleUserForGift: true }, gift_code: "CP-1" }) });
    expect(screen.getByTestId("gift-widget").getAttribute("href")).toBe("/gift-code");
  });
});
