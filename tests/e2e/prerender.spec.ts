import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { axeViolations, loginThroughUi, pickOption, signInAs } from "./helpers";

// /login and /register arrive rendered at build time (scripts/lib/prerender.mjs, issue 22 item 8): French, signed out.

/** Console errors and uncaught exceptions of the page (a React hydration or render warning is logged as an error). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** Whether the prerendered page was displayed when the HTML was parsed, before the app's code ran (read on `interactive`). */
async function recordFirstPaintState(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      const page = document.querySelector("#root > [data-prerendered]");
      (window as unknown as { firstState: unknown }).firstState = {
        prerendered: !!page,
        shown: page ? getComputedStyle(page).display !== "none" : false,
      };
    });
  });
}

const firstState = (page: Page) => page.evaluate(() => (window as unknown as { firstState: { prerendered: boolean; shown: boolean } }).firstState);

test.describe("prerendered sign-in pages", () => {
  test("the HTML of /login and /register holds the form, in French, left to right; other paths get the empty shell", async ({ request }) => {
    for (const [path, words] of [
      ["/login", ['autoComplete="username"', 'autoComplete="current-password"', "Se connecter", "Mot de passe oublié ?"]],
      ["/register", ["Créer mon compte", "Prénom", "Numéro de téléphone"]],
    ] as const) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<html lang="fr" dir="ltr"[ >]/);
      expect(html).toContain('<div id="root"><div data-prerendered="">');
      expect(html).toMatch(/<form[^>]*novalidate/i);
      for (const w of words) expect(html).toContain(w);
      // One script: boot.js inline (the render left none), allowed by its hash alone; nothing else blocks the first
      // paint (no script or stylesheet to fetch). The entry and the whole stylesheet load after it (boot.js).
      expect(html.match(/<script\b[^>]*>/g)).toEqual(["<script>"]);
      const inline = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
      const hash = `'sha256-${createHash("sha256").update(inline, "utf8").digest("base64")}'`;
      const scriptSrc = res.headers()["content-security-policy"]!.split("; ").find((d) => d.startsWith("script-src "));
      expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
      expect(html).toMatch(/<meta name="darsi-start" content="[^"]*\/assets\/app-[\w-]+\.js"/);
      expect(html).toMatch(/<meta name="darsi-css" content="\/assets\/app-[\w-]+\.css"/);
      expect(html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "")).not.toMatch(/<link rel="(stylesheet|modulepreload)"/);
      expect(html).toMatch(/<style>[^<]*\.m_[0-9a-f]+/);
    }
    // Other pages keep the policy without any inline script.
    const shell = await request.get("/offres");
    expect(shell.headers()["content-security-policy"]).toContain("script-src 'self';");
    const other = await shell.text();
    expect(other).toContain('<div id="root"></div>');
    // With a query string too (the path decides).
    expect(await (await request.get("/login?nextPage=offres")).text()).toContain("data-prerendered");
  });

  test("the Content-Security-Policy runs the page's own inline script and refuses a foreign one", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/login");
    // The app has taken the page over (boot.js ran and started it).
    await expect(page.locator("#root > [data-prerendered]")).toHaveCount(0);
    await expect(page.getByLabel(/E-mail ou numéro de téléphone/)).toBeEditable();
    // The whole stylesheet arrived after the first paint.
    await expect(page.locator('head link[rel="stylesheet"][href^="/assets/app-"]')).toHaveCount(1);
    expect(errors).toEqual([]);
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; violated: string | null }>((resolve) => {
          let violated: string | null = null;
          document.addEventListener("securitypolicyviolation", (e) => (violated = e.violatedDirective));
          const script = document.createElement("script");
          script.textContent = "window.foreignRan = true;";
          document.head.appendChild(script);
          setTimeout(() => resolve({ ran: (window as unknown as { foreignRan?: boolean }).foreignRan === true, violated }), 200);
        }),
    );
    expect(outcome).toEqual({ ran: false, violated: expect.stringMatching(/^script-src/) });
  });

  test("the form is painted from the HTML alone (no script)", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
    await expect(page.getByLabel(/E-mail ou numéro de téléphone/)).toBeVisible();
    // The submit button stays disabled and the fields read-only until the app runs: no submission of the bare form,
    // nothing typed that the app's render would lose.
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeDisabled();
    await expect(page.getByLabel(/E-mail ou numéro de téléphone/)).not.toBeEditable();
    await context.close();
  });

  test("the app takes over each form where the HTML painted it: no field moves (phone and desktop)", async ({ browser }) => {
    /**
     * Top, left and size of the form's title, labels, fields and submit button, once the fonts are in. The sign-in
     * providers' buttons arrive later, below the submit button (their own chunk), and are not part of the painted form.
     */
    const layout = (page: Page) =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.querySelectorAll("main form :is(h1, label, input, button[type=submit])")].map((e) => {
          const r = e.getBoundingClientRect();
          return `${e.tagName} ${Math.round(r.top)},${Math.round(r.left)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        });
      });
    for (const viewport of [{ width: 412, height: 823 }, { width: 1280, height: 800 }]) {
      for (const path of ["/login", "/register"]) {
        const bare = await browser.newContext({ javaScriptEnabled: false, viewport });
        const painted = await bare.newPage();
        await painted.goto(path);
        const before = await layout(painted);
        await bare.close();
        const live = await browser.newContext({ viewport });
        const page = await live.newPage();
        await page.goto(path);
        await expect(page.locator("#root > [data-prerendered]")).toHaveCount(0);
        await expect(page.locator("main form input").first()).toBeEditable();
        expect(before.length, `${path} at ${viewport.width} px`).toBeGreaterThan(3);
        expect(await layout(page), `${path} at ${viewport.width} px`).toEqual(before);
        await live.close();
      }
    }
  });

  test("a French visitor: the page shows at once, the app takes it over without an error, and signs in", async ({ page }) => {
    const errors = collectErrors(page);
    await recordFirstPaintState(page);
    await page.goto("/register");
    expect(await firstState(page)).toMatchObject({ prerendered: true, shown: true });
    await expect(page).toHaveTitle(/Créer un compte/);
    // The app has taken the page over: its select works.
    await pickOption(page, /Gouvernorat/, "Sfax", "Sfax");
    await expect(page.locator("input").and(page.getByLabel(/Gouvernorat/))).toHaveValue("Sfax");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/login");
    expect(await firstState(page)).toMatchObject({ prerendered: true, shown: true });
    await loginThroughUi(page, "22000001");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: /Yasmine/ })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("an Arabic visitor never sees the French page: hidden before the first paint, then the Arabic form", async ({ page }) => {
    const errors = collectErrors(page);
    await page.addInitScript(() => localStorage.setItem("locale", "ar"));
    await recordFirstPaintState(page);
    await page.goto("/login");
    expect(await firstState(page)).toMatchObject({ prerendered: true, shown: false });
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("button", { name: "تسجيل الدخول" })).toBeVisible();
    await expect(page.getByText("Se connecter")).toHaveCount(0);
    await expect(page.locator("#root")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("a signed-in pupil opening /login goes to the home without the sign-in form painted", async ({ page }) => {
    const errors = collectErrors(page);
    await signInAs(page, "22000001");
    await recordFirstPaintState(page);
    await page.goto("/login");
    expect(await firstState(page)).toMatchObject({ prerendered: true, shown: false });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: /Yasmine/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Se connecter" })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
