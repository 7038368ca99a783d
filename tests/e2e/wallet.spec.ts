/**
 * The wallet as a pupil without points uses it (issue 9 item 4): an online card payment through the sandbox gateway's
 * own page (pay: the balance grows once; fail: the failure message), D17 (a QR code, paid on D17's page, "Continuer"),
 * a bank top-up pending in the history; no WCAG 2.2 AA violation found by axe on /porte-monnaie in French and Arabic at
 * 412 × 823; the statement of a pupil who topped up, bought and transferred: each movement named in French and in Arabic
 * from its kind and parameters, the balance after each, the kind filter, axe in both languages. Screenshots of the screen (fr/ar, phone/desktop) go to $WALLET_SHOTS (default <tmp>/darsi-wallet-shots).
 */
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { StatementRowDto } from "../../domain/wallet";
import { formatMillimes } from "../../domain/format";
import { DEMO_PASSWORD, botToken, axeViolations, codeFromOutbox, registerVerifiedPupil } from "./helpers";

const PHONE = { width: 412, height: 823 };
const DESKTOP = { width: 1280, height: 800 };
/** Outside test-results/ (which every Playwright run empties): WALLET_SHOTS or <tmp>/darsi-wallet-shots. */
const SHOTS = process.env.WALLET_SHOTS ?? join(tmpdir(), "darsi-wallet-shots");

let token = "";

/** Signs `nouveau` (no offer, no points) in through the API and opens the app in `locale`. */
async function signIn(page: Page, locale: "fr" | "ar" = "fr") {
  if (!token) {
    const res = await page.request.post("/api/auth/login_check", {
      data: { username: "nouveau@darsi.tn", password: DEMO_PASSWORD, "g-recaptcha-response": await botToken(page.request) },
    });
    expect(res.status()).toBe(200);
    token = ((await res.json()) as { payload: { token: string } }).payload.token;
  }
  await page.addInitScript(
    ([t, l]) => {
      if (!localStorage.getItem("token")) {
        localStorage.setItem("token", t);
        localStorage.setItem("expires_at", new Date(Date.now() + 86_400_000).toISOString());
      }
      localStorage.setItem("locale", l);
    },
    [token, locale] as const,
  );
}

/** The balance as the server has it, in millimes. */
async function points(page: Page): Promise<number> {
  const res = await page.request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { payload: { points: number } }).payload.points;
}

async function startTopup(page: Page, method: "online" | "d17" | "bank", dinars: string, reference?: string) {
  await page.getByTestId(`method-${method}`).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("topup-amount").fill(dinars);
  if (reference) await dialog.getByTestId("topup-reference").fill(reference);
  await dialog.getByTestId("topup-submit").click();
  return dialog;
}

test.describe.configure({ mode: "serial" });

