import { useState } from "react";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { makeMe } from "../../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../../tests/ui/render";
import GiftSlider from "../components/GiftSlider";
import { HomeGifts } from "../components/HomeGifts";
import type { ReferralPageSearch } from "../search";
import { SLIDER_AUTOPLAY_MS } from "../slider";
import { makeGift, stubReferralApi } from "../testApi";
import { GiftProductScreen } from "./GiftProductScreen";
import { GiftProductsScreen } from "./GiftProductsScreen";

const eligible = makeMe({
  gift_code: "CP-YASMINE",
  gift_point: 40,
  permissions: { eligibleUserForGift: true },
});

function Harness() {
  const [search, setSearch] = useState<ReferralPageSearch>({
    page: 1,
    perPage: 10,
  });
  return <GiftProductsScreen {...search} onChange={setSearch} />;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("GiftProductsScreen", () => {
  it("lists the gifts, 10 a page, each with its cover (lazy, sized), name, price in tokens and stock, linking to its page", async () => {
    const calls = stubReferralApi({
      gifts: [makeGift(1), makeGift(2, { stock: 0 })],
    });
    await renderWithProviders(<Harness />, {
      path: "/parrain/products",
      me: eligible,
    });
    const cards = await screen.findAllByTestId("gift-card");
    expect(cards).toHaveLength(2);
    expect(calls.find((c) => c.url.pathname === "/api/student/gifts")!.url.searchParams.get("perPage")).toBe("10");
    expect(within(cards[0]!).getByText("Cadeau 1")).toBeTruthy();
    expect(within(cards[0]!).getByTestId("gift-price").textContent).toBe(
      "10 jetons",
    );
    expect(within(cards[0]!).getByText("En stock : 3")).toBeTruthy();
    expect(within(cards[1]!).getByText("Épuisé")).toBeTruthy();
    expect(within(cards[0]!).getByRole("link").getAttribute("href")).toBe(
      "/parrain/product/1",
    );
    const img = cards[0]!.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/media/public/gifts/g1.svg");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("sizes")).toBeTruthy();
  });

  it("says 'Aucun produit trouvé' for an empty catalogue, and 'No products found' in English", async () => {
    stubReferralApi({ gifts: [] });
    const { unmount } = await renderWithProviders(<Harness />, {
      path: "/parrain/products",
      me: eligible,
    });
    expect((await screen.findByTestId("gifts-empty")).textContent).toBe(
      "Aucun produit trouvé",
    );
    unmount();
    const { messages } = await import("../../../locales/en/messages.po");
    await renderWithProviders(<Harness />, {
      path: "/parrain/products",
      me: eligible,
      locale: "en",
      messages,
    });
    expect((await screen.findByTestId("gifts-empty")).textContent).toBe(
      "No products found",
    );
  });

  it("shows the fallback to a pupil who is not eligible", async () => {
    const calls = stubReferralApi({ gifts: [makeGift(1)] });
    await renderWithProviders(<Harness />, {
      path: "/parrain/products",
      me: makeMe(),
    });
    expect(screen.getByTestId("referral-fallback")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe("GiftProductScreen", () => {
  it("shows the cover, the gallery, the name and description in the reader's language, the price and the stock", async () => {
    stubReferralApi({ gifts: [makeGift(3)] });
    const { messages } = await import("../../../locales/ar/messages.po");
    await renderWithProviders(<GiftProductScreen id={3} />, {
      path: "/parrain/product/3",
      me: eligible,
      locale: "ar",
      messages,
    });
    const page = await screen.findByTestId("gift-product");
    expect(within(page).getByRole("heading", { level: 1 }).textContent).toBe(
      "هدية 3",
    );
    expect(within(page).getByText("وصف 3")).toBeTruthy();
    const images = page.querySelectorAll("img");
    expect([...images].map((i) => i.getAttribute("src"))).toEqual([
      "/media/public/gifts/g3.svg",
      "/media/public/gifts/g3-2.svg",
    ]);
    expect(within(page).getByTestId("gift-price").textContent).toContain("30");
    // In stock: the pupil may put it in the cart.
    expect(within(page).getByTestId("add-to-cart-submit")).toBeTruthy();
  });
});

describe("GiftSlider (home)", () => {
  it("is hidden with 2 gifts or fewer", async () => {
    const calls = stubReferralApi({ gifts: [makeGift(1), makeGift(2)] });
    await renderWithProviders(<GiftSlider />, { me: eligible });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(calls).toHaveLength(1);
    expect(screen.queryByTestId("home-gifts")).toBeNull();
    expect(screen.queryByTestId("gift-card")).toBeNull();
  });

  it("shows up to 25 gifts when there are more than 2, steps every 4 s, and holds still while touched", async () => {
    const calls = stubReferralApi({
      gifts: [makeGift(1), makeGift(2), makeGift(3)],
    });
    // The slider's clock starts with it: fake from the start (time still flows for the fetch).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderWithProviders(<GiftSlider />, { me: eligible });
    const section = await screen.findByTestId("home-gifts");
    expect(calls.find((c) => c.url.pathname === "/api/student/gifts")!.url.searchParams.get("perPage")).toBe("25");
    expect(within(section).getAllByTestId("gift-card")).toHaveLength(3);
    const track = section.querySelector("ul")!;
    const scrollBy = vi.fn();
    track.scrollBy = scrollBy as unknown as typeof track.scrollBy;
    track.scrollTo = vi.fn() as unknown as typeof track.scrollTo;
    Object.defineProperty(track, "scrollWidth", { value: 1000 });
    Object.defineProperty(track, "clientWidth", { value: 400 });
    await act(async () => {
      vi.advanceTimersByTime(SLIDER_AUTOPLAY_MS);
    });
    expect(scrollBy).toHaveBeenCalledTimes(1);
    fireEvent.touchStart(track);
    await act(async () => {
      vi.advanceTimersByTime(SLIDER_AUTOPLAY_MS * 3);
    });
    expect(scrollBy).toHaveBeenCalledTimes(1);
    fireEvent.touchEnd(track);
    await act(async () => {
      vi.advanceTimersByTime(SLIDER_AUTOPLAY_MS);
    });
    expect(scrollBy).toHaveBeenCalledTimes(2);
  });

  it("never moves by itself with prefers-reduced-motion", async () => {
    stubReferralApi({ gifts: [makeGift(1), makeGift(2), makeGift(3)] });
    const native = window.matchMedia.bind(window);
    vi.stubGlobal("matchMedia", (query: string) =>
      query.includes("prefers-reduced-motion")
        ? { ...native(query), matches: true, media: query }
        : native(query),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderWithProviders(<GiftSlider />, { me: eligible });
    const track = (await screen.findByTestId("home-gifts")).querySelector(
      "ul",
    )!;
    const scroll = vi.fn();
    track.scrollBy = scroll as unknown as typeof track.scrollBy;
    track.scrollTo = scroll as unknown as typeof track.scrollTo;
    Object.defineProperty(track, "scrollWidth", { value: 1000 });
    Object.defineProperty(track, "clientWidth", { value: 400 });
    await act(async () => {
      vi.advanceTimersByTime(SLIDER_AUTOPLAY_MS * 3);
    });
    expect(scroll).not.toHaveBeenCalled();
  });
});

describe("HomeGifts", () => {
  it("loads the slider and its gifts only once its place comes into view", async () => {
    const calls = stubReferralApi({
      gifts: [makeGift(1), makeGift(2), makeGift(3)],
    });
    let seen: ((entries: Array<{ isIntersecting: boolean }>) => void) | null =
      null;
    const observe = vi.fn();
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(
          callback: (entries: Array<{ isIntersecting: boolean }>) => void,
        ) {
          seen = callback;
        }
        observe = observe;
        disconnect() {}
      },
    );
    await renderWithProviders(<HomeGifts />, { me: eligible });
    expect(screen.getByTestId("home-gifts-marker")).toBeTruthy();
    expect(observe).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
    await act(async () => {
      seen!([{ isIntersecting: true }]);
    });
    expect(await screen.findByTestId("home-gifts")).toBeTruthy();
    expect(calls).toHaveLength(1);
  });
});
