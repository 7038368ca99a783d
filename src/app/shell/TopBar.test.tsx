import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeAffiliation, makeMe } from "../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../tests/ui/render";
import { setSession } from "@/lib/session";
import { AdminBanner } from "./AdminBanner";
import { TopBar } from "./TopBar";

const props = { isPhone: false, isDesktop: true, navOpen: true, onToggleNav: () => {}, navId: "nav" };

describe("TopBar", () => {
  it("has a labelled menu toggle that reports its state", async () => {
    const onToggleNav = vi.fn();
    await renderWithProviders(<TopBar {...props} onToggleNav={onToggleNav} />);
    const toggle = screen.getByRole("button", { name: "Réduire le menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.getAttribute("aria-controls")).toBe("nav");
    await userEvent.click(toggle);
    expect(onToggleNav).toHaveBeenCalledOnce();
  });

  it("names the phone drawer's toggle", async () => {
    await renderWithProviders(<TopBar {...props} isPhone navOpen={false} />);
    expect(screen.getByRole("button", { name: "Ouvrir le menu" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("links the logo home; the bell and the messages open their menus (dialogs loaded on first use)", async () => {
    await renderWithProviders(<TopBar {...props} />);
    expect(screen.getByRole("link", { name: "Darsi, accueil" }).getAttribute("href")).toBe("/");
    const bell = screen.getByTestId("notifications-button");
    expect(bell.getAttribute("aria-haspopup")).toBe("dialog");
    expect(bell.getAttribute("aria-label")).toMatch(/^Notifications/);
    expect(screen.getByTestId("messages-button").getAttribute("aria-label")).toMatch(/^Messages/);
  });

  it("searches from the top bar, except for pupils with an offer of group 104", async () => {
    const { unmount } = await renderWithProviders(<TopBar {...props} />);
    expect(screen.getByRole("combobox", { name: "Rechercher" }).getAttribute("readonly")).toBeNull();
    expect(screen.getByTestId("search-open").getAttribute("aria-label")).toBe("Rechercher");
    unmount();

    await renderWithProviders(<TopBar {...props} />, { me: makeMe({ affiliations: [makeAffiliation(104)], permissions: { search: false } }) });
    const search = screen.getByTestId("search-autocomplete");
    expect(search.getAttribute("aria-disabled")).toBe("true");
    expect(search.hasAttribute("readonly")).toBe(true);
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.queryByTestId("search-open")).toBeNull();
  });

  it("shows the gift balance only to eligible pupils", async () => {
    const { unmount } = await renderWithProviders(<TopBar {...props} />);
    expect(screen.queryByTestId("gift-widget")).toBeNull();
    unmount();
    await renderWithProviders(<TopBar {...props} />, { me: makeMe({ gift_point: 40, permissions: { eligibleUserForGift: true } }) });
    expect(screen.getByTestId("gift-widget").textContent).toContain("40 jetons");
  });
});

describe("AdminBanner", () => {
  it("is hidden in a pupil's own session", async () => {
    setSession({ token: "t", adminUserId: null });
    await renderWithProviders(<AdminBanner />);
    expect(screen.queryByTestId("admin-banner")).toBeNull();
  });

  it("shows 'Session administrateur' under impersonation", async () => {
    setSession({ token: "t", adminUserId: 7 });
    await renderWithProviders(<AdminBanner />);
    expect(screen.getByTestId("admin-banner").textContent).toContain("Session administrateur");
  });
});
