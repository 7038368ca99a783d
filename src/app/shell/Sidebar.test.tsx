import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeAffiliation, makeMe, testConfig } from "../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../tests/ui/render";
import { Sidebar } from "./Sidebar";

const nav = () => screen.getByTestId("sidebar");

describe("Sidebar", () => {
  it("shows the entries every pupil has, in order, with the points balance", async () => {
    await renderWithProviders(<Sidebar />, { me: makeMe({ points: 120_000 }) });
    const labels = Array.from(nav().querySelectorAll("a, button")).map((el) => el.textContent?.replace("(nouvel onglet)", "").trim());
    expect(labels).toEqual(["Accueil", "Mon profil", "Offres", "Matières", "En direct", "Le forum", "Porte monnaie 120 points", "Assistance"]);
    expect(screen.getByTestId("nav-points")).toHaveProperty("textContent", "120 points");
    expect(screen.getByTestId("nav-wallet").getAttribute("href")).toBe("/porte-monnaie");
  });

  it("highlights the current entry", async () => {
    await renderWithProviders(<Sidebar />, { path: "/subjects/maths/details" });
    expect(screen.getByTestId("nav-subjects").getAttribute("aria-current")).toBe("page");
    expect(screen.getByTestId("nav-subjects").hasAttribute("data-active")).toBe(true);
    expect(screen.getByTestId("nav-home").getAttribute("aria-current")).toBeNull();
  });

  it("shows Examens only with the exam permission", async () => {
    const { unmount } = await renderWithProviders(<Sidebar />, { me: makeMe() });
    expect(screen.queryByTestId("nav-exams")).toBeNull();
    unmount();
    await renderWithProviders(<Sidebar />, { me: makeMe({ permissions: { exam: true } }) });
    expect(screen.getByTestId("nav-exams").getAttribute("href")).toBe("/exams");
    expect(screen.getByTestId("nav-exams").textContent).toBe("Examens");
  });

  it("shows Revenu only for influencers", async () => {
    const { unmount } = await renderWithProviders(<Sidebar />, { me: makeMe() });
    expect(screen.queryByText("Revenu")).toBeNull();
    unmount();
    await renderWithProviders(<Sidebar />, { me: makeMe({ permissions: { influencer: true } }) });
    expect(screen.getByTestId("nav-revenue").getAttribute("href")).toBe("/revenu");
  });

  it("shows Parrain to eligible pupils, towards /generate-gift-code or /gift-code", async () => {
    const first = await renderWithProviders(<Sidebar />, { me: makeMe() });
    expect(screen.queryByText("Parrain")).toBeNull();
    first.unmount();

    const second = await renderWithProviders(<Sidebar />, { me: makeMe({ permissions: { eligibleUserForGift: true }, gift_code: null }) });
    expect(screen.getByTestId("nav-parrain").getAttribute("href")).toBe("/generate-gift-code");
    second.unmount();

    await renderWithProviders(<Sidebar />, { me: makeMe({ permissions: { eligibleUserForGift: true }, gift_code: "CP-YASMINE" }), path: "/parrain/products" });
    expect(screen.getByTestId("nav-parrain").getAttribute("href")).toBe("/gift-code");
    expect(screen.getByTestId("nav-parrain").getAttribute("aria-current")).toBe("page");
  });

  it("links to the forum in a new tab with the forum permission", async () => {
    await renderWithProviders(<Sidebar />, { me: makeMe({ permissions: { forum: true }, affiliations: [makeAffiliation(35)] }) });
    const forum = screen.getByTestId("nav-forum");
    expect(forum.tagName).toBe("A");
    expect(forum.getAttribute("href")).toBe(testConfig.forumUrl);
    expect(forum.getAttribute("target")).toBe("_blank");
    expect(forum.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("explains why the forum is closed: no access without an offer of group 33", async () => {
    await renderWithProviders(<Sidebar />, { me: makeMe({ affiliations: [makeAffiliation(35, { period: "month" })] }) });
    const forum = screen.getByTestId("nav-forum");
    expect(forum.tagName).toBe("BUTTON");
    expect(forum.getAttribute("href")).toBeNull();
    await userEvent.click(forum);
    expect(await screen.findByText("Vous ne pouvez pas accéder au forum")).toBeTruthy();
  });

  it("asks to upgrade when the pupil has an offer of group 33", async () => {
    await renderWithProviders(<Sidebar />, { me: makeMe({ affiliations: [makeAffiliation(33)] }) });
    await userEvent.click(screen.getByTestId("nav-forum"));
    expect(await screen.findByText("Pour profiter du forum veuillez souscrire à Silver+ ou Gold pour toute l année")).toBeTruthy();
  });

  it("becomes an icon rail whose links keep their names", async () => {
    await renderWithProviders(<Sidebar mini />, { me: makeMe({ points: 5_000, permissions: { exam: true } }) });
    expect(screen.getByRole("link", { name: "Examens" }).getAttribute("href")).toBe("/exams");
    expect(screen.getByRole("link", { name: "Porte monnaie · 5 points" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Le forum" })).toBeTruthy();
  });
});
