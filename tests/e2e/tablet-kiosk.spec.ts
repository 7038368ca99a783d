/**
 * Class tablets, kiosk and picture PINs (issue 23, items 5 and 2), as a class uses them: a pupil chooses a sequence of
 * 4 pictures as her PIN and signs in with it next time; while she works, nothing of money is shown (sidebar, top bar,
 * home) and its pages go back home; a link that leaves the app waits for a teacher's code of the class; "Plein écran"
 * asks for full screen on a tap. Axe finds nothing in French and Arabic, at a tablet's size (800×1280) and a phone's
 * (412×823); screenshots go to /work/wt/shots/tablet-kiosk/ (or SHOTS_DIR).
 */
import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { axeViolations, registerVerifiedPupil } from "./helpers";
import { CLASS, PASSWORD, PHONE, TABLET, tabletCode, uniqueLastName } from "./tablet-helpers";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/tablet-kiosk";
mkdirSync(SHOTS, { recursive: true });

async function enableTablet(page: Page) {
  await page.goto("/tablette");
  await page.getByRole("textbox").fill(await tabletCode(page.request));
  await page.getByRole("button").filter({ hasText: /Activer la tablette|تفعيل اللوحة/ }).click();
  await expect(page.getByTestId("tablet-pupil").first()).toBeVisible();
}

async function tapPictures(page: Page, pictures: string[]) {
  for (const p of pictures) await page.getByRole("dialog").getByTestId(`pin-picture-${p}`).click();
}

const SEQUENCE = ["cat", "sun", "cat", "tree"];

