/**
 * What a new pupil sees on the screens, in French, Arabic and English at 412 px (and 1366 px): catalogue texts in the
 * pupil's language, mixed-direction lines isolated, the not-found page inside the shell, no Gold card for a Gold pupil,
 * toasts that never cover the top bar, tap targets of at least 44 × 44 px, and no WCAG 2.2 AA violation found by axe.
 */
import { expect, test, type Page } from "@playwright/test";
import { loginThroughUi, axeViolations, signInAs } from "./helpers";

const PHONE = { width: 412, height: 823 };

/** Width and height of every element of `selector` that is visible. */
async function sizes(page: Page, selector: string) {
  const out: Array<{ what: string; width: number; height: number }> = [];
  for (const el of await page.locator(selector).all()) {
    if (!(await el.isVisible())) continue;
    const box = await el.boundingBox();
    if (box) out.push({ what: (await el.getAttribute("aria-label")) ?? (await el.innerText()).slice(0, 30), width: box.width, height: box.height });
  }
  return out;
}

test.describe("screens in Arabic", () => {
  test.use({ viewport: PHONE });

  test("the subject page shows Arabic chapter and section names, with the instructor isolated from the Arabic count", async ({ page }) => {
    await signInAs(page, "eleve@darsi.tn", "ar");
    await page.goto("/subjects/mathematiques/details");
    await expect(page.getByRole("heading", { level: 1, name: "الرياضيات" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "الدروس" })).toBeVisible();
    const first = page.getByTestId("chapter-row").first();
    await expect(first.getByTestId("chapter-name")).toHaveText("النهايات والاتصال");
    await expect(first.getByTestId("chapter-instructor")).toHaveText("M. Ben Ali");
    // Each run in its own isolate: "M. Ben Ali" stays on the right (start) of "3 فيديوهات" in Arabic.
    expect(await first.getByTestId("chapter-instructor").evaluate((el) => el.tagName)).toBe("BDI");
    const instructor = (await first.getByTestId("chapter-instructor").boundingBox())!;
    const count = (await first.getByTestId("chapter-count").boundingBox())!;
    expect(instructor.x).toBeGreaterThan(count.x);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("home alerts and cards, a lesson's title and list are in Arabic", async ({ page }) => {
    await signInAs(page, "eleve@darsi.tn", "ar");
    await page.goto("/");
    await expect(page.getByTestId("home-alerts")).toContainText("باكالوريا تجريبية");
    await expect(page.getByTestId("promo-card").first()).toContainText("Darsi");
    // eleve is Gold: no "Passez à Gold" card, in any language.
    await expect(page.getByTestId("promo-card")).toHaveCount(2);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/subjects/mathematiques/chapters/derivabilite/lessons/fiche-de-synthese/content");
    await expect(page.getByTestId("lesson-title")).toHaveText("قابلية الاشتقاق : بطاقة تأليفية");
    await expect(page.getByTestId("lesson-title")).toHaveAttribute("dir", "auto");
    await expect(page.getByTestId("lesson-chapter")).toHaveText("قابلية الاشتقاق");
    await expect(page).toHaveTitle(/قابلية الاشتقاق/);
    // Its own pages, not those of "Limites et continuité".
    await expect(page.getByTestId("magazine").locator("img").first()).toHaveAttribute("src", /\/magazines\/derivabilite\/page-1\.svg/);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("the shell at 412 px", () => {
  test.use({ viewport: PHONE });

  for (const locale of ["fr", "ar", "en"] as const) {
    test(`tap targets of at least 44 × 44 px, the 404 inside the shell, no axe violation (${locale})`, async ({ page }) => {
      await signInAs(page, "eleve@darsi.tn", locale);
      await page.goto("/");
      await expect(page.getByTestId("home-progress")).toBeVisible();
      const targets = [
        ...(await sizes(page, "[data-testid=nav-toggle]")),
        ...(await sizes(page, "[data-testid=language-switcher]")),
        ...(await sizes(page, "[data-testid=notifications-link]")),
        ...(await sizes(page, "[data-testid=user-menu]")),
        ...(await sizes(page, "[data-testid=home-progress-all]")),
        ...(await sizes(page, "[data-testid=footer-phone]")),
        ...(await sizes(page, "[data-testid=home-promos] button")),
      ];
      expect(targets.length).toBeGreaterThanOrEqual(8);
      for (const t of targets) {
        expect(t.width, t.what).toBeGreaterThanOrEqual(44);
        expect(t.height, t.what).toBeGreaterThanOrEqual(44);
      }
      // Nothing in the top bar overflows it or overlaps its neighbour.
      const boxes = await page.locator("header > *").evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => ({ left: r.left, right: r.right })),
      );
      const sorted = [...boxes].sort((a, b) => a.left - b.left);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.left).toBeGreaterThanOrEqual(sorted[i - 1]!.right - 0.5);
      expect(sorted[0]!.left).toBeGreaterThanOrEqual(0);
      expect(sorted[sorted.length - 1]!.right).toBeLessThanOrEqual(PHONE.width);
      expect(await axeViolations(page)).toEqual([]);

      await page.goto("/cette-page-n-existe-pas");
      await expect(page.getByTestId("not-found")).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByTestId("nav-toggle")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("attachment links are 44 px tall; a completed YouTube lesson has no « Marquer comme vu »", async ({ page }) => {
    await signInAs(page, "eleve@darsi.tn", "fr");
    await page.goto("/subjects/mathematiques/chapters/limites-et-continuite/lessons/fiche-de-synthese/content");
    await expect(page.getByTestId("attachment").first()).toBeVisible();
    const links = await sizes(page, "[data-testid=attachment]");
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) expect(l.height, l.what).toBeGreaterThanOrEqual(44);
    await page.goto("/subjects/mathematiques/chapters/limites-et-continuite/lessons/introduction-et-activites/content");
    await expect(page.getByTestId("lesson-seen")).toBeVisible();
    await expect(page.getByRole("button", { name: "Marquer comme vu" })).toHaveCount(0);
  });

  test("the toast after signing in sits below the top bar, never over it", async ({ page }) => {
    await loginThroughUi(page, "eleve@darsi.tn");
    // Measured in the frame where it shows (it lasts 3 s, while the home loads): Mantine's toast box. Found and measured
    // in one step: on a busy machine a handle taken first may point at a toast already gone (a zero box) when measured.
    const found = await page.waitForFunction(() => {
      const el = document.querySelector(".mantine-Notification-root");
      const r = el?.getBoundingClientRect();
      return r && r.height > 0 ? { top: r.top, bottom: r.bottom, viewport: window.innerHeight } : null;
    });
    const { top, bottom, viewport } = (await found.jsonValue())!;
    // The top bar is the first 60 px of the screen: the toast sits at the bottom.
    expect(top).toBeGreaterThan(60);
    expect(bottom).toBeLessThanOrEqual(viewport);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("search", () => {
  test("a chapter found by the search opens the chapter (its first lesson), not the subject page", async ({ page }) => {
    await signInAs(page, "eleve@darsi.tn", "ar");
    await page.goto("/");
    await page.getByRole("combobox").first().fill("المتتاليات");
    await page.getByRole("option", { name: "المتتاليات الحقيقية", exact: true }).click();
    await expect(page).toHaveURL(/\/subjects\/mathematiques\/chapters\/suites-reelles\/lessons\/introduction-et-activites\/content$/);
  });
});

test.describe("the error page", () => {
  test("its title is translated", async ({ page }) => {
    await signInAs(page, "eleve@darsi.tn", "ar");
    // A lesson whose answer is a server error (not a network failure): the error page.
    await page.route("**/api/student/subjects/mathematiques/chapters/derivabilite/contents/fiche-de-synthese", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom", code: "internal" }) }),
    );
    await page.goto("/subjects/mathematiques/chapters/derivabilite/lessons/fiche-de-synthese/content");
    await expect(page.getByRole("heading", { level: 1, name: "عذرًا! حدث خطأ ما" })).toBeVisible();
  });
});
