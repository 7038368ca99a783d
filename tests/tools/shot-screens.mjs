/* global localStorage */
// Screenshots of the signed-in screens in French, Arabic and English at 412×823 and 1366×900, to look at:
//   node tests/tools/shot-screens.mjs <base-url> <out-dir> [login] [only-name]
// Also "login-<locale>": the top bar right after signing in through the form (toasts included).
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [, , base = "http://localhost:3000", out = "/tmp/shots", login = "eleve@darsi.tn", only] = process.argv;
mkdirSync(out, { recursive: true });
const PAGES = [
  ["home", "/"],
  ["subjects", "/subjects"],
  ["subject", "/subjects/mathematiques/details"],
  ["lesson", "/subjects/mathematiques/chapters/derivabilite/lessons/fiche-de-synthese/content"],
  ["youtube", "/subjects/mathematiques/chapters/limites-et-continuite/lessons/introduction-et-activites/content"],
  ["404", "/cette-page-n-existe-pas"],
];
const SIZES = [
  [412, 823],
  [1366, 900],
];
const res = await fetch(`${base}/api/auth/login_check`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: login, password: "Darsi#2026" }),
});
const { payload } = await res.json();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const locale of ["fr", "ar", "en"]) {
  for (const [w, h] of SIZES) {
    const context = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.log("pageerror:", e.message));
    await page.addInitScript(
      ([t, e, l]) => {
        if (!localStorage.getItem("token")) {
          localStorage.setItem("token", t);
          localStorage.setItem("expires_at", e);
        }
        localStorage.setItem("locale", l);
      },
      [payload.token, payload.expires_at, locale],
    );
    for (const [name, path] of PAGES) {
      if (only && only !== name) continue;
      await page.goto(base + path, { waitUntil: "networkidle" });
      await page.waitForSelector("main h1, main h2, [data-testid=not-found]", { timeout: 15_000 }).catch(() => {});
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${out}/${name}-${locale}-${w}.png`, fullPage: true });
      await page.screenshot({ path: `${out}/top-${name}-${locale}-${w}.png`, clip: { x: 0, y: 0, width: w, height: 64 } });
      if (name === "home") {
        // The search's suggestions for a chapter.
        const field = page.getByRole("combobox").or(page.getByPlaceholder(/Rechercher|Search|بحث/)).first();
        if (await field.isVisible().catch(() => false)) {
          await field.click();
          await page.keyboard.type(locale === "ar" ? "المتتاليات" : locale === "en" ? "sequences" : "suites");
          await page.waitForTimeout(1200);
          await page.screenshot({ path: `${out}/search-${locale}-${w}.png` });
          await page.keyboard.press("Escape");
        }
      }
    }
    await context.close();
    if (!only || only === "login") {
      // Signing in through the form: the top bar with its toast.
      const ctx = await browser.newContext({ viewport: { width: w, height: h } });
      const p = await ctx.newPage();
      await p.addInitScript((l) => localStorage.setItem("locale", l), locale);
      await p.goto(`${base}/login`, { waitUntil: "networkidle" });
      await p.locator("input").first().fill(login);
      await p.locator("input[type=password]").fill("Darsi#2026");
      await p.locator("button[type=submit]").click();
      await p.waitForURL(`${base}/`);
      await p.waitForTimeout(700);
      await p.screenshot({ path: `${out}/login-${locale}-${w}.png` });
      await ctx.close();
    }
  }
}
await browser.close();
console.log("done");
