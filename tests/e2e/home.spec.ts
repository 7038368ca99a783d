import { expect, test, type Page } from "@playwright/test";
import { loginThroughUi } from "./helpers";

// Phone size first (SPEC: pupils on cheap phones).
test.use({ viewport: { width: 412, height: 823 } });

/** Records layout shifts from the first paint (the same measure as Lighthouse's CLS, without the session windows). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

test.describe("home", () => {
  test("the Gold pupil sees the mini panel, ad cards, latest recordings, progress and forum posts, without layout shift", async ({ page }) => {
    await loginThroughUi(page, "eleve@darsi.tn");
    await expect(page).toHaveURL(/\/$/);
    await watchLayoutShifts(page);
    await page.reload();

    // Mini panel: class, points, subjects.
    const panel = page.getByTestId("home-mini-panel");
    await expect(panel.getByRole("heading", { level: 1, name: /Yasmine/ })).toBeVisible();
    await expect(page.getByTestId("home-panel-class")).toHaveText("Bac Mathématiques");
    await expect(page.getByTestId("home-points")).toContainText("120");
    await expect(page.getByTestId("home-subjects-count")).toContainText("8");

    // Ad cards by position: a slider with one dot per card; "next" brings the second card into view.
    const promos = page.getByTestId("home-promos");
    const cards = promos.getByTestId("promo-card");
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    // A Gold pupil is never offered Gold (the card is for pupils whose offers do not open every subject).
    await expect(promos.locator('[aria-label*="Passez à Gold"]')).toHaveCount(0);
    const external = promos.locator("a[target=_blank]").first();
    await expect(external).toHaveAttribute("rel", /noopener/);
    const dots = promos.locator("button[aria-current]");
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    await promos.getByTestId("home-promos-nav").locator("button").nth(1).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(cards.nth(1)).toBeInViewport();

    // Progress: up to five subjects by position, mathematics first with its progress.
    const subjects = page.getByTestId("home-progress-subject");
    await expect(subjects).toHaveCount(5);
    await expect(subjects.first()).toHaveAttribute("href", "/subjects/mathematiques/details");
    await expect(subjects.first().getByRole("progressbar")).not.toHaveAttribute("aria-valuenow", "0");

    // Forum: the latest posts and the forum itself, in new tabs (the Gold pupil has the forum permission).
    const posts = page.getByTestId("home-forum-post");
    await expect(posts).toHaveCount(4);
    await expect(posts.first()).toHaveAttribute("href", /^https?:\/\/.+\/t\/[a-z0-9-]+\/\d+$/);
    await expect(posts.first()).toHaveAttribute("target", "_blank");
    await expect(page.getByTestId("home-forum-link")).toHaveAttribute("href", /^https?:\/\//);

    // Nothing moved while the widgets loaded.
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(0.02);

    // Latest recordings: four sessions, unlocked, opening the recording viewer.
    const recordings = page.getByTestId("home-recording");
    await expect(recordings).toHaveCount(4);
    await expect(recordings.first()).not.toHaveAttribute("data-locked", "true");
    const href = await recordings.first().getAttribute("href");
    expect(href).toMatch(/^\/subjects\/[a-z0-9-]+\/chapters\/enregistrements-[a-z0-9-]+\/recordings\/seance-\d+\/content$/);
    await recordings.first().click();
    await expect(page).toHaveURL(href!);
  });

  test("a pupil without offer: locked recordings and the forum's warning instead of its link", async ({ page }) => {
    await loginThroughUi(page, "nouveau@darsi.tn");
    await expect(page).toHaveURL(/\/$/);
    const recordings = page.getByTestId("home-recording");
    await expect(recordings.first()).toBeVisible();
    for (const row of await recordings.all()) await expect(row).toHaveAttribute("data-locked", "true");
    await expect(page.getByTestId("home-forum").locator("a[href^=http]")).toHaveCount(0);
    await page.getByTestId("home-forum-link").click();
    await expect(page.getByText("Vous ne pouvez pas accéder au forum")).toBeVisible();
  });

  test("the Arabic welcome modal shows with the client-type marker and its start button goes to /offres", async ({ page }) => {
    await loginThroughUi(page, "eleve@darsi.tn");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("home-mini-panel")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.evaluate(() => sessionStorage.setItem("clientType", "ooredoo"));
    await page.reload();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "مرحبا بك في دارسي" })).toBeVisible();
    await expect(page.locator("[data-testid=welcome-modal][dir=rtl][lang=ar]")).toHaveCount(1);
    // The interface itself stays in French.
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");

    await dialog.getByRole("button", { name: "ابدأ الآن" }).click();
    await expect(page).toHaveURL(/\/offres$/);
    expect(await page.evaluate(() => sessionStorage.getItem("clientType"))).toBeNull();

    await page.goto("/");
    await expect(page.getByTestId("home-mini-panel")).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