test.describe("class tablet kiosk", () => {
  test("a picture PIN; no money in view or in reach; external links behind a teacher's code; full screen on a tap", async ({ page }) => {
    test.setTimeout(150_000);
    const pupil = { name: "Nour", lastName: uniqueLastName("Kio") };
    const fullName = `${pupil.name} ${pupil.lastName}`;
    await registerVerifiedPupil(page.request, { ...pupil, division: CLASS });
    await page.setViewportSize(TABLET);
    await enableTablet(page);

    // First time: the real password, and a PIN of 4 pictures.
    await page.getByLabel("Chercher mon nom").fill(pupil.lastName);
    await page.getByRole("button", { name: fullName }).click();
    const dialog = page.getByRole("dialog", { name: fullName });
    await dialog.getByRole("textbox", { name: "Mot de passe", exact: true }).fill(PASSWORD);
    await dialog.getByText("4 images", { exact: true }).click();
    await expect(dialog.getByRole("button", { name: "Chat" })).toBeVisible();
    await tapPictures(page, SEQUENCE.slice(0, 3));
    await expect(dialog.getByRole("button", { name: "Se connecter" })).toBeDisabled();
    await tapPictures(page, SEQUENCE.slice(3));
    // The sequence shows as dots only: no picture name in the PIN's row.
    await expect(dialog.getByTestId("picture-pin-dots")).toHaveText(/4 images sur 4/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/picture-pin-new-fr-tablet.png` });
    await dialog.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByTestId("tablet-pupil-bar")).toContainText(fullName);

    // Kiosk: nothing of money in the sidebar, the top bar or the home.
    const nav = page.getByTestId("sidebar");
    await expect(nav.getByText("Matières")).toBeVisible();
    for (const entry of ["Offres", "Porte monnaie", "Parrain", "Revenu"]) await expect(nav.getByText(entry, { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("wallet-widget")).toHaveCount(0);
    await expect(page.getByTestId("home-mini-panel")).toBeVisible();
    await expect(page.getByTestId("home-points-tile")).toHaveCount(0);
    await expect(page.getByTestId("home-offers")).toHaveCount(0);
    await expect(page.getByTestId("home-no-offer")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/home-kiosk-fr-tablet.png` });

    // Pages of money go back home.
    for (const path of ["/porte-monnaie", "/offres", "/parrain/products"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId("tablet-pupil-bar")).toContainText(fullName);
    }

    // Full screen on a tap; the button leaves once granted.
    const fullscreen = page.getByTestId("tablet-fullscreen");
    await expect(fullscreen).toBeVisible();
    await fullscreen.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await expect(fullscreen).toHaveCount(0);
    await page.evaluate(() => document.exitFullscreen());
    await expect(fullscreen).toBeVisible();

    // An external link (the terms of use, in the account menu) waits for a teacher's code.
    let popups = 0;
    page.context().on("page", () => void popups++);
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: /Conditions d'utilisation/ }).click();
    const gate = page.getByRole("dialog", { name: "Lien externe" });
    await expect(gate).toBeVisible();
    expect(popups).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/teacher-code-fr-tablet.png` });
    // Another class's code is refused, with a clear message.
    await gate.getByLabel("Code de l'enseignant").fill(await tabletCode(page.request, 18));
    await gate.getByRole("button", { name: "Valider" }).click();
    await expect(gate.getByRole("alert")).toContainText("Code de tablette incorrect");
    await gate.getByLabel("Code de l'enseignant").fill(await tabletCode(page.request));
    await gate.getByRole("button", { name: "Valider" }).click();
    const open = gate.getByRole("link");
    await expect(open).toBeVisible();
    const popup = page.context().waitForEvent("page");
    await open.click();
    await (await popup).close();
    expect(popups).toBe(1);
    await expect(gate).toHaveCount(0);

    // A page of another origin a script opens (a live session's room at its provider) waits for the code too.
    expect(await page.evaluate(() => window.open("https://meet.example.org/room/42", "_blank", "noopener,noreferrer"))).toBeNull();
    await expect(gate).toBeVisible();
    await expect(gate.getByText("meet.example.org", { exact: true })).toBeVisible();
    expect(popups).toBe(1);
    await gate.getByRole("button", { name: "Fermer" }).click();
    await expect(gate).toHaveCount(0);

    // Next time: the grid shows her the picture keypad; a wrong sequence is refused, hers opens.
    await page.getByRole("button", { name: "Changer d'élève" }).click();
    await expect(page).toHaveURL(/\/tablette$/);
    await page.getByLabel("Chercher mon nom").fill(pupil.lastName);
    await page.getByRole("button", { name: fullName }).click();
    const again = page.getByRole("dialog", { name: fullName });
    await expect(again.getByText("Votre code : touchez vos 4 images dans l'ordre")).toBeVisible();
    await expect(again.getByLabel("Chiffre 1 du code PIN")).toHaveCount(0);
    await tapPictures(page, ["dog", "dog", "dog", "dog"]);
    await again.getByRole("button", { name: "Se connecter" }).click();
    await expect(again.getByRole("alert")).toContainText("Code PIN incorrect");
    await expect(again.getByTestId("picture-pin-dots")).toHaveText(/0 images sur 4/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/picture-pin-fr-tablet.png` });
    await tapPictures(page, SEQUENCE);
    await again.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByTestId("tablet-pupil-bar")).toContainText(fullName);
  });

  for (const locale of ["fr", "ar"] as const) {
    for (const [label, size] of [["tablet", TABLET], ["phone", PHONE]] as const) {
      test(`axe finds nothing on the kiosk's screens in ${locale} at ${label} size`, async ({ page }) => {
        test.setTimeout(90_000);
        const pupil = { name: "Rania", lastName: uniqueLastName("Kax") };
        const fullName = `${pupil.name} ${pupil.lastName}`;
        await registerVerifiedPupil(page.request, { ...pupil, division: CLASS });
        await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
        await page.setViewportSize(size);
        await enableTablet(page);
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await page.getByRole("searchbox").fill(pupil.lastName);
        await page.getByRole("button", { name: fullName }).click();
        const dialog = page.getByRole("dialog", { name: fullName });
        await dialog.locator('input[autocomplete="current-password"]').fill(PASSWORD);
        await dialog.getByTestId("pin-kind").getByText(locale === "ar" ? "4 صور" : "4 images").click();
        await tapPictures(page, SEQUENCE);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/picture-pin-new-${locale}-${label}.png` });
        await dialog.locator('button[type="submit"]').click();
        await expect(page.getByTestId("tablet-pupil-bar")).toContainText(fullName);
        await expect(page.getByTestId("home-mini-panel")).toBeVisible();
        await expect(page.getByTestId("wallet-widget")).toHaveCount(0);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/home-kiosk-${locale}-${label}.png` });
        await page.getByTestId("user-menu").click();
        await page.getByRole("menuitem").filter({ has: page.locator('[href^="http"]') }).or(page.locator('a[role="menuitem"][href^="http"]')).first().click();
        await expect(page.getByRole("dialog")).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/teacher-code-${locale}-${label}.png` });
      });
    }
  }
});
