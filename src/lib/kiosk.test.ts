import { describe, expect, it } from "vitest";
import { isExternalHref, isMoneyPage } from "./kiosk";

describe("class tablet kiosk", () => {
  it("knows the pages of money, and no other", () => {
    for (const p of ["/offres", "/porte-monnaie", "/parrain/products", "/parrain/confirm-order", "/gift-code", "/generate-gift-code", "/convert-coins", "/revenu", "/payment/success", "/offers/ooredoo"]) {
      expect([p, isMoneyPage(p)]).toEqual([p, true]);
    }
    for (const p of ["/", "/subjects", "/exams/3", "/mon-profil", "/offresx", "/historique", "/assistance"]) expect([p, isMoneyPage(p)]).toEqual([p, false]);
  });

  it("tells links that leave the app from the app's own", () => {
    const origin = "https://app.darsi.tn";
    expect(isExternalHref("https://www.darsi.tn/conditions", origin)).toBe(true);
    expect(isExternalHref("https://www.youtube.com/watch?v=x", origin)).toBe(true);
    expect(isExternalHref("tel:+21673832002", origin)).toBe(true);
    expect(isExternalHref("/subjects", origin)).toBe(false);
    expect(isExternalHref("https://app.darsi.tn/offres", origin)).toBe(false);
  });
});
