/**
 * An operator's subscriber without a name, as another pupil sees them (issue 22 item 2), in a real browser against the
 * built app: a visitor subscribes through the Digital Virgo sandbox (the account gets the placeholder name), receives
 * 10 points from `eleve` and sends them to `nouveau`; `nouveau` reads the transfer (the wallet's transfers and
 * statement) and its notification in Arabic ("مشترك Ooredoo") and in English ("Ooredoo subscriber"), never "Abonné";
 * axe finds nothing at 412 × 823. Then `nouveau` sends the points back to `eleve` (the specs share one server).
 * Screenshots (fr, ar) go to /tmp/subscriber-name-shots/.
 *
 * Run alone: CI=true E2E_PORT=4620 npx playwright test tests/e2e/subscriber-name.spec.ts
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiSession, axeViolations, codeFromOutbox, signInAs } from "./helpers";

const PHONE = { width: 412, height: 823 };
const SHOTS = "/tmp/subscriber-name-shots";
/** A phone no account has (5…: the demo's start with 2, the other specs' with 4 and 9). */
const freshPhone = () => `5${String(Date.now() % 10_000_000).padStart(7, "0")}`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A visitor subscribes through the operator's sandbox and comes back signed in: the new account's token. */
async function newSubscriber(request: APIRequestContext, phone: string): Promise<string> {
  const checkout = await request.post("/api/checkout", { data: { recurrence: 7, phone, division: 18 }, headers: { "Idempotency-Key": randomUUID() } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { redirectUrl } = (await checkout.json()).payload as { redirectUrl: string };
  const t = new URL(redirectUrl, "http://localhost").searchParams.get("t")!;
  const decided = await request.post("/sandbox/digitalvirgo/pay", { data: { t, action: "confirm" } });
  expect(decided.status(), await decided.text()).toBe(200);
  const back = new URL((await decided.json()).payload.redirectUrl as string, "http://localhost");
  const query = { ...Object.fromEntries(back.searchParams.entries()), checkFromFront: "1" };
  const success = await request.get("/api/digitalvirgo/success", { params: query });
  expect(success.status(), await success.text()).toBe(200);
  return (await success.json()).payload.token as string;
}

/** `from` (whose phone gets the code) sends 10 points to `toUser` and confirms with the code. */
async function sendTen(request: APIRequestContext, token: string, fromPhone: string, toUser: string) {
  const started = await request.post("/api/student/transfer-points", { data: { toUser, points: 10_000 }, headers: { ...auth(token), "Idempotency-Key": randomUUID() } });
  expect(started.status(), await started.text()).toBe(201);
  const id = (await started.json()).payload.id as number;
  const code = await codeFromOutbox(request, fromPhone, "transfer");
  const done = await request.post("/api/student/confirm-transfer-points", {
    data: { confirmationToken: code, transfer: id },
    headers: { ...auth(token), "Idempotency-Key": randomUUID() },
  });
  expect(done.status(), await done.text()).toBe(200);
}

/** The first visible row (the statement has a list on phones and a table from the tablet width). */
const firstVisible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`).first();

/** `label` in the wallet; `inBell` in the bell, whose body is cut at a word on a phone (the brand may be past the cut). */
async function readsTheSubscriber(page: Page, label: RegExp, inBell: RegExp, shot: string | null) {
  await page.goto("/porte-monnaie");
  const row = page.getByTestId("transfers-panel").getByTestId("transfer-row").first();
  await expect(row).toContainText(label);
  await expect(firstVisible(page, "statement-row")).toContainText(label);
  await page.getByTestId("notifications-button").click();
  const item = page.getByTestId("notifications-menu").getByTestId("notification-item").first();
  await expect(item).toContainText(inBell);
  const seen = `${await page.getByTestId("transfers-panel").innerText()}\n${await firstVisible(page, "statement-row").innerText()}\n${await item.innerText()}`;
  expect(seen).not.toContain("Abonné");
  if (shot) {
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${shot}-bell.png` });
  }
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  if (shot) {
    await page.getByTestId("transfers-panel").scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${shot}-transfers.png` });
    await firstVisible(page, "statement-row").scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${shot}-statement.png` });
  }
}

test.describe("a nameless operator subscriber seen by another pupil", () => {
  test.use({ viewport: PHONE });

  test("nouveau reads the subscriber's transfer and notification in Arabic and English, never 'Abonné'", async ({ page, browser }) => {
    mkdirSync(SHOTS, { recursive: true });
    const phone = freshPhone();
    const subscriber = await newSubscriber(page.request, phone);
    const me = (await (await page.request.get("/api/auth/me", { headers: auth(subscriber) })).json()).payload as { name: string; last_name: string };
    expect(`${me.name} ${me.last_name}`).toBe("Abonné Ooredoo"); // the stored placeholder (domain/user.ts)
    const eleve = (await apiSession(page.request, "eleve@darsi.tn")).token;
    await sendTen(page.request, eleve, "22000001", phone);
    await sendTen(page.request, subscriber, phone, "22000002");

    await signInAs(page, "nouveau@darsi.tn", "ar");
    await readsTheSubscriber(page, /مشترك Ooredoo/, /من \u2067?مشترك/, "ar");

    const english = await browser.newContext({ viewport: PHONE, locale: "en-GB", timezoneId: "Africa/Tunis" });
    const enPage = await english.newPage();
    await signInAs(enPage, "nouveau@darsi.tn", "en");
    await readsTheSubscriber(enPage, /Ooredoo subscriber/, /You received 10 points/, null);
    await english.close();

    // In French, the label (not a name the page takes for a person's words) for the screenshot.
    const french = await browser.newContext({ viewport: PHONE, locale: "fr-FR", timezoneId: "Africa/Tunis" });
    const frPage = await french.newPage();
    await signInAs(frPage, "nouveau@darsi.tn", "fr");
    await readsTheSubscriberInFrench(frPage);
    await french.close();

    // The whole notification, as the bell reads it in each language.
    const nouveau = (await apiSession(page.request, "nouveau@darsi.tn")).token;
    const bell = await page.request.get("/api/student/notifications", { headers: auth(nouveau) });
    const [newest] = (await bell.json()).payload as Array<{ type: string; body_en: string; body_ar: string }>;
    expect(newest).toMatchObject({ type: "transfer_received" });
    expect(newest!.body_en.replace(/[\u2066-\u2069]/g, "")).toBe("You received 10 points from Ooredoo subscriber.");
    expect(newest!.body_ar.replace(/[\u2066-\u2069]/g, "")).toBe("استلمت 10 نقاط من مشترك Ooredoo.");

    // The points go back where they came from.
    await sendTen(page.request, nouveau, "22000002", "22000001");
  });
});

async function readsTheSubscriberInFrench(page: Page) {
  await page.goto("/porte-monnaie");
  const row = page.getByTestId("transfers-panel").getByTestId("transfer-row").nth(0);
  await expect(row).toContainText("De Abonné Ooredoo");
  await expect(row.locator("bdi[data-authored]")).toHaveCount(0);
  await page.getByTestId("transfers-panel").scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/fr-transfers.png` });
}
