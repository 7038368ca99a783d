/**
 * The language check (issue 22, item 2): every screen a pupil, a parent and an operator subscriber reach is read in
 * Arabic and in English — its visible text (`document.body.innerText`) plus the `aria-label`s, `title`s, `alt`s and
 * placeholders — and fails on a Latin-script word in Arabic, or a French word in English, outside a small explicit
 * allowlist of people's names, brands, codes and units. One browser page per account, no screenshot.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./helpers";

/**
 * What may stay in Latin script on an Arabic screen: people's names of the demo data, brands, and file formats.
 * Codes and initials (all capitals: CP-YASMINE, RIB, YB, the RC of "dipôle RC") and single letters pass on their own.
 */
const ALLOWED = new Set(
  [
    // people (demo accounts and instructors)
    "Yasmine", "Ben", "Salah", "Leila", "Ali", "Amine", "Mansouri", "Hichem", "Rania", "Mohamed", "Sonia", "Jaziri",
    "Chebbi", "Gharbi", "Mejri",
    // brands and products
    "Darsi", "Google", "Facebook", "Instagram", "TikTok", "YouTube", "Ooredoo", "Orange", "Telecom", "Flouci", "e-Dinar",
    "Visa", "Mastercard", "WhatsApp", "Darsi SARL", "La Poste Tunisienne",
    // file formats
    "pdf", "WebP",
  ].map((w) => w.toLowerCase()),
);

/** Common French words (English has none of them) and French accented letters, that an English screen must not show. */
const FRENCH = new Set(
  [
    "le", "la", "les", "des", "du", "une", "et", "est", "avec", "pour", "dans", "sur", "par", "pas", "vous", "votre",
    "vos", "nous", "ma", "mes", "ton", "ta", "tes", "ses", "aux", "au", "ce", "cette", "ces", "qui", "que", "quoi",
    "mais", "ou", "aucun", "aucune", "chapitre", "chapitres", "cours", "examen", "examens", "devoir", "devoirs",
    "physique", "offre", "offres", "abonnement", "mois", "semaine", "jour", "jours", "heure", "heures", "solde",
    "profil", "classe", "niveau", "bienvenue", "bonjour", "voir", "tous", "toutes", "plus", "moins", "suivant",
    "fermer", "annuler", "enregistrer", "valider", "modifier", "supprimer", "rechercher", "accueil", "limites",
    "suites", "fonctions", "logarithme", "nombres", "activités", "fiche", "exercices", "rappel", "raison", "erreur",
    "gratuit", "gratuite", "achat", "recharge", "transfert", "parrainage", "agence", "banque", "séance", "séances",
  ].map((w) => w.toLowerCase()),
);

const PUPIL_ROUTES = [
  "/",
  "/subjects",
  "/subjects/mathematiques/details",
  "/subjects/mathematiques/chapters/limites-et-continuite/lessons/fiche-de-synthese/content",
  "/courses",
  "/exams",
  "/exams-calendar",
  "/sessions",
  "/historique",
  "/reports",
  "/liste-de-favoris",
  "/mon-profil",
  "/mon-profil/edit",
  "/offres",
  "/porte-monnaie",
  "/revenu",
  "/assistance",
  "/convert-coins",
  "/gift-code",
  "/generate-gift-code",
  "/parrain/products",
  "/request-parent-user-children",
];

const PARENT_ROUTES = ["/", "/liste-des-demandes-parentales", "/mon-profil"];
const OPERATOR_ROUTES = ["/", "/offres", "/mon-profil"];

/**
 * The page's text: its visible text, and the labels, titles, alternatives and placeholders of its elements — less
 * what people wrote themselves (`data-authored`: a pupil's report, the external forum's posts, a person's name as they
 * typed it), which stays in the language it was written in.
 */
