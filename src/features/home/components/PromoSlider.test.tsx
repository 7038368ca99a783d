import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderWithProviders } from "../../../../tests/ui/render";
import { makePromo, stubApi } from "../testData";
import { embedUrl } from "./PromoVideoModal";
import { isExternal, PromoSlider } from "./PromoSlider";

afterEach(() => vi.unstubAllGlobals());

describe("ad cards slider", () => {
  it("shows the cards sorted by position, each rendered from its fields", async () => {
    stubApi({
      "/student/pubs-cards": [
        makePromo(3, { position: 3, text: "Parrainez un ami", url_link: "/gift-code", icon_url: "/media/public/cards/parrain.svg", icon_position: "right" }),
        makePromo(1, { position: 1, text: "Passez à Gold", url_link: "/offres?nextPage=offres#top", background_url: "/media/public/cards/bg-gold.svg", color: "#F2C94C" }),
        makePromo(2, { position: 2, text: "Objectif bac", text_image_url: "/media/public/cards/text-decouvrez.svg", url_link: "https://www.facebook.com/darsi.tn" }),
        makePromo(4, { position: 4, text: "Caché", visible: false }),
      ],
    });
    await renderWithProviders(<PromoSlider />);
    const cards = await screen.findAllByTestId("promo-card");
    expect(cards.map((c) => c.getAttribute("aria-label"))).toEqual(["Passez à Gold", "Objectif bac", "Parrainez un ami"]);

    // Background and colour.
    expect(cards[0]!.style.backgroundImage).toContain("/media/public/cards/bg-gold.svg");
    expect(cards[0]!.style.getPropertyValue("--card-accent")).toBe("#F2C94C");
    // Internal link through the router, with its search and hash.
    expect(within(cards[0]!).getByRole("link").getAttribute("href")).toBe("/offres?nextPage=offres#top");
    expect(within(cards[0]!).getByRole("link").getAttribute("target")).toBeNull();
    // Text image with the text as its alternative; external link in a new tab without opener.
    expect(within(cards[1]!).getByRole("img", { name: "Objectif bac" }).getAttribute("src")).toBe("/media/public/cards/text-decouvrez.svg");
    const external = within(cards[1]!).getByRole("link");
    expect(external.getAttribute("href")).toBe("https://www.facebook.com/darsi.tn");
    expect(external.getAttribute("target")).toBe("_blank");
    expect(external.getAttribute("rel")).toContain("noopener");
    // Icon on the designer's right: the inline end (mirrors in Arabic).
    expect(cards[2]!.querySelector("[data-icon]")!.getAttribute("data-icon")).toBe("end");
    expect(cards[2]!.querySelector("img")!.getAttribute("src")).toBe("/media/public/cards/parrain.svg");

    // Every card in view (no layout here): no buttons, no dots — hidden, so that nothing moves.
    await waitFor(() => expect(screen.getByTestId("home-promos-nav").style.visibility).toBe("hidden"));
    // Wider than its view: one dot per card; at the start "previous" is disabled, "next" is not.
    const track = screen.getByRole("list");
    Object.defineProperty(track, "scrollWidth", { configurable: true, value: 1200 });
    Object.defineProperty(track, "clientWidth", { configurable: true, value: 400 });
    fireEvent.scroll(track);
    expect(screen.getByTestId("home-promos-nav").style.visibility).toBe("");
    expect(screen.getAllByRole("button", { name: /Afficher la carte/ })).toHaveLength(3);
    expect(screen.getAllByRole("button", { name: /Afficher la carte/ })[0]!.getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("button", { name: "Carte précédente" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Carte suivante" })).toHaveProperty("disabled", false);
  });

  it("plays a card's video in a dialog (privacy-enhanced YouTube)", async () => {
    stubApi({ "/student/pubs-cards": [makePromo(1, { type: "video", text: "Découvrez Darsi", video_link: "https://www.youtube.com/watch?v=WUvTyaaNkzM" })] });
    await renderWithProviders(<PromoSlider />);
    fireEvent.click(await screen.findByRole("button", { name: "Regarder la vidéo : Découvrez Darsi" }));
    await screen.findByRole("dialog");
    const frame = document.querySelector("iframe[title='Découvrez Darsi']")!;
    expect(frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/WUvTyaaNkzM?autoplay=1&rel=0");
  });

  it("reserves its height with a skeleton while loading, and disappears when the class has no card", async () => {
    stubApi({ "/student/pubs-cards": "pending" });
    const { unmount } = await renderWithProviders(<PromoSlider />);
    expect(screen.getByTestId("home-promos-skeleton")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Carte suivante" })).toHaveProperty("disabled", true);
    unmount();
    stubApi({ "/student/pubs-cards": [] });
    await renderWithProviders(<PromoSlider />);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByTestId("home-promos")).toBeNull();
  });
});

describe("ad card links", () => {
  it("tells internal paths from external addresses", () => {
    expect(isExternal("/offres")).toBe(false);
    expect(isExternal("https://www.facebook.com/darsi.tn")).toBe(true);
    expect(isExternal("//cdn.example.tn/x")).toBe(true);
    expect(embedUrl("https://www.youtube-nocookie.com/embed/WUvTyaaNkzM")).toBe("https://www.youtube-nocookie.com/embed/WUvTyaaNkzM?autoplay=1&rel=0");
    expect(embedUrl("https://youtu.be/9vKqVkMQHKk")).toBe("https://www.youtube-nocookie.com/embed/9vKqVkMQHKk?autoplay=1&rel=0");
  });
});
