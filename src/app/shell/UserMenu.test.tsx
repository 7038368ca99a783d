import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeMe, testConfig } from "../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../tests/ui/render";
import { tunisMonth } from "@/lib/dataUsage";
import { UserMenu, userMenuPanel } from "./UserMenu";

const signOut = vi.hoisted(() => vi.fn<(qc: unknown, registrationUrl: string) => Promise<string>>());
vi.mock("@/features/auth/session", () => ({ signOut }));

// Compile the menu's module once, so the first lazy load in a test takes the time of a cached chunk, not of
// Vitest transforming Mantine's Menu (the load itself still happens on first use, in each test).
beforeAll(async () => {
  await import("./UserMenuPanel");
  await import("../lite/LiteMenuSection");
}, 30_000);

async function openMenu() {
  await userEvent.click(screen.getByTestId("user-menu"));
  return screen.findByRole("menu");
}

describe("UserMenu", () => {
  beforeEach(() => signOut.mockReset());

  it("lists the pupil's pages, and the terms of use in a new tab", async () => {
    await renderWithProviders(<UserMenu />);
    await openMenu();
    await screen.findByTestId("lite-badge");
    const items = screen.getAllByRole("menuitem").map((el) => el.textContent?.replace("(nouvel onglet)", "").trim());
    // The lite mode's three-way switch (LiteMenuSection) comes before "Déconnecter".
    expect(items).toEqual(["Mon profil", "Liste de favoris", "Mes rapports", "Historique", "Conditions d'utilisation", "Automatique", "Activé", "Désactivé", "Déconnecter"]);
    expect(screen.getByRole("menuitem", { name: "Mon profil" }).getAttribute("href")).toBe("/mon-profil");
    expect(screen.getByRole("menuitem", { name: "Liste de favoris" }).getAttribute("href")).toBe("/liste-de-favoris");
    expect(screen.getByRole("menuitem", { name: "Mes rapports" }).getAttribute("href")).toBe("/reports");
    expect(screen.getByRole("menuitem", { name: "Historique" }).getAttribute("href")).toBe("/historique");
    const terms = screen.getByRole("menuitem", { name: /Conditions d'utilisation/ });
    expect(terms.getAttribute("href")).toBe(testConfig.termsUrl);
    expect(terms.getAttribute("target")).toBe("_blank");
    expect(terms.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("switches lite mode on for this device, stays open, and shows the month's data", async () => {
    localStorage.removeItem("darsi_lite");
    localStorage.setItem("darsi_data_usage", JSON.stringify({ month: tunisMonth(new Date()), bytes: 3_400_000 }));
    await renderWithProviders(<UserMenu />);
    await openMenu();
    expect((await screen.findByTestId("lite-badge")).textContent).toBe("Désactivé");
    expect(screen.getByTestId("lite-auto").getAttribute("aria-current")).toBe("true");
    await userEvent.click(screen.getByRole("menuitem", { name: "Activé" }));
    expect(screen.getByRole("menu")).toBeTruthy();
    expect(screen.getByTestId("lite-badge").textContent).toBe("Activé");
    expect(screen.getByTestId("lite-on").getAttribute("aria-current")).toBe("true");
    expect(localStorage.getItem("darsi_lite")).toBe("on");
    expect(screen.getByTestId("data-used").textContent).toMatch(/3,4\sMo/);
    await userEvent.click(screen.getByRole("menuitem", { name: "Automatique" }));
    expect(localStorage.getItem("darsi_lite")).toBeNull();
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

  describe("loaded on first use", () => {
    beforeEach(() => userMenuPanel.reset());

    it("draws the trigger at once, as a closed menu button with the pending-request dot", async () => {
      await renderWithProviders(<UserMenu />, { me: makeMe({ name: "Yasmine", last_name: "Ben Salah", hasParent: true, hasParentRequest: true }) });
      const trigger = screen.getByRole("button", { name: "Yasmine Ben Salah, menu du compte" });
      expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
      expect(trigger.getAttribute("aria-expanded")).toBe("false");
      expect(trigger.querySelector(".mantine-Indicator-indicator")).toBeTruthy();
      expect(screen.queryByRole("menu")).toBeNull();
    });

    it("has no dot without a pending request", async () => {
      await renderWithProviders(<UserMenu />, { me: makeMe({ hasParent: true, hasParentRequest: false }) });
      expect(screen.getByTestId("user-menu").querySelector(".mantine-Indicator-indicator")).toBeNull();
    });

    it("opens on the very first click, the one that loads it", async () => {
      await renderWithProviders(<UserMenu />);
      const before = screen.getByTestId("user-menu");
      // One click, no hover before it (as a tap on a phone): the menu's code is not there yet.
      before.click();
      expect(await screen.findByRole("menu")).toBeTruthy();
      const trigger = screen.getByTestId("user-menu");
      expect(trigger.getAttribute("aria-expanded")).toBe("true");
      // The menu's own trigger looks like the one drawn before it loaded.
      expect(trigger.className).toBe(before.className);
      expect(trigger.innerHTML).toBe(before.innerHTML);
      expect(screen.getAllByRole("menuitem")[0]?.textContent).toBe("Mon profil");
    });

    it("opens from the keyboard, and gives the focus back to its trigger on Escape", async () => {
      await renderWithProviders(<UserMenu />);
      const user = userEvent.setup();
      await user.tab();
      expect(document.activeElement).toBe(screen.getByTestId("user-menu"));
      await user.keyboard("{Enter}");
      expect(await screen.findByRole("menu")).toBeTruthy();
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("user-menu")));
      expect(screen.getByTestId("user-menu").getAttribute("aria-expanded")).toBe("false");
    });
  });
});