async function screenText(page: Page): Promise<string> {
  const text = await page.evaluate(() => {
    const parts = [document.body.innerText, document.title];
    for (const el of Array.from(document.querySelectorAll("[aria-label],[title],[alt],[placeholder]"))) {
      if (el.closest("[data-authored]")) continue;
      for (const attr of ["aria-label", "title", "alt", "placeholder"]) {
        const value = el.getAttribute(attr);
        if (value) parts.push(value);
      }
    }
    // What people wrote themselves is taken out wherever it appears: in the text, and in a label that names it
    // ("Approuver la demande de Salma Fille").
    let all = parts.join("\n");
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("[data-authored]"))) {
      const own = el.innerText.trim();
      if (own) all = all.split(own).join(" ");
    }
    return all;
  });
  // Addresses (e-mail, web) are codes, not words; and the allowlist's names of two words are taken out whole. Of what
  // the server inserted into a notification's sentence, only what people wrote themselves is left out: a person's name
  // or an operator's own words (a rejection's reason), isolated as of unknown direction (FSI … PDI, U+2068…U+2069). The
  // catalogue names it inserts in the reader's language (isolated LRI/RLI … PDI) are checked like the rest
  // (server/services/notifications/texts.ts).
  let cleaned = text
    .replace(/\u2068[^\u2069]*\u2069/g, " ")
    .replace(/\S+@\S+/g, " ").replace(/https?:\/\/\S+/g, " ").replace(/\b[\w-]+\.(tn|com|org)\b/gi, " ");
  for (const name of ALLOWED) if (name.includes(" ")) cleaned = cleaned.replace(new RegExp(name, "gi"), " ");
  return cleaned;
}

/** A code or initials (all capitals, digits, dashes) or a single letter: not a word of any language. */
const isCode = (w: string) => w.length === 1 || (/^[\p{Lu}\d-]+$/u.test(w) && /\p{Lu}/u.test(w));

/** Runs of Latin script (with their apostrophes and dashes) that are neither allowed names nor codes. */
function latinWords(text: string): string[] {
  const runs = text.match(/[\p{Script=Latin}][\p{Script=Latin}\p{M}'’-]*/gu) ?? [];
  return runs.map((w) => w.replace(/['’-]+$/, "")).filter((w) => w && !ALLOWED.has(w.toLowerCase()) && !isCode(w));
}

/** French words of the list, and any word with a French accented letter, outside the allowlist. */
function frenchWords(text: string): string[] {
  const words = text.split(/[^\p{L}\p{M}'’-]+/u).flatMap((w) => w.split(/['’]/)).filter(Boolean);
  return words.filter((w) => {
    const lower = w.toLowerCase();
    if (ALLOWED.has(lower)) return false;
    return FRENCH.has(lower) || /[àâçéèêëîïôûùüÿœæ]/i.test(w);
  });
}

/** Visits each route (and opens the user menu and the notifications on the first), collecting "route: word" lines. */
async function readScreens(page: Page, routes: string[], find: (text: string) => string[]): Promise<string[]> {
  const found = new Set<string>();
  const collect = async (where: string) => {
    for (const word of find(await screenText(page))) found.add(`${where}: ${word}`);
  };
  for (const route of routes) {
    await page.goto(route);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("main")).toBeVisible();
    await collect(route);
    if (route === "/") {
      const menu = page.getByTestId("user-menu");
      if (await menu.isVisible()) {
        await menu.click();
        await page.waitForTimeout(300);
        await collect(`${route} (user menu)`);
        await page.keyboard.press("Escape");
      }
      for (const button of ["notifications-button", "messages-button"]) {
        const opener = page.getByTestId(button);
        if (!(await opener.isVisible())) continue;
        await opener.click();
        await page.waitForTimeout(500);
        await collect(`${route} (${button})`);
        // Each message of the menu, opened.
        if (button === "messages-button") {
          const links = await page.getByTestId("message-item").evaluateAll((els) => els.map((el) => el.getAttribute("href")!));
          for (const href of links) {
            await page.goto(href);
            await expect(page.getByTestId("message-body")).toBeVisible();
            await collect(href);
          }
          await page.goto(route);
        } else {
          await page.keyboard.press("Escape");
        }
      }
    }
  }
  return [...found];
}

test.describe("the language check", () => {
  test.describe.configure({ timeout: 240_000 });

  for (const [who, username, routes] of [
    ["the pupil", "eleve@darsi.tn", PUPIL_ROUTES],
    ["the parent", "parent@darsi.tn", PARENT_ROUTES],
    ["the operator subscriber", "abonne@darsi.tn", OPERATOR_ROUTES],
  ] as const) {
    test(`${who}: no Latin-script word in Arabic outside names, brands and codes`, async ({ page }) => {
      await signInAs(page, username, "ar");
      expect(await readScreens(page, [...routes], latinWords)).toEqual([]);
    });

    test(`${who}: no French word in English`, async ({ page }) => {
      await signInAs(page, username, "en");
      expect(await readScreens(page, [...routes], frenchWords)).toEqual([]);
    });
  }
});
