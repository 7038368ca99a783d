import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { makeAffiliation, makeMe } from "../../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../../tests/ui/render";
import { HomeScreen } from "./HomeScreen";

describe("HomeScreen", () => {
  it("greets the pupil by first name and shows the class", async () => {
    await renderWithProviders(<HomeScreen />, { me: makeMe({ name: "Yasmine" }) });
    expect(screen.getByRole("heading", { level: 1, name: "Bonjour Yasmine" })).toBeTruthy();
    // The only heading with the pupil's name (end-to-end tests find the home page by it).
    expect(screen.getAllByRole("heading", { name: /Yasmine/ })).toHaveLength(1);
    expect(screen.getByTestId("home-name").textContent).toBe("Yasmine Ben Salah");
    expect(screen.getByTestId("home-class").textContent).toBe("Bac Mathématiques");
  });

  it("lists the current offers with their end dates (DD/MM/YYYY)", async () => {
    const gold = makeAffiliation(35, { group: { id: 35, name: "Gold" }, end_date: "2027-06-30" });
    await renderWithProviders(<HomeScreen />, { me: makeMe({ affiliations: [gold] }) });
    const offers = screen.getByTestId("home-offers");
    expect(offers.textContent).toContain("Gold");
    expect(offers.textContent).toContain("Jusqu'au 30/06/2027");
    expect(screen.queryByTestId("home-no-offer")).toBeNull();
  });

  it("says 'Aucune offre' and leads to the offers without any", async () => {
    await renderWithProviders(<HomeScreen />, { me: makeMe({ affiliations: [] }) });
    expect(screen.getByTestId("home-no-offer").textContent).toContain("Aucune offre");
    expect(screen.getByRole("link", { name: "Voir les offres" }).getAttribute("href")).toBe("/offres");
  });

  it("shows the points balance with a link to the wallet", async () => {
    await renderWithProviders(<HomeScreen />, { me: makeMe({ points: 120 }) });
    expect(screen.getByTestId("home-points").textContent).toBe("120points");
    expect(screen.getByRole("link", { name: "Porte monnaie" }).getAttribute("href")).toBe("/porte-monnaie");
  });

  it("offers the exams shortcut only with the exam permission", async () => {
    const { unmount } = await renderWithProviders(<HomeScreen />);
    expect(screen.queryByRole("link", { name: "Examens" })).toBeNull();
    unmount();
    await renderWithProviders(<HomeScreen />, { me: makeMe({ permissions: { exam: true } }) });
    expect(screen.getByRole("link", { name: "Examens" }).getAttribute("href")).toBe("/exams");
  });
});
