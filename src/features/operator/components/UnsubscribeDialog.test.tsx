import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderWithProviders } from "../../../../tests/ui/render";
import { UnsubscribeDialog } from "./UnsubscribeDialog";

const firstWord = (s: string) => s.trim().split(/\s+/)[0];

describe("Arabic buttons side by side start with different words", () => {
  it("the unsubscribe confirmation: « إلغاء » (Annuler) beside « إنهاء الاشتراك » (Se désabonner)", async () => {
    const { messages } = await import("../../../locales/ar/messages.po");
    await renderWithProviders(<UnsubscribeDialog opened onClose={() => {}} />, { locale: "ar", messages });
    const dialog = await screen.findByRole("dialog");
    const names = within(dialog)
      .getAllByRole("button")
      .map((b) => b.textContent ?? "")
      .filter((n) => n.trim() !== "");
    expect(names).toEqual(["إلغاء", "إنهاء الاشتراك"]);
    expect(new Set(names.map(firstWord)).size).toBe(names.length);
  });

  it("« إلغاء » is the Cancel button of every dialog: no other Arabic text starts with it", () => {
    const po = readFileSync("src/locales/ar/messages.po", "utf8");
    const starting = [...po.matchAll(/msgid "((?:[^"\\]|\\.)*)"\nmsgstr "إلغاء/g)].map((m) => m[1]);
    expect(starting).toEqual(["Annuler"]);
  });
});
