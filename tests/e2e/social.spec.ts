/**
 * Social sign-in (issue 21) as a pupil does it at phone size, through the local provider the e2e server starts
 * (scripts/lib/social-sandbox.mjs): a new pupil signs up with Google and lands on the profile to complete; an existing
 * pupil links Facebook from /mon-profil, then signs in with it in one tap, to the home. The /login buttons in Arabic
 * pass axe. SOCIAL_SHOTS=<dir> keeps screenshots of /login with the buttons in French and Arabic.
 */
import { expect, test, type Page } from "@playwright/test";
import { axeViolations, signInAs } from "./helpers";

const PHONE = { width: 412, height: 823 };
const SHOTS = process.env.SOCIAL_SHOTS;

test.use({ viewport: PHONE });

async function pickIdentity(page: Page, identity: string) {
  // The local provider's page (another origin), then back to /login/{provider}/callback.
  await expect(page.locator(`[data-identity="${identity}"]`)).toBeVisible();
  await page.locator(`[data-identity="${identity}"]`).click();
}

async function openLogin(page: Page, locale: "fr" | "ar") {
  await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: locale === "fr" ? "Continuer avec Google" : "المتابعة باستخدام Google" })).toBeVisible();
}

test("a new pupil signs up with Google and is asked to complete the profile (fr)", async ({ page }) => {
  await openLogin(page, "fr");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-social-fr.png` });
  await page.getByRole("button", { name: "Continuer avec Google" }).click();
  await pickIdentity(page, "google-verified");
  await expect(page).toHaveURL(/\/mon-profil\/edit$/);
});

test("an existing pupil links Facebook, then signs in with it in one tap, to the home (fr)", async ({ page, context }) => {
  // Two round trips through the provider and two app starts.
  test.setTimeout(180_000);
  await signInAs(page, "eleve@darsi.tn", "fr");
  await page.goto("/mon-profil");
  const facebook = page.getByTestId("linked-facebook");
  await expect(facebook).toContainText("Non lié");
  await facebook.getByRole("button", { name: "Lier" }).click();
  await pickIdentity(page, "facebook-email");
  await expect(page).toHaveURL(/\/mon-profil$/);
  await expect(page.getByTestId("linked-facebook")).toContainText("Lié");
  await expect(page.getByTestId("linked-facebook")).not.toContainText("Non lié");

  // Another visit of this device, signed out.
  await context.clearCookies();
  const fresh = await context.newPage();
  await fresh.goto("/login");
  await fresh.evaluate(() => localStorage.clear());
  await openLogin(fresh, "fr");
  await fresh.getByRole("button", { name: "Continuer avec Facebook" }).click();
  await pickIdentity(fresh, "facebook-email");
  await expect(fresh).toHaveURL(/\/$/);
  await expect(fresh.getByText("Connexion réussie")).toBeVisible();
});

test("a refusal at the provider ends on /login with the reason (fr)", async ({ page }) => {
  await openLogin(page, "fr");
  await page.getByRole("button", { name: "Continuer avec Google" }).click();
  await pickIdentity(page, "denied");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Connexion annulée")).toBeVisible();
});

test("the /login buttons in Arabic: right to left, no axe violation", async ({ page }) => {
  await openLogin(page, "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("button", { name: "المتابعة باستخدام فيسبوك" })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-social-ar.png` });
  expect(await axeViolations(page)).toEqual([]);
});
