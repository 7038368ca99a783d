import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderWithProviders } from "../../tests/ui/render";
import { PersonName, useNameOf } from "./displayName";

// Another account's name as the API sends it (`PersonNameSchema`): null is an operator's subscriber without one.
function Names() {
  const nameOf = useNameOf();
  return (
    <>
      <p data-testid="nameless">
        <PersonName name={null} lastName={null} />
      </p>
      <p data-testid="named">
        <PersonName name="Yasmine" lastName="Ben Salah" />
      </p>
      <p data-testid="text">{nameOf(null)}</p>
    </>
  );
}

const catalog = async (locale: "ar" | "en") => (await import(`../locales/${locale}/messages.po`)).messages;

describe("PersonName and useNameOf", () => {
  it.each([
    ["fr", "Abonné Ooredoo"],
    ["en", "Ooredoo subscriber"],
    ["ar", "مشترك Ooredoo"],
  ] as const)("names a nameless subscriber in the reader's language (%s), the brand isolated and left as written", async (locale, label) => {
    await renderWithProviders(<Names />, { locale, messages: locale === "fr" ? {} : await catalog(locale) });
    const nameless = screen.getByTestId("nameless");
    expect(nameless.textContent).toBe(label);
    expect(screen.getByTestId("text").textContent).toBe(label);
    const outer = nameless.querySelector(":scope > bdi")!;
    // Our words (checked by the language check), not a person's: no data-authored; the brand alone is not translated.
    expect(outer.hasAttribute("data-authored")).toBe(false);
    const brand = outer.querySelector("bdi")!;
    expect([brand.textContent, brand.getAttribute("translate")]).toEqual(["Ooredoo", "no"]);
  });

  it("shows a person's own name as written, isolated and marked as theirs", async () => {
    await renderWithProviders(<Names />, { locale: "ar", messages: await catalog("ar") });
    const bdi = screen.getByTestId("named").querySelector("bdi")!;
    expect(bdi.textContent).toBe("Yasmine Ben Salah");
    expect(bdi.hasAttribute("data-authored")).toBe(true);
    expect(bdi.getAttribute("translate")).toBe("no");
  });
});
