import { expect, type APIRequestContext, type Page } from "@playwright/test";

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
