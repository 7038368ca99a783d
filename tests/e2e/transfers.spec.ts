/**
 * Point transfers on /porte-monnaie (SPEC §4 "Point transfer", issue 9 item 5), as a pupil does it at phone size:
 * `eleve` transfers 10 points to `nouveau`, confirms with the code the dev outbox received, and both balances change
 * once (then nouveau sends them back through the API: the specs share one server); the dialogs show translated field
 * errors and pass axe (WCAG 2.2 AA) in French and Arabic.
 *
 * Run alone with its own server: E2E_PORT=3203 npx playwright test tests/e2e/transfers.spec.ts
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { codeFromOutbox, axeViolations, signInAs, apiSession } from "./helpers";
import { formatMillimes } from "../../domain/format";

const PHONE = { width: 412, height: 823 };
/** Screenshots for review when TRANSFER_SHOTS names a folder. */
const SHOTS = process.env.TRANSFER_SHOTS;

async function balance(request: APIRequestContext, bearer: string): Promise<number> {
  const res = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${bearer}` } });
  return ((await res.json()) as { payload: { points: number } }).payload.points;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  // The panel in view; dialogs after their opening transition.
  await page.getByTestId("transfers-panel").scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
  // And at 1280 × 800.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId("transfers-panel").scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: false });
  await page.setViewportSize(PHONE);
}

test.describe("point transfers", () => {
  test.use({ viewport: PHONE });

  test("eleve transfers 10 points to nouveau and confirms with the code: both balances change once", async ({ page }) => {
    const eleve = await signInAs(page, "eleve@darsi.tn", "fr");
    const nouveau = (await apiSession(page.request, "nouveau@darsi.tn")).token;
    const before = { eleve: await balance(page.request, eleve), nouveau: await balance(page.request, nouveau) };

    await page.goto("/porte-monnaie");
    const panel = page.getByTestId("transfers-panel");
    await expect(panel).toBeVisible();
    await shot(page, "panel-fr");
    await panel.getByRole("button", { name: "Transférer des points" }).click();
    const dialog = page.getByRole("dialog", { name: "Transférer des points" });
    await expect(dialog).toBeVisible();

    // The form's own rules first: nothing is sent.
    await dialog.getByRole("button", { name: "Continuer" }).click();
    await expect(dialog.getByText("Remplir les champs")).toHaveCount(2);
    await dialog.getByLabel(/Bénéficiaire/).fill("22000002");
    await dialog.getByLabel(/Nombre de points/).fill("9");
    await dialog.getByRole("button", { name: "Continuer" }).click();
    await expect(dialog.getByText("Veuillez entrer un montant entre 10 et 5000")).toBeVisible();
    await shot(page, "transfer-modal-errors-fr");
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel(/Nombre de points/).fill("10");
    await dialog.getByRole("button", { name: "Continuer" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirmer le transfert" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("10");
    // Nothing moved yet.
    expect(await balance(page.request, eleve)).toBe(before.eleve);

    const code = await codeFromOutbox(page.request, "22000001", "transfer");
    expect(code).toMatch(/^\d{6}$/);
    await shot(page, "confirm-modal-fr");
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByLabel("Chiffre 1 du code").click();
    await page.keyboard.type(code);
    await confirm.getByRole("button", { name: "Confirmer", exact: true }).click();
    await expect(page.getByText(/Transfert effectué/)).toBeVisible();
    await expect(confirm).toBeHidden();

    await expect.poll(() => balance(page.request, eleve)).toBe(before.eleve - 10_000);
    expect(await balance(page.request, nouveau)).toBe(before.nouveau + 10_000);
    // The page shows the new balance and the confirmed row.
    await expect(page.getByTestId("wallet-balance-value")).toHaveText(formatMillimes(before.eleve - 10_000, "fr"));
    const row = panel.getByTestId("transfer-row").first();
    await expect(row).toContainText("Transfert");
    await expect(row).toContainText("Action confirmée");
    // The wallet's points history shows the movement too.
    await expect(page.getByTestId("wallet-history")).toContainText(/[-−]10/);
    await shot(page, "panel-after-fr");
    // Once: a moment later nothing more has moved.
    await page.waitForTimeout(500);
    expect(await balance(page.request, eleve)).toBe(before.eleve - 10_000);
    expect(await balance(page.request, nouveau)).toBe(before.nouveau + 10_000);

    // nouveau sends them back through the API (the specs share one server): both balances as they were.
    const headers = (key: string) => ({ Authorization: `Bearer ${nouveau}`, "Idempotency-Key": key });
    const back = await page.request.post("/api/student/transfer-points", {
      headers: headers(`e2e-back-${Date.now()}`),
      data: { toUser: "eleve@darsi.tn", points: 10_000 },
    });
    expect(back.status()).toBe(201);
    const { id } = ((await back.json()) as { payload: { id: number } }).payload;
    const backCode = await codeFromOutbox(page.request, "22000002", "transfer");
    const confirmed = await page.request.post("/api/student/confirm-transfer-points", {
      headers: headers(`e2e-back-confirm-${Date.now()}`),
      data: { confirmationToken: backCode, transfer: id },
    });
    expect(confirmed.status()).toBe(200);
    expect(await balance(page.request, eleve)).toBe(before.eleve);
    expect(await balance(page.request, nouveau)).toBe(before.nouveau);
  });

  test("in Arabic: translated errors, a pending transfer to confirm from the history, no axe violation", async ({ page }) => {
    await signInAs(page, "eleve@darsi.tn", "ar");
    await page.goto("/porte-monnaie");
    const panel = page.getByTestId("transfers-panel");
    await panel.getByTestId("open-transfer").click();
    const dialog = page.getByRole("dialog", { name: "تحويل نقاط" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/المستفيد/).fill("eleve@darsi.tn");
    await dialog.getByLabel(/عدد النقاط/).fill("10");
    await dialog.getByRole("button", { name: "مواصلة" }).click();
    // The server refuses a transfer to oneself: the field says so in Arabic.
    await expect(dialog.getByLabel(/المستفيد/)).toHaveAttribute("aria-invalid", "true");
    await shot(page, "transfer-modal-errors-ar");
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel(/المستفيد/).fill("nouveau@darsi.tn");
    await dialog.getByRole("button", { name: "مواصلة" }).click();
    const confirm = page.getByRole("dialog", { name: "تأكيد التحويل" });
    await expect(confirm).toBeVisible();
    await shot(page, "confirm-modal-ar");
    expect(await axeViolations(page)).toEqual([]);
    // Closed without confirming: the history offers "Confirm this action" to the sender.
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    const pending = panel.locator('[data-testid="transfer-row"][data-status="pending"]').first();
    await expect(pending.getByRole("button", { name: "أكّد هذه العملية" })).toBeVisible();
    await shot(page, "panel-ar");
    expect(await axeViolations(page)).toEqual([]);
    await pending.getByRole("button", { name: "أكّد هذه العملية" }).click();
    await expect(page.getByRole("dialog", { name: "تأكيد التحويل" })).toBeVisible();
  });
});
