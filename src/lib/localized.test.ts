import { describe, expect, it } from "vitest";
import { localized } from "./localized";

describe("localized", () => {
  const chapter = { name: "Suites réelles", name_ar: "المتتاليات الحقيقية", name_en: "Real sequences" };

  it("gives the text of the interface's language, French otherwise", () => {
    expect(localized(chapter, "ar")).toBe("المتتاليات الحقيقية");
    expect(localized(chapter, "en")).toBe("Real sequences");
    expect(localized(chapter, "fr")).toBe("Suites réelles");
  });

  it("falls back to French when a translation is missing or empty", () => {
    expect(localized({ name: "Dérivabilité" }, "ar")).toBe("Dérivabilité");
    expect(localized({ name: "Dérivabilité", name_en: null, name_ar: "  " }, "ar")).toBe("Dérivabilité");
  });

  it("reads any field: text, title, body", () => {
    const card = { text: "Passez à Gold", text_ar: "اشترك في Gold", text_en: "Go Gold" };
    expect(localized(card, "en", "text")).toBe("Go Gold");
    const alert = { title: "Bac blanc", title_ar: "باكالوريا تجريبية", body: "En ligne", body_ar: null };
    expect(localized(alert, "ar", "title")).toBe("باكالوريا تجريبية");
    expect(localized(alert, "ar", "body")).toBe("En ligne");
  });
});
