import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeMe, testConfig } from "../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../tests/ui/render";
import { UserMenu } from "./UserMenu";

const signOut = vi.hoisted(() => vi.fn<(qc: unknown, registrationUrl: string) => Promise<string>>());
vi.mock("@/features/auth/session", () => ({ signOut }));

async function openMenu() {
  await userEvent.click(screen.getByTestId("user-menu"));
  return screen.findByRole("menu");
}

describe("UserMenu", () => {
  beforeEach(() => signOut.mockReset());

  it("lists the pupil's pages, and the terms of use in a new tab", async () => {
    await renderWithProviders(<UserMenu />);
    await openMenu();
    const items = screen.getAllByRole("menuitem").map((el) => el.textContent?.replace("(nouvel onglet)", "").trim());
    expect(items).toEqual(["Mon profil", "Liste de favoris", "Mes rapports", "Historique", "Conditions d'utilisation", "Déconnecter"]);
    expect(screen.getByRole("menuitem", { name: "Mon profil" }).getAttribute("href")).toBe("/mon-profil");
    expect(screen.getByRole("menuitem", { name: "Liste de favoris" }).getAttribute("href")).toBe("/liste-de-favoris");
    expect(screen.getByRole("menuitem", { name: "Mes rapports" }).getAttribute("href")).toBe("/reports");
    expect(screen.getByRole("menuitem", { name: "Historique" }).getAttribute("href")).toBe("/historique");
    const terms = screen.getByRole("menuitem", { name: /Conditions d'utilisation/ });
    expect(terms.getAttribute("href")).toBe(testConfig.termsUrl);
    expect(terms.getAttribute("target")).toBe("_blank");
    expect(terms.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("shows Demandes parentales only when the pupil has a parent", async () => {
    const { unmount } = await renderWithProviders(<UserMenu />, { me: makeMe({ hasParent: false }) });
    await openMenu();
    expect(screen.queryByTestId("menu-parent-requests")).toBeNull();
    unmount();

    await renderWithProviders(<UserMenu />, { me: makeMe({ hasParent: true, hasParentRequest: false }) });
    await openMenu();
    const item = screen.getByTestId("menu-parent-requests");
    expect(item.getAttribute("href")).toBe("/liste-des-demandes-parentales");
    expect(item.hasAttribute("data-pending")).toBe(false);
    expect(item.textContent).not.toContain("En attente");
  });

  it("highlights Demandes parentales when a request is pending", async () => {
    await renderWithProviders(<UserMenu />, { me: makeMe({ hasParent: true, hasParentRequest: true }) });
    await openMenu();
    const item = screen.getByTestId("menu-parent-requests");
    expect(item.hasAttribute("data-pending")).toBe(true);
    expect(item.textContent).toContain("En attente");
  });

  it("logs out to /login", async () => {
    signOut.mockResolvedValue("/login");
    const { router } = await renderWithProviders(<UserMenu />, { path: "/historique" });
    await openMenu();
    await userEvent.click(screen.getByTestId("logout"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(signOut).toHaveBeenCalledWith(expect.anything(), testConfig.registrationUrl);
  });

  it("leaves for the registration page after an impersonation session", async () => {
    signOut.mockResolvedValue(testConfig.registrationUrl);
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, "location", { configurable: true, value: { ...original, assign } });
    try {
      const { router } = await renderWithProviders(<UserMenu />, { path: "/historique" });
      await openMenu();
      await userEvent.click(screen.getByTestId("logout"));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(testConfig.registrationUrl));
      expect(router.state.location.pathname).toBe("/historique");
    } finally {
      Object.defineProperty(window, "location", { configurable: true, value: original });
    }
  });
});
