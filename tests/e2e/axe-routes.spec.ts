/**
 * Every route of the app checked by axe (WCAG 2.0–2.2 A/AA), in French and in Arabic, at phone size: the pupil's
 * routes signed in as the Gold pupil, the parent's space as a parent, the open and public pages signed out. A route
 * with a parameter is reached with a real one (the first the API lists). 0 violations on each.
 */
import { expect, test, type Page } from "@playwright/test";
import { axeViolations, signInAs } from "./helpers";

const PHONE = { width: 412, height: 823 };

/** The pupil's routes (src/routes/_auth), those with a parameter filled in by `paramRoutes`. */
const PUPIL_ROUTES = [
  "/",
  "/subjects",
  "/subjects/mathematiques/details",
  "/subjects/mathematiques/chapters/limites-et-continuite/lessons/fiche-de-synthese/content",
  "/subjects/mathematiques/chapters/limites-et-continuite/lessons/introduction-et-activites/content",
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
  "/generate-gift-code",
  "/convert-coins",
  "/parrain/products",
  "/parrain/empty-cart",
  "/parrain/no-coins",
  "/mon-profil",
  "/mon-profil/edit",
  "/assistance",
  "/payment/echec",
  "/une-page-qui-n-existe-pas",
];

/** Open or public routes, signed out. */
const OPEN_ROUTES = ["/login", "/register", "/reset-password", "/tablette", "/offers/ooredoo", "/digitalvirgo/echec", "/switch"];

/** Routes with an id: the first exam, gift and gift order of the API's lists (the demo pupil has all three). */
async function paramRoutes(page: Page, token: string): Promise<string[]> {
  const get = async <T,>(path: string): Promise<T> => {
    const res = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), path).toBe(200);
    return ((await res.json()) as { payload: T }).payload;
  };
  const out: string[] = [];
  const exams = await get<Array<{ id: number }>>("/api/student/content-exam");
  expect(exams.length).toBeGreaterThan(0);
  out.push(`/exams/${exams[0]!.id}`);
  const gifts = await get<Array<{ id: number }>>("/api/student/gifts");
  if (gifts.length > 0) out.push(`/parrain/product/${gifts[0]!.id}`);
  const orders = await get<Array<{ id: number }>>("/api/student/gift-requests");
  if (orders.length > 0) out.push(`/parrain/purchase-history/${orders[0]!.id}`);
  return out;
}

async function settle(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // The page's own loaders are gone.
  await expect(page.locator("[data-page-loader]")).toHaveCount(0);
}

for (const locale of ["fr", "ar"] as const) {
  test.describe(`axe on every route (${locale})`, () => {
    test.use({ viewport: PHONE });

    // In parts of a few routes each: a loaded machine walks 30 routes in more than one test's time.
    const PARTS = 4;
    for (let part = 0; part < PARTS; part++) {
      test(`the pupil's routes, part ${part + 1} of ${PARTS} (${locale})`, async ({ page }) => {
        test.setTimeout(300_000);
        await page.addLocatorHandler(page.getByTestId("popup-close"), (button) => button.click());
        const token = await signInAs(page, "eleve@darsi.tn", locale);
        const all = [...PUPIL_ROUTES, ...(await paramRoutes(page, token))];
        const size = Math.ceil(all.length / PARTS);
        const found: string[] = [];
        for (const path of all.slice(part * size, (part + 1) * size)) {
          await settle(page, path);
          for (const v of await axeViolations(page)) found.push(`${path} → ${v}`);
        }
        expect(found).toEqual([]);
      });
    }

    test(`the parent's space (${locale})`, async ({ page }) => {
      await signInAs(page, "parent2@darsi.tn", locale);
      await settle(page, "/request-parent-user-children");
      expect(await axeViolations(page)).toEqual([]);
    });

    test(`the open and public routes (${locale})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
      const found: string[] = [];
      for (const path of OPEN_ROUTES) {
        await settle(page, path);
        for (const v of await axeViolations(page)) found.push(`${path} → ${v}`);
      }
      expect(found).toEqual([]);
    });
  });
}
