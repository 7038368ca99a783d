import { afterEach, describe, expect, it, vi } from "vitest";
import type { QueryClient } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeMe } from "../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../tests/ui/render";
import { AppLayout } from "./AppLayout";

// signOut as the auth feature does it: the session and the whole query cache are wiped.
vi.mock("@/features/auth/session", () => ({
  signOut: vi.fn(async (queryClient: QueryClient) => {
    await Promise.resolve();
    queryClient.clear();
    return "/login";
  }),
}));

describe("AppLayout", () => {
  it("has the landmarks: banner, labelled navigation, main, contentinfo", async () => {
    await renderWithProviders(<AppLayout />, { me: makeMe({ points: 12_000 }) });
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Navigation principale" })).toBeTruthy();
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Aller au contenu" }).getAttribute("href")).toBe("#main-content");
  });

  it("switches between the full sidebar and the icon rail, and remembers the choice", async () => {
    localStorage.setItem("darsi-sidebar-mini", "0");
    await renderWithProviders(<AppLayout />);
    expect(screen.getByTestId("sidebar").hasAttribute("data-mini")).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Réduire le menu" }));
    expect(screen.getByTestId("sidebar").hasAttribute("data-mini")).toBe(true);
    expect(localStorage.getItem("darsi-sidebar-mini")).toBe("1");
    expect(screen.getByRole("button", { name: "Agrandir le menu" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("signs out without fetching the user again", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { router } = await renderWithProviders(<AppLayout />, { path: "/historique" });
    await userEvent.click(screen.getByTestId("user-menu"));
    await userEvent.click(await screen.findByTestId("logout"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes("/auth/me"))).toEqual([]);
    fetchSpy.mockRestore();
  });

  describe("on a phone", () => {
    const happyDOM = (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM;
    afterEach(() => happyDOM.setViewport({ width: 1024, height: 768 }));

    it("opens the drawer with the burger, moves focus into it, and closes it with Escape", async () => {
      happyDOM.setViewport({ width: 412, height: 823 });
      await renderWithProviders(<AppLayout />, { me: makeMe({ points: 7_000 }) });
      const navbar = screen.getByTestId("app-navbar");
      expect(navbar.hasAttribute("inert")).toBe(true);
      expect(screen.getByTestId("drawer-widgets")).toBeTruthy();
      await userEvent.click(screen.getByRole("button", { name: "Ouvrir le menu" }));
      expect(navbar.hasAttribute("inert")).toBe(false);
      await waitFor(() => expect(navbar.contains(document.activeElement)).toBe(true));
      await userEvent.keyboard("{Escape}");
      expect(screen.getByRole("button", { name: "Ouvrir le menu" }).getAttribute("aria-expanded")).toBe("false");
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Ouvrir le menu" }));
    });

    it("closes the drawer after choosing a page", async () => {
      happyDOM.setViewport({ width: 412, height: 823 });
      const { router } = await renderWithProviders(<AppLayout />);
      await userEvent.click(screen.getByRole("button", { name: "Ouvrir le menu" }));
      await userEvent.click(screen.getByTestId("nav-assistance"));
      await waitFor(() => expect(router.state.location.pathname).toBe("/assistance"));
      expect(screen.getByTestId("nav-toggle").getAttribute("aria-expanded")).toBe("false");
    });
  });
});
