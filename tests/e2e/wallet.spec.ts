/**
 * The wallet as a pupil without points uses it (issue 9 item 4): an online card payment through the sandbox gateway's
 * own page (pay: the balance grows once; fail: the failure message), D17 (a QR code, paid on D17's page, "Continuer"),
 * a bank top-up pending in the history; no WCAG 2.2 AA violation found by axe on /porte-monnaie in French and Arabic at
 * 412 × 823. Screenshots of the screen (fr/ar, phone/desktop) go to $WALLET_SHOTS (default <tmp>/darsi-wallet-shots).
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, botToken, axeViolations } from "./helpers";

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
    await expect(page.getByTestId("wallet-balance-value")).toHaveText(String((before + 15_000) / 1000));
    expect(await points(page)).toBe(before + 15_000);
    await expect(page.getByTestId("history-row").first()).toContainText("Carte bancaire");
    await expect(page.getByTestId("history-row").first()).toHaveAttribute("data-status", "approved");
    // Reloaded: the same balance (the return is not applied twice).
    await page.reload();
    await expect(page.getByTestId("wallet-balance-value")).toHaveText(String((before + 15_000) / 1000));
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
    await expect(page.getByText("Payment Error")).toBeVisible();
    await expect(page.getByTestId("history-row").first()).toHaveAttribute("data-status", "failed");
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
    await expect(page.getByTestId("wallet-balance-value")).toHaveText(String((before + 20_000) / 1000));
    expect(await points(page)).toBe(before + 20_000);
  });

  test("a bank top-up waits in the history for the operator", async ({ page }) => {
    await signIn(page);
    const before = await points(page);
    await page.goto("/porte-monnaie");
    await startTopup(page, "bank", "30", "VIR-E2E-0001");
    await expect(page.getByRole("dialog")).toBeHidden();
    const row = page.getByTestId("history-row").filter({ hasText: "VIR-E2E-0001" });
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
      await expect(page.getByTestId("history-row").first()).toBeVisible();
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
