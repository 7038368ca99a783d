import { expect, test, type Page } from "@playwright/test";
import { axeViolations, signInAs } from "./helpers";

// Lite mode for weak connections (issue 22, item 6): a browser that asks to save data (the `Save-Data: on` header and
// `navigator.connection.saveData`, set through Chromium's data-saver override), then an emulated 2g link, then an
// emulated mobile link before keeping a large chapter offline. No service worker: every request is the page's own, so
// what is (not) fetched is seen here.
test.use({ serviceWorkers: "block", extraHTTPHeaders: { "Save-Data": "on" } });

const LESSON = "/subjects/mathematiques/chapters/suites-reelles/lessons/cours-definitions-et-proprietes/content";
const PHONE = { width: 412, height: 823 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.LITE_SHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Chromium's own data-saving preference (what a phone's "Lite mode"/"Data saver" sets): `navigator.connection.saveData`. */
async function saveData(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setDataSaverOverride", { dataSaverEnabled: true });
}

/** An emulated link: `latency` ms of round trip makes Chromium report its effectiveType (1,500 ms: 2g; 400 ms: 3g). */
async function emulateLink(page: Page, latency: number, connectionType: "cellular2g" | "cellular3g"): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency, downloadThroughput: 1_000_000, uploadThroughput: 1_000_000, connectionType });
}

async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId("user-menu").click();
  await expect(page.getByTestId("lite-badge")).toBeVisible();
}

/** Requests for the offers page (its code or its data) made while the pointer rests on the sidebar's "Offres" link. */
async function offersRequestsOnHover(page: Page): Promise<string[]> {
  const seen: string[] = [];
  const onRequest = (r: { url(): string }) => {
    if (/offre|offer/i.test(r.url())) seen.push(r.url());
  };
  page.on("request", onRequest);
  await page.getByRole("navigation").getByRole("link", { name: "Offres" }).hover();
  await page.waitForTimeout(1_500);
  page.off("request", onRequest);
  return seen;
}

test.describe("lite mode", () => {
  // Several pages, emulated slow links and axe runs in one test: more than the default minute on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test("a Save-Data browser: lite on by itself, no page prefetched, the video neither preloaded nor autoplayed; the switch turns it off", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await saveData(page);
    await signInAs(page, "eleve@darsi.tn");
    await page.goto("/");
    await expect(page.getByTestId("user-menu")).toBeVisible();
    expect(await page.evaluate(() => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData)).toBe(true);
    // The data counter starts once the first screen is up.
    await page.waitForTimeout(2_500);

    // No route prefetch on hover (TanStack Router's "intent" preload is off).
    expect(await offersRequestsOnHover(page)).toEqual([]);

    // The user menu: lite is on, automatically, because the browser saves data; the data used and the storage held.
    await openUserMenu(page);
    await expect(page.getByTestId("lite-badge")).toHaveText("Activé");
    await expect(page.getByRole("menu")).toContainText("Automatique : le navigateur économise les données");
    await expect(page.getByTestId("lite-auto")).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("data-used")).toContainText(/Données utilisées ce mois-ci : \d+([,.]\d)?\s?(ko|Mo)/);
    await expect(page.getByTestId("storage-used")).toContainText(/Stockage sur cet appareil : \d/);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "menu-fr-desktop");
    await page.keyboard.press("Escape");

    // The lesson video: no byte before the pupil presses play, never started by itself.
    const media: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/media/videos/")) media.push(r.url());
    });
    await page.goto(LESSON);
    const video = page.getByTestId("lesson-video");
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video).toHaveAttribute("data-lite", "true");
    // The lowest-quality rendition (144p), signed like the video.
    await expect(video).toHaveAttribute("src", /^\/media\/videos\/demo-[12]\.lite\.mp4\?otp=/);
    await page.waitForTimeout(1_000);
    expect(await video.evaluate((v: HTMLVideoElement) => ({ autoplay: v.autoplay, paused: v.paused }))).toEqual({ autoplay: false, paused: true });
    expect(media).toEqual([]);

    // "Désactivé" wins over the browser's preference, is kept on the device, and brings the prefetch back.
    await openUserMenu(page);
    await page.getByTestId("lite-off").click();
    await expect(page.getByTestId("lite-badge")).toHaveText("Désactivé");
    await expect(page.getByTestId("lite-off")).toHaveAttribute("aria-current", "true");
    expect(await page.evaluate(() => localStorage.getItem("darsi_lite"))).toBe("off");
    await page.keyboard.press("Escape");
    await expect(video).toHaveAttribute("preload", "metadata");
    await expect(video).toHaveAttribute("src", /^\/media\/videos\/demo-[12]\.mp4\?otp=/);
    await page.goto("/");
    await expect(page.getByTestId("user-menu")).toBeVisible();
    expect((await offersRequestsOnHover(page)).length).toBeGreaterThan(0);
  });

  test("a 2g link turns lite on automatically, while the page is open", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInAs(page, "eleve@darsi.tn");
    await page.goto("/");
    await openUserMenu(page);
    // The header alone does not reach the page's code (Chromium's own preference is off here): lite is off on 4g.
    await expect(page.getByTestId("lite-badge")).toHaveText("Désactivé");
    await emulateLink(page, 1_500, "cellular2g");
    await expect(page.getByTestId("lite-badge")).toHaveText("Activé");
    await expect(page.getByRole("menu")).toContainText("Automatique : connexion lente");
  });

  for (const locale of ["fr", "ar"] as const) {
    test(`keeping a chapter over 10 MB offline on mobile data asks first, with its size (${locale})`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await saveData(page);
      await signInAs(page, "eleve@darsi.tn", locale);
      // A chapter of 12 MB: the demo chapters are small, so its manifest is made bigger on the way.
      await page.route("**/offline-manifest", async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as { payload: { bytes: number } };
        body.payload.bytes = 12_000_000;
        await route.fulfill({ response: res, json: body });
      });
      await page.goto("/subjects/mathematiques/details");
      await emulateLink(page, 400, "cellular3g");
      await page.getByTestId("keep-open").first().click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByTestId("keep-size")).toContainText(locale === "fr" ? "12 Mo" : "12");
      await expect(dialog.getByTestId("keep-mobile-confirm")).toHaveCount(0);
      await dialog.getByTestId("keep-start").click();
      // Not started: the dialog stays, with the question and the size on the button.
      await expect(dialog.getByTestId("keep-mobile-confirm")).toBeVisible();
      await expect(dialog.getByTestId("keep-mobile-confirm")).toContainText(locale === "fr" ? "données mobiles" : "بيانات الجوال");
      await expect(dialog.getByTestId("keep-start")).toContainText(locale === "fr" ? "Oui, télécharger (12 Mo)" : "12");
      await expect(page.getByTestId("keep-progress")).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `keep-confirm-${locale}`);
      await dialog.getByRole("button", { name: locale === "fr" ? "Annuler" : "إلغاء" }).click();
      await expect(dialog).toHaveCount(0);

      // The menu in this language: lite on, its switch, the month's data.
      await openUserMenu(page);
      await expect(page.getByTestId("lite-badge")).toHaveAttribute("data-on", "true");
      await expect(page.getByTestId("data-used")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `menu-${locale}-phone`);
      await page.keyboard.press("Escape");
      if (locale === "ar") {
        await page.setViewportSize(DESKTOP);
        await openUserMenu(page);
        await shot(page, "menu-ar-desktop");
      }
    });
  }
});