test.describe("the wallet", () => {
  test.use({ viewport: PHONE });

  test("online payment through the sandbox gateway: the balance grows once", async ({ page }) => {
    await signIn(page);
    const before = await points(page);
    await page.goto("/porte-monnaie");
    // Other specs may have used this pupil's wallet already: the history is loaded, whatever it holds.
    await expect(page.getByTestId("history-loading")).toBeHidden();
    await startTopup(page, "online", "15");
    // The gateway's own page (another site, as it were), reached by the hidden form.
    await page.waitForURL("**/sandbox/gateway/pay");
    await expect(page.getByTestId("sandbox-amount")).toHaveText("15,000 TND");
    await page.screenshot({ path: `${SHOTS}/sandbox-gateway-phone.png` });
    await page.getByRole("button", { name: "Payer" }).click();
    // Back through /payment/success (the server confirms with the gateway), then to the wallet it started from.
    await page.waitForURL(/\/porte-monnaie\?.*payment=success/);
    await expect(page.getByTestId("payment-success")).toBeVisible();
    await expect(page.getByTestId("wallet-balance-value")).toHaveText(formatMillimes(before + 15_000, "fr"));
    expect(await points(page)).toBe(before + 15_000);
    await expect(page.getByTestId("statement-row").first()).toContainText("Recharge par carte bancaire");
    await expect(page.getByTestId("statement-row").first()).toHaveAttribute("data-status", "approved");
    // Reloaded: the same balance (the return is not applied twice).
    await page.reload();
    await expect(page.getByTestId("wallet-balance-value")).toHaveText(formatMillimes(before + 15_000, "fr"));
    expect(await points(page)).toBe(before + 15_000);
  });

  test("a failed payment: the failure message, nothing credited", async ({ page }) => {
    await signIn(page);
    const before = await points(page);
    await page.goto("/porte-monnaie");
    await startTopup(page, "online", "40");
    await page.waitForURL("**/sandbox/gateway/pay");
    await page.getByRole("button", { name: "Échouer" }).click();
    await page.waitForURL(/\/porte-monnaie\?.*payment=failed/);
    await expect(page.getByTestId("payment-failed")).toContainText("La transaction n'a pas pu aboutir, veuillez réessayer plus tard");
    // One message, in French: the alert titled "Erreur de paiement", no English toast repeating it.
    await expect(page.getByTestId("payment-failed")).toContainText("Erreur de paiement");
    await expect(page.getByText("Payment Error")).toHaveCount(0);
    await expect(page.getByText("La transaction n'a pas pu aboutir, veuillez réessayer plus tard")).toHaveCount(1);
    await expect(page.getByTestId("statement-row").first()).toHaveAttribute("data-status", "failed");
    expect(await points(page)).toBe(before);
  });

  test("D17: a QR code; paid on D17's page, 'Continuer' credits", async ({ page, context }) => {
    await signIn(page);
    const before = await points(page);
    await page.goto("/porte-monnaie");
    const dialog = await startTopup(page, "d17", "20");
    const qr = dialog.getByTestId("d17-qr");
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    const url = (await qr.getAttribute("data-url"))!;
    expect(url).toMatch(/\/sandbox\/d17\/[a-f0-9]{32}$/);
    await page.screenshot({ path: `${SHOTS}/wallet-fr-phone-d17.png` });
    // Not paid yet.
    await dialog.getByTestId("d17-continue").click();
    await expect(dialog.getByTestId("d17-notice")).toContainText("pas encore confirmé");
    // The payer's phone opens the QR code's URL and pays.
    const phone = await context.newPage();
    await phone.goto(url);
    await expect(phone.getByTestId("sandbox-amount")).toHaveText("20,000 TND");
    await phone.getByRole("button", { name: "Payer avec D17" }).click();
    await expect(phone.getByTestId("d17-done")).toContainText("Paiement effectué");
    await phone.close();
    await dialog.getByTestId("d17-continue").click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByTestId("wallet-balance-value")).toHaveText(formatMillimes(before + 20_000, "fr"));
    expect(await points(page)).toBe(before + 20_000);
  });

  test("a bank top-up waits in the history for the operator", async ({ page }) => {
    await signIn(page);
    const before = await points(page);
    await page.goto("/porte-monnaie");
    await startTopup(page, "bank", "30", "VIR-E2E-0001");
    await expect(page.getByRole("dialog")).toBeHidden();
    const row = page.getByTestId("statement-row").filter({ hasText: "VIR-E2E-0001" });
    await expect(row).toHaveAttribute("data-status", "pending");
    await expect(row).toContainText("En attente");
    expect(await points(page)).toBe(before);
  });

  for (const locale of ["fr", "ar"] as const) {
    test(`no axe violation on /porte-monnaie in ${locale} at 412 × 823 (and with the top-up form open)`, async ({ page }) => {
      await signIn(page, locale);
      // A history to look at, whatever ran before: a pending bank top-up.
      const made = await page.request.post("/api/student/codes", {
        headers: { authorization: `Bearer ${token}`, "idempotency-key": `e2e-wallet-axe-${locale}` },
        data: { amount: 12_000, paymentMethod: "bank", reference: `VIR-AXE-${locale.toUpperCase()}`, comment: "Versement Poste" },
      });
      expect(made.status()).toBe(201);
      await page.goto("/porte-monnaie?missing=12300");
      await expect(page.getByTestId("statement-row").first()).toBeVisible();
      await expect(page.getByTestId("wallet-missing")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/wallet-${locale}-phone.png`, fullPage: true });
      await page.getByTestId("method-bank").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.getByRole("dialog").getByTestId("topup-submit").click();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/wallet-${locale}-phone-modal.png` });
      await page.setViewportSize(DESKTOP);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      await page.screenshot({ path: `${SHOTS}/wallet-${locale}-desktop.png` });
      await page.getByTestId("wallet-history").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/wallet-${locale}-desktop-history.png` });
    });
  }
});

/** The operator's key of the admin routes (the e2e server's secret). */
function adminKey(): string {
  const secret = readFileSync(join(process.env.E2E_DATA_DIR!, "secret.key"), "utf8").trim();
  return createHmac("sha256", secret).update("admin-cli").digest("hex");
}

async function call(request: APIRequestContext, token: string, method: "get" | "post", path: string, data?: unknown): Promise<unknown> {
  const res = await request[method](path, { headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": randomUUID() }, ...(data ? { data } : {}) });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return ((await res.json()) as { payload: unknown }).payload;
}

/**
 * A pupil with a statement made through the real API: 100 points by bank transfer (approved by the operator), the
 * class's cheapest offer bought, 10 points sent to a classmate (confirmed with the code), a bank top-up still waiting.
 */
async function pupilWithStatement(request: APIRequestContext): Promise<{ token: string }> {
  const pupil = await registerVerifiedPupil(request, { name: "Salma", lastName: "Relevé" });
  const classmate = await registerVerifiedPupil(request, { name: "Karim", lastName: "Jaziri" });
  const topup = (await call(request, pupil.token, "post", "/api/student/codes", { paymentMethod: "bank", amount: 100_000, reference: `VIR-REL-${pupil.phone}` })) as { id: number };
  const approved = await request.post(`/api/admin/topups/${topup.id}/approve`, { headers: { "x-admin-key": adminKey() } });
  expect(approved.status(), await approved.text()).toBe(200);
  const offers = (await call(request, pupil.token, "get", "/api/student/offers")) as Array<{ id: number; pricing: Array<{ period: string; final_price: number }> }>;
  const [cheapest] = offers
    .flatMap((o) => o.pricing.map((p) => ({ offer: o.id, ...p })))
    .filter((p) => p.final_price > 0 && p.final_price <= 80_000)
    .sort((a, b) => a.final_price - b.final_price);
  expect(cheapest, "an offer for sale to the class").toBeDefined();
  await call(request, pupil.token, "post", "/api/student/checkout/buy", { offerDivisionDetail: cheapest!.offer, period: cheapest!.period, amount: cheapest!.final_price });
  const sent = (await call(request, pupil.token, "post", "/api/student/transfer-points", { toUser: classmate.phone, points: 10_000 })) as { id: number };
  const code = await codeFromOutbox(request, pupil.phone, "transfer");
  await call(request, pupil.token, "post", "/api/student/confirm-transfer-points", { confirmationToken: code, transfer: sent.id });
  await call(request, pupil.token, "post", "/api/student/codes", { paymentMethod: "bank", amount: 5_000, reference: `VIR-ATT-${pupil.phone}` });
  return { token: pupil.token };
}

/** Opens the app in `locale` with the pupil's session (registered through the API). */
async function openAs(page: Page, session: string, locale: "fr" | "ar") {
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem("token", t);
      localStorage.setItem("expires_at", new Date(Date.now() + 86_400_000).toISOString());
      localStorage.setItem("locale", l);
    },
    [session, locale] as const,
  );
}

test.describe("the statement", () => {
  test.use({ viewport: PHONE });

  test("a pupil who topped up, bought and transferred sees each movement named in French and Arabic, the balance after each, a filter", async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    await page.addLocatorHandler(page.getByTestId("popup-close"), (button) => button.click());
    const pupil = await pupilWithStatement(request);
    const rows = (await call(request, pupil.token, "get", "/api/student/wallet/statement?perPage=25")) as StatementRowDto[];
    expect(rows.map((r) => r.kind)).toEqual(["topup", "transfer", "purchase", "topup"]);
    const offer = rows[2]!.offer!;
    const balance = rows[0]!.balance;
    expect(rows[3]!.balance).toBe(100_000);

    await openAs(page, pupil.token, "fr");
    await page.goto("/porte-monnaie");
    const list = page.getByTestId("statement-row");
    // A loaded machine may take a while to build the first screen.
    await expect(list).toHaveCount(4, { timeout: 30_000 });
    await expect(list.nth(0)).toContainText("Recharge par virement ou versement");
    await expect(list.nth(0)).toContainText("En attente");
    await expect(list.nth(1)).toContainText("Transfert envoyé à Karim Jaziri");
    await expect(list.nth(1).getByTestId("statement-amount")).toHaveText(formatMillimes(-10_000, "fr"));
    await expect(list.nth(2)).toContainText(`Achat ${offer.name} du `);
    await expect(list.nth(3)).toContainText("Recharge par virement ou versement");
    await expect(list.nth(3).getByTestId("statement-balance")).toHaveText(formatMillimes(100_000, "fr"));
    // The balance after each movement, the newest one equal to the balance shown on top.
    await expect(list.nth(0).getByTestId("statement-balance")).toHaveText(formatMillimes(balance, "fr"));
    await expect(page.getByTestId("wallet-balance-value")).toHaveText(formatMillimes(balance, "fr"));
    await expect(list.nth(1).getByTestId("statement-balance")).toHaveText(formatMillimes(balance, "fr"));
    await expect(page.getByTestId("balance-chart-summary")).toBeVisible();
    await expect(page.getByTestId("balance-chart-plot").locator(".recharts-surface")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/statement-fr-phone.png`, fullPage: true });

    // The filter lives in the URL: only the transfers, with the true balance.
    await page.getByTestId("statement-filter").selectOption("transfer");
    await page.waitForURL(/kind=transfer/);
    await expect(list).toHaveCount(1);
    await expect(list.first()).toContainText("Transfert envoyé à Karim Jaziri");
    await page.getByTestId("statement-filter").selectOption("refund");
    await expect(page.getByTestId("history-empty")).toContainText("Aucun mouvement de ce type");
    await expect(page.getByTestId("history-empty")).toContainText(formatMillimes(balance, "fr"));

    // In Arabic: the same movements in Arabic sentences, the offer in Arabic where the database has it.
    const ar = await browser.newPage({ viewport: PHONE });
    await ar.addLocatorHandler(ar.getByTestId("popup-close"), (button) => button.click());
    await openAs(ar, pupil.token, "ar");
    await ar.goto("/porte-monnaie");
    const arList = ar.getByTestId("statement-row");
    await expect(arList).toHaveCount(4, { timeout: 30_000 });
    await expect(arList.nth(0)).toContainText("الشحن بتحويل أو إيداع بنكي");
    await expect(arList.nth(1)).toContainText("تحويل مُرسَل إلى Karim Jaziri");
    await expect(arList.nth(2)).toContainText(`شراء ${offer.name_ar ?? offer.name}`);
    await expect(arList.nth(0)).not.toContainText("Recharge");
    await expect(ar.locator("html")).toHaveAttribute("dir", "rtl");
    expect(await axeViolations(ar)).toEqual([]);
    await ar.screenshot({ path: `${SHOTS}/statement-ar-phone.png`, fullPage: true });
    await ar.getByTestId("wallet-chart").scrollIntoViewIfNeeded();
    await ar.screenshot({ path: `${SHOTS}/statement-ar-phone-chart.png` });
    await ar.close();
  });
});
