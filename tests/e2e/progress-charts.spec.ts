/**
 * Progress you can see and parents (issue 22 items 4 and 5), at phone size (412 × 823) in French and Arabic, axe 0:
 * - the home and a subject page show the pupil's activity charts with their text alternative (a summary sentence and
 *   the numbers' table), loaded only when the block nears the screen (no activity read with the first screen);
 * - a parent walking the pupils' routes lands in their space every time, never sees a pupil widget (search, wallet),
 *   and no answer of the whole walk is a 403 (no pupil API called); their child's charts are there, read-only.
 *
 * Run alone with its own server: E2E_PORT=3306 npx playwright test tests/e2e/progress-charts.spec.ts
 * Screenshots: PROGRESS_SHOTS=/some/dir (412 × 823, fr and ar).
 */
import { expect, test, type Page } from "@playwright/test";
import { axeViolations, signInAs } from "./helpers";

const PHONE = { width: 412, height: 823 };
const SHOTS = process.env.PROGRESS_SHOTS;
test.use({ viewport: PHONE, reducedMotion: "reduce" });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The platform's pop-ups are closed whenever they show up over the screen under test. */
async function closePopups(page: Page) {
  await page.addLocatorHandler(page.getByTestId("popup-close"), (button) => button.click());
}

const TEXT = {
  fr: { summary: /Ces 4 dernières semaines : \d+ minutes? regardées?, \d+ leçons? terminées?, \d+ jours? actifs?\./, data: "Voir les données", today: /Progression aujourd’hui : .*Mathématiques/ },
  ar: { summary: /خلال الأسابيع الأربعة الأخيرة/, data: "عرض البيانات", today: /التقدم اليوم: .*الرياضيات/ },
} as const;

for (const locale of ["fr", "ar"] as const) {
  test(`the pupil's activity charts on the home and a subject page, with their text alternative (${locale})`, async ({ page }) => {
    await closePopups(page);
    await signInAs(page, "eleve@darsi.tn", locale);
    const reads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/student/progress/activity")) reads.push(r.url());
    });
    await page.goto("/");
    await expect(page.getByTestId("home-mini-panel")).toBeVisible();
    await expect(page.getByTestId("home-activity-loading")).toBeAttached();
    // Not with the first screen: neither the chart library nor the read.
    await page.waitForLoadState("networkidle");
    expect(reads).toEqual([]);

    await page.getByTestId("home-activity-loading").scrollIntoViewIfNeeded();
    const charts = page.getByTestId("home-activity-charts");
    // The chart chunk (recharts, ~140 kB gzip) is parsed on demand: give a loaded CI machine time.
    await expect(charts).toBeVisible({ timeout: 30_000 });
    expect(reads).toHaveLength(1);
    await expect(page.getByTestId("home-activity-charts-summary")).toHaveText(TEXT[locale].summary);
    await expect(page.getByTestId("home-activity-charts-progress-summary")).toHaveText(TEXT[locale].today);
    await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    // The charts draw (SVG), hidden from assistive technology: the sentence and the table say it all.
    await expect(charts.locator(".recharts-surface").first()).toBeVisible();
    await charts.getByText(TEXT[locale].data).click();
    const table = page.getByTestId("home-activity-charts-table");
    await expect(table).toBeVisible();
    await expect(table.locator("tbody tr")).toHaveCount(28);
    await page.getByTestId("home-activity").scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `activity-home-${locale}`);
    // No horizontal scroll at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // A subject page: the same charts for that subject only, under its chapters.
    await page.goto("/subjects/mathematiques/details");
    await expect(page.getByTestId("subject-activity-loading")).toBeAttached();
    await page.getByTestId("subject-activity-loading").scrollIntoViewIfNeeded();
    const subject = page.getByTestId("subject-activity-charts");
    await expect(subject).toBeVisible({ timeout: 30_000 });
    expect(reads.at(-1)).toContain("subject=mathematiques");
    await expect(page.getByTestId("subject-activity-charts-summary")).toHaveText(TEXT[locale].summary);
    await expect(page.getByTestId("subject-activity-charts-progress-summary")).toHaveText(TEXT[locale].today);
    await subject.getByText(TEXT[locale].data).click();
    await expect(page.getByTestId("subject-activity-charts-table").locator("tbody tr")).toHaveCount(28);
    await page.getByTestId("subject-activity").scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `activity-subject-${locale}`);
  });
}

const PUPIL_ROUTES = [
  "/",
  "/subjects",
  "/subjects/mathematiques/details",
  "/courses",
  "/offres",
  "/porte-monnaie",
  "/exams",
  "/exams-calendar",
  "/sessions",
  "/historique",
  "/reports",
  "/liste-de-favoris",
  "/liste-des-demandes-parentales",
  "/revenu",
  "/gift-code",
  "/convert-coins",
];

for (const locale of ["fr", "ar"] as const) {
  test(`a parent walking the pupils' routes is sent to their space, sees no pupil widget and meets no 403 (${locale})`, async ({ page }) => {
    await closePopups(page);
    const refused: string[] = [];
    page.on("response", (r) => {
      if (r.status() === 403) refused.push(`${r.request().method()} ${r.url()}`);
    });
    await signInAs(page, "parent2@darsi.tn", locale);
    for (const path of PUPIL_ROUTES) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/request-parent-user-children$/);
    }
    // Through the app's own links too: the logo ("home") keeps the parent in their space.
    await page.getByRole("link", { name: locale === "fr" ? "Darsi, accueil" : /Darsi/ }).first().click();
    await expect(page).toHaveURL(/\/request-parent-user-children$/);
    await expect(page.getByTestId("wallet-widget")).toHaveCount(0);
    await expect(page.getByTestId("search-open")).toHaveCount(0);
    await expect(page.getByTestId("search-autocomplete")).toHaveCount(0);

    // The child's charts, read-only (the parent's own read).
    const child = page.getByTestId("parent-child").first();
    await expect(child).toContainText("Amine");
    // The block is near the screen at once in the parent's space: it may have loaded already (no marker left).
    await child.scrollIntoViewIfNeeded();
    await expect(child.getByTestId("parent-child-activity")).toBeVisible({ timeout: 30_000 });
    await expect(child.getByTestId("parent-child-activity-summary")).toHaveText(TEXT[locale].summary);
    await expect(child.locator("button")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `parent-space-activity-${locale}`);
    await page.waitForLoadState("networkidle");
    expect(refused).toEqual([]);
  });
}
