import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

export const DEMO_PASSWORD = "Darsi#2026";

/** The newest code the local SMS/e-mail gateway sent to `to` (GET /api/dev/outbox, newest first). */
export async function codeFromOutbox(request: APIRequestContext, to: string, kind = "verification"): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get("/api/dev/outbox");
      const { payload } = (await res.json()) as { payload: Array<{ to: string; kind: string; code?: string }> };
      found = payload.find((m) => m.to === to && m.kind === kind)?.code;
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** A phone number no demo account uses. */
export function freshPhone(): string {
  return `9${String(Date.now() % 10_000_000).padStart(7, "0")}`;
}

export async function loginThroughUi(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel(/E-mail ou numéro de téléphone/).fill(username);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** Picks an option in a Mantine Select by typing part of its label. */
export async function pickOption(page: Page, label: RegExp | string, search: string, option: RegExp | string): Promise<void> {
  // The Select's listbox carries the same label: take its input.
  const input = page.locator("input").and(page.getByLabel(label));
  await input.click();
  await input.fill(search);
  await page.getByRole("option", { name: option }).first().click();
}

/** Solves the server's proof-of-work challenge like the browser does, for API calls made by a test. */
export async function botToken(request: APIRequestContext): Promise<string> {
  const { solveChallenge } = await import("altcha-lib");
  const res = await request.get("/api/auth/challenge");
  const { payload } = (await res.json()) as { payload: { algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number } | null };
  if (!payload) return "";
  const solution = await solveChallenge(payload.challenge, payload.salt, payload.algorithm, payload.maxnumber ?? 1e6).promise;
  return Buffer.from(
    JSON.stringify({ algorithm: payload.algorithm, challenge: payload.challenge, number: solution?.number, salt: payload.salt, signature: payload.signature }),
  ).toString("base64");
}

/**
 * The page's WCAG 2.0–2.2 A/AA violations by axe-core, as "rule: targets" lines (empty when none). Evaluated (as
 * @axe-core/playwright does), not a <script>: the app's CSP allows no inline script. "Label in name" (WCAG 2.5.3) is
 * experimental in axe, off in its standard set, and left off: on the Arabic chapter rows it reports a name that is,
 * character for character, the row's own text (aria-labelledby over its visible parts; checked with a debug run).
 * Runs once no finite animation or transition is running.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // A dialog still fading in has text at a fraction of its opacity: judge the settled screen.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity));
  await page.evaluate(readFileSync(AXE_SOURCE, "utf8"));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      rules: { "label-content-name-mismatch": { enabled: false } },
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

/** A demo account's session through the API (the bot check solved as the browser does). */
export async function apiSession(request: APIRequestContext, username: string): Promise<{ token: string; expires_at: string }> {
  const res = await request.post("/api/auth/login_check", {
    data: { username, password: DEMO_PASSWORD, "g-recaptcha-response": await botToken(request) },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { payload: { token: string; expires_at: string } }).payload;
}

/**
 * Signs `username` in through the API and makes the app open in `locale` with that session (kept across reloads in
 * the same page); returns the token.
 */
export async function signInAs(page: Page, username: string, locale: "fr" | "ar" | "en" = "fr"): Promise<string> {
  const session = await apiSession(page.request, username);
  await page.addInitScript(
    ([token, expires, l]) => {
      if (!localStorage.getItem("token")) {
        localStorage.setItem("token", token);
        localStorage.setItem("expires_at", expires);
      }
      localStorage.setItem("locale", l);
    },
    [session.token, session.expires_at, locale] as const,
  );
  return session.token;
}

/**
 * A pupil registered through the API (with the bot check solved) and verified with the code from the dev outbox: its
 * token and phone. Division 18 (bac Mathématiques) unless told.
 */
export async function registerVerifiedPupil(
  request: APIRequestContext,
  who: { name: string; lastName: string; phone?: string; email?: string; division?: number },
): Promise<{ token: string; phone: string }> {
  const phone = who.phone ?? freshPhone();
  const res = await request.post("/api/auth/register", {
    data: {
      name: who.name,
      lastName: who.lastName,
      phone,
      ...(who.email ? { email: who.email } : {}),
      birthDate: "03/03/2008",
      plainPassword: { first: "Ecole#2026", second: "Ecole#2026" },
      country: 1,
      state: 1,
      division: who.division ?? 18,
      "g-recaptcha-response": await botToken(request),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = ((await res.json()) as { payload: { token: string } }).payload.token;
  const code = await codeFromOutbox(request, phone);
  const confirmed = await request.post(`/api/auth/confirm-registration?token=${code}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { token, phone };
}

/** A 1×1 GIF: what the YouTube player's reachability probe (a thumbnail on i.ytimg.com) gets when YouTube is reachable. */
const TINY_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==", "base64");

/**
 * YouTube reachable, as on a pupil's phone: this machine has no Internet, so the player's probe would fail (at once or
 * after its timeout, depending on the resolver) and show "La vidéo YouTube n'a pas pu être chargée" instead of the embed.
 */
export async function youtubeReachable(page: Page): Promise<void> {
  await page.route("https://i.ytimg.com/**", (route) => route.fulfill({ status: 200, contentType: "image/gif", body: TINY_GIF }));
}
