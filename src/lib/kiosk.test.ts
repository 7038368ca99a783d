import { describe, expect, it, vi } from "vitest";
import { holdWindowOpen, isExternalHref, isMoneyPage } from "./kiosk";

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

  it("holds a page another origin a script opens, lets the app's own through, and lets go when released", () => {
    const opened = vi.fn(() => null);
    const before = window.open;
    window.open = opened;
    const held: string[] = [];
    const release = holdWindowOpen((href) => held.push(href));
    expect(window.open("https://meet.example.org/room/42", "_blank", "noopener,noreferrer")).toBeNull();
    expect(held).toEqual(["https://meet.example.org/room/42"]);
    expect(opened).not.toHaveBeenCalled();
    window.open("/sessions", "_blank");
    expect(opened).toHaveBeenCalledWith("/sessions", "_blank", undefined);
    release();
    window.open("https://meet.example.org/room/43");
    expect(held).toHaveLength(1);
    expect(opened).toHaveBeenCalledTimes(2);
    window.open = before;
  });
});
