/**
 * Offers end to end (issue 9 item 2), as a pupil without an offer would: the lock screen of a lesson, points topped
 * up (a bank transfer approved by the operator's CLI), the per-subject pack with a coupon on /offres, the purchase
 * confirmed — and the lesson plays right after, without a reload. Then /offres in French and Arabic at phone size:
 * no WCAG 2.2 AA violation found by axe. `E2E_PORT=3201 npx playwright test tests/e2e/offers.spec.ts`.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { axeViolations, signInAs } from "./helpers";

const PHONE = { width: 412, height: 823 };

type Json = Record<string, unknown>;
async function get<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { payload: T }).payload;
}

/** A locked lesson of the pupil's first subject: its page path and the subject's name. */
async function lockedLesson(request: APIRequestContext, token: string) {
  const subjects = await get<Array<{ id: number; slug: string; name: string }>>(request, token, "/student/subjects");
  for (const s of subjects) {
    const { chapters } = await get<{ chapters: Array<{ chapter: { slug: string; type: string } }> }>(request, token, `/student/subjects/${s.slug}/chapters`);
    for (const { chapter } of chapters.filter((c) => c.chapter.type === "course")) {
      const lessons = await get<Array<{ slug: string; locked: boolean; type: { id: number } }>>(request, token, `/student/subjects/${s.slug}/chapters/${chapter.slug}/contents`);
      const locked = lessons.find((l) => l.locked && l.type.id !== 5);
      if (locked) return { subject: s, path: `/subjects/${s.slug}/chapters/${chapter.slug}/lessons/${locked.slug}/content` };
    }
  }
  throw new Error("no locked lesson");
}

test.describe.configure({ mode: "serial" });

test.describe("offers", () => {
  test.use({ viewport: PHONE });

  test("a pupil meets the lock screen, tops up, buys the subject with a coupon, and the lesson plays at once", async ({ page }) => {
    const token = await signInAs(page, "nouveau@darsi.tn");
    const auth = { Authorization: `Bearer ${token}` };
    // 20 points by bank transfer, approved by the operator (npm run admin -- approve-topup <id>).
    const topup = await page.request.post("/api/student/codes", {
      headers: { ...auth, "Idempotency-Key": randomUUID() },
      data: { paymentMethod: "bank", amount: 20_000, reference: "VIR-E2E-OFFRES", comment: "" },
    });
    expect(topup.status(), await topup.text()).toBeLessThan(300);
    const topupId = ((await topup.json()) as { payload: Json }).payload.id as number;
    execFileSync("npx", ["tsx", "server/cli/admin.ts", "approve-topup", String(topupId)], {
      env: { ...process.env, PORT: process.env.E2E_PORT, DATA_DIR: process.env.E2E_DATA_DIR },
      encoding: "utf8",
    });
    expect((await get<{ points: number }>(page.request, token, "/auth/me")).points).toBe(20_000);

    const { subject, path } = await lockedLesson(page.request, token);
    await page.goto(path);
    await expect(page.getByTestId("lock-screen")).toBeVisible();
    await page.getByTestId("lock-screen-offers").click();
    await expect(page).toHaveURL(/\/offres\?redirect=/);

    // The revision pack, for this subject only.
    const card = page.getByTestId("offer-119");
    await expect(card).toBeVisible();
    // Chips: the pupil taps the label (the checkbox itself is visually hidden).
    const all = card.getByRole("checkbox", { name: "Toutes les matières" });
    await card.locator("label").filter({ hasText: "Toutes les matières" }).click();
    await expect(all).not.toBeChecked();
    await card.locator("label").filter({ hasText: new RegExp(`^${subject.name} `) }).click();
    await expect(card.getByRole("checkbox", { name: new RegExp(`^${subject.name} `) })).toBeChecked();
    await expect(card.getByTestId("final-price-119")).toHaveText("5 DT");
    // A coupon: checked by the server, the price drops by 20 %.
    await card.getByTestId("coupon-input-119").fill("EXPIRE10");
    await card.getByRole("button", { name: "Appliquer" }).click();
    await expect(card.getByText("Ce code a expiré ou n'est plus actif")).toBeVisible();
    await card.getByTestId("coupon-input-119").fill("rentree20");
    await card.getByRole("button", { name: "Appliquer" }).click();
    await expect(card.getByTestId("coupon-applied-119")).toContainText("RENTREE20");
    await expect(card.getByTestId("final-price-119")).toHaveText("4 DT");
    await page.screenshot({ path: "/tmp/offers-shots/offers-phone-fr-coupon.png", fullPage: false });

    await card.getByTestId("buy-119").click();
    const confirm = page.getByTestId("purchase-confirm");
    await expect(confirm.getByTestId("confirm-price")).toContainText("4 DT");
    await confirm.getByTestId("confirm-buy").click();

    // Back on the lesson, unlocked, without a reload.
    await page.waitForURL((url) => url.pathname === path);
    await expect(page.getByTestId("lock-screen")).toHaveCount(0);
    expect((await get<{ points: number }>(page.request, token, "/auth/me")).points).toBe(16_000);
    const lessonApi = path.replace("/subjects/", "/student/subjects/").replace("/lessons/", "/contents/").replace(/\/content$/, "");
    expect((await get<{ locked: boolean }>(page.request, token, lessonApi)).locked).toBe(false);
  });

  for (const locale of ["fr", "ar"] as const) {
    test(`/offres in ${locale} at 412 × 823: no axe violation`, async ({ page }) => {
      await signInAs(page, "eleve@darsi.tn", locale);
      await page.goto("/offres");
      await expect(page.getByTestId("offers-list")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await page.screenshot({ path: `/tmp/offers-shots/offers-phone-${locale}.png` });
      await page.getByTestId("offer-115").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/offers-shots/offers-phone-${locale}-pack.png` });
      expect(await axeViolations(page)).toEqual([]);
      // Tap targets of at least 44 × 44 px: period choices, subject chips, buttons, the coupon field.
      const small: string[] = [];
      const targets = await page.locator("[data-testid^='periods-'] label, [data-testid^='offer-'] .mantine-Chip-label, [data-testid^='buy-'], [data-testid^='coupon-input-']").all();
      expect(targets.length).toBeGreaterThan(40);
      for (const el of targets) {
        const box = await el.boundingBox();
        if (box && (box.height < 44 || box.width < 44)) small.push(`${(await el.innerText()).slice(0, 20)} ${box.width}×${box.height}`);
      }
      expect(small).toEqual([]);
      // The confirmation dialog too.
      await page.getByTestId("buy-33").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.screenshot({ path: `/tmp/offers-shots/offers-confirm-${locale}.png` });
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.keyboard.press("Escape");
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/offers-shots/offers-desktop-${locale}.png` });
    });
  }
});
