import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { CLIENT_TYPE_KEY } from "@/lib/clientType";
import { makeAffiliation, makeMe } from "../../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../../tests/ui/render";
import { makeSubject, stubApi } from "../testData";
import { HomeScreen } from "./HomeScreen";

describe("HomeScreen", () => {
  it("greets the pupil by first name and shows the class", async () => {
    await renderWithProviders(<HomeScreen />, { me: makeMe({ name: "Yasmine" }) });
    expect(screen.getByRole("heading", { level: 1, name: "Bonjour Yasmine" })).toBeTruthy();
    // The only heading with the pupil's name (end-to-end tests find the home page by it).
    expect(screen.getAllByRole("heading", { name: /Yasmine/ })).toHaveLength(1);
    expect(screen.getByTestId("home-panel-class").textContent).toBe("Bac Mathématiques");
    expect(screen.getByTestId("home-name").textContent).toBe("Yasmine Ben Salah");
    expect(screen.getByTestId("home-class").textContent).toBe("Bac Mathématiques");
  });

  it("an operator's subscriber without a name of their own: no « Bonjour Abonné », a prompt to the profile form", async () => {
    await renderWithProviders(<HomeScreen />, { me: makeMe({ name: "Abonné", last_name: "Ooredoo" }) });
    expect(screen.getByRole("heading", { level: 1, name: "Bonjour !" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: /Abonné/ })).toBeNull();
    const prompt = screen.getByTestId("home-name-prompt");
    expect(prompt.textContent).toContain("Comment vous appelez-vous ?");
    expect(screen.getByRole("link", { name: "Compléter mon nom" }).getAttribute("href")).toBe("/mon-profil/edit");
  });

  it("the same prompt in Arabic; with a name, the greeting has it and there is no prompt", async () => {
    const { messages } = await import("../../../locales/ar/messages.po");
    const { unmount } = await renderWithProviders(<HomeScreen />, { me: makeMe({ name: "Abonné", last_name: "Ooredoo" }), locale: "ar", messages });
    expect(screen.getByRole("heading", { level: 1, name: "مرحبًا!" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "إكمال اسمي" }).getAttribute("href")).toBe("/mon-profil/edit");
    unmount();
    await renderWithProviders(<HomeScreen />, { me: makeMe({ name: "Yasmine", last_name: "Ben Salah" }), locale: "ar", messages });
    expect(screen.getByRole("heading", { level: 1, name: /Yasmine/ })).toBeTruthy();
    expect(screen.queryByTestId("home-name-prompt")).toBeNull();
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

  it("mini panel: the points balance to the wallet, free hours only when the pupil has some", async () => {
    const { unmount } = await renderWithProviders(<HomeScreen />, { me: makeMe({ points: 120_000 }) });
    expect(screen.getByTestId("home-points").textContent).toBe("120points");
    expect(screen.getByTestId("home-points-tile").getAttribute("href")).toBe("/porte-monnaie");
    expect(screen.queryByTestId("home-free-hours")).toBeNull();
    unmount();
    await renderWithProviders(<HomeScreen />, { me: makeMe({ freeHours: { total_seconds: 36_000, used_seconds: 9_000 } }) });
    expect(screen.getByTestId("home-free-hours").textContent).toMatch(/7,5\s?h restantes/);
    expect(screen.getByTestId("home-free-hours").textContent).toContain("sur 10 h");
  });

  it("mini panel: the number of subjects and the overall progress, from the subjects list", async () => {
    stubApi({ "/student/subjects": [makeSubject(1, { progress: 50 }), makeSubject(2, { progress: 100 }), makeSubject(3, { progress: 0 })] });
    await renderWithProviders(<HomeScreen />);
    await waitFor(() => expect(screen.getByTestId("home-subjects-count").textContent).toContain("3"));
    expect(screen.getByTestId("home-overall-progress").textContent).toMatch(/50\s?%/);
  });

  it("shows skeletons for every widget while loading", async () => {
    stubApi({
      "/student/pubs-cards": "pending",
      "/student/subjects": "pending",
      "/student/latest-recordings": "pending",
      "/latest-posts": "pending",
      "/student/chapters/free-contents": "pending",
      "/student/chapters/new-contents": "pending",
    });
    await renderWithProviders(<HomeScreen />);
    expect(screen.getByTestId("home-promos-skeleton")).toBeTruthy();
    for (const id of ["home-progress", "home-recordings", "home-forum"]) {
      expect(screen.getByTestId(id).querySelector("[data-testid=widget-skeleton]"), id).toBeTruthy();
    }
    expect(screen.getByTestId("home-free").querySelectorAll(".mantine-Skeleton-root")).toHaveLength(2);
  });

  it("offers the exams shortcut only with the exam permission", async () => {
    const { unmount } = await renderWithProviders(<HomeScreen />);
    expect(screen.queryByRole("link", { name: "Examens" })).toBeNull();
    unmount();
    await renderWithProviders(<HomeScreen />, { me: makeMe({ permissions: { exam: true } }) });
    expect(screen.getByRole("link", { name: "Examens" }).getAttribute("href")).toBe("/exams");
  });
});

describe("Arabic welcome modal", () => {
  it("does not show without the client-type marker", async () => {
    await renderWithProviders(<HomeScreen />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId("welcome-start")).toBeNull();
  });

  it("shows in Arabic (even in French) with the marker; its start button clears it and goes to /offres", async () => {
    sessionStorage.setItem(CLIENT_TYPE_KEY, "ooredoo");
    const { router } = await renderWithProviders(<HomeScreen />);
    const start = await screen.findByRole("button", { name: "ابدأ الآن" }, { timeout: 5000 });
    const dialog = screen.getByRole("dialog");
    expect(dialog.closest("[dir=rtl]")).toBeTruthy();
    expect(dialog.closest("[lang=ar]")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "مرحبا بك في دارسي" })).toBeTruthy();
    fireEvent.click(start);
    expect(sessionStorage.getItem(CLIENT_TYPE_KEY)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe("/offres"));
  });

  it("closing it clears the marker too, so it shows once", async () => {
    sessionStorage.setItem(CLIENT_TYPE_KEY, "digitalvirgo");
    await renderWithProviders(<HomeScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "إغلاق" }, { timeout: 5000 }));
    expect(sessionStorage.getItem(CLIENT_TYPE_KEY)).toBeNull();
    await waitFor(() => expect(screen.queryByRole("button", { name: "ابدأ الآن" })).toBeNull());
  });
});
