/**
 * Live sessions (issue 10: /sessions, the live room, the rating dialog, the home widget), as a pupil does it at phone
 * size: a fresh bac Maths pupil (with an e-mail) joins today's ongoing session, the app's live room opens and counts the
 * time, leaving shows the rating dialog once; the calendar passes axe (WCAG 2.2 AA) in French and Arabic.
 *
 * Run alone with its own server: E2E_PORT=3202 npx playwright test tests/e2e/sessions.spec.ts
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeViolations, freshPhone, registerVerifiedPupil } from "./helpers";

const PHONE = { width: 412, height: 823 };
/** Screenshots for review when SESSIONS_SHOTS names a folder. */
const SHOTS = process.env.SESSIONS_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: false });
  await page.setViewportSize(PHONE);
}

/** A verified bac Mathématiques pupil with an e-mail, registered for this test; its token. */
async function freshPupil(request: APIRequestContext, withEmail = true): Promise<string> {
  const phone = freshPhone();
  const { token } = await registerVerifiedPupil(request, { name: "Sami", lastName: "Direct", phone, email: withEmail ? `direct${phone}@test.darsi.tn` : undefined });
  return token;
}

/** Opens the app signed in with `token`, in `locale`. */
async function useSession(page: Page, token: string, locale: "fr" | "ar") {
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
  // The platform's pop-up (notifications) greets a new pupil: not shown again.
  await page.addLocatorHandler(page.getByTestId("popup-hide"), (button) => button.click());
}

test.describe("live sessions", () => {
  test.use({ viewport: PHONE });

  test("a pupil joins today's ongoing session, the live room opens and counts the time, then rates it once", async ({ page }) => {
    const token = await freshPupil(page.request);
    await useSession(page, token, "fr");

    // The home widget lists today's sessions with their labels.
    await page.goto("/");
    const widget = page.getByTestId("home-live");
    await expect(widget).toBeVisible();
    await expect(widget.getByTestId("home-live-session").first()).toBeVisible();
    await expect(widget.locator('[data-when="ongoing"]').first()).toContainText("En cours");

    await page.goto("/sessions");
    await expect(page.getByRole("heading", { name: "Séances en direct" })).toBeVisible();
    const ongoing = page.locator('[data-testid="session-card"][data-status="ongoing"]').filter({ has: page.locator('[data-action="join"]') }).first();
    await expect(ongoing).toBeVisible();
    await expect(ongoing.getByTestId("session-status")).toHaveText("En Cours");
    // A module sold on its own says Acheter; a closed one Fermer (next week's).
    await expect(page.locator('[data-action="buy"]').first()).toHaveText("Acheter");
    const eventId = await ongoing.getAttribute("data-event-id");
    await shot(page, "sessions-fr");

    await ongoing.getByTestId("session-action").click();
    await expect(page).toHaveURL(new RegExp(`/live/${eventId}$`));
    await expect(page.getByTestId("live-room")).toBeVisible();
    await expect(page.getByTestId("live-attendance")).toBeVisible();
    await shot(page, "live-room-fr");
    expect(await axeViolations(page)).toEqual([]);
    await page.waitForTimeout(2_500);
    await page.getByTestId("live-leave").click();

    // Back on the calendar: the session now says Commencer, and the rating dialog asks once.
    await expect(page).toHaveURL(/\/sessions/);
    const dialog = page.getByRole("dialog", { name: "Comment s'est passée la séance ?" });
    await expect(dialog).toBeVisible();
    await expect(page.locator(`[data-event-id="${eventId}"] [data-testid="session-action"]`)).toHaveText("Commencer");
    await expect(dialog.getByTestId("rating-submit")).toBeDisabled();
    await dialog.getByTestId("rating-4").click();
    await dialog.getByLabel("Commentaire (facultatif)").fill("Très claire, merci !");
    await shot(page, "rating-fr");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByTestId("rating-submit").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Merci pour votre évaluation !")).toBeVisible();

    // Shown once: not after a reload (the server has nothing left to rate).
    const rateables = page.waitForResponse((r) => r.url().includes("/svc/reviews/rateables"));
    await page.reload();
    await rateables;
    await expect(page.getByTestId("session-card").first()).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByTestId("rating-dialog")).toHaveCount(0);
    const left = await page.request.get("/svc/reviews/rateables", { headers: { Authorization: `Bearer ${token}` } });
    expect(((await left.json()) as { payload: unknown[] }).payload).toEqual([]);
    const history = await page.request.get("/svc/analytics/attendance-history?limit=10&from=0", { headers: { Authorization: `Bearer ${token}` } });
    const rows = ((await history.json()) as { payload: Array<{ event_id: number; attendance_duration: number }> }).payload;
    expect(rows[0]?.event_id).toBe(Number(eventId));
    expect(rows[0]!.attendance_duration).toBeGreaterThanOrEqual(1);
  });

  test("joining needs an e-mail: a pupil without one gets the add-email modal, nothing is joined", async ({ page }) => {
    const token = await freshPupil(page.request, false);
    await useSession(page, token, "fr");
    await page.goto("/sessions");
    const ongoing = page.locator('[data-testid="session-card"][data-status="ongoing"]').filter({ has: page.locator('[data-action="join"]') }).first();
    await ongoing.getByTestId("session-action").click();
    await expect(page.getByRole("dialog", { name: "Ajouter une adresse e-mail" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(ongoing.getByTestId("session-action")).toHaveText("Participer");
    expect(page.url()).not.toContain("/live/");
  });

  for (const locale of ["fr", "ar"] as const) {
    test(`/sessions passes axe in ${locale} at 412×823, next week included`, async ({ page }) => {
      const token = await freshPupil(page.request);
      await useSession(page, token, locale);
      await page.goto("/sessions");
      await expect(page.getByTestId("session-card").first()).toBeVisible();
      // This week opens on today.
      await expect(page.locator("section[data-today]")).toBeInViewport();
      if (locale === "ar") {
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        // The week arrows point the way the page reads: mirrored in Arabic.
        const arrow = page.getByRole("button", { name: "الأسبوع التالي" }).locator("svg");
        expect(await arrow.evaluate((svg) => getComputedStyle(svg).transform)).toBe("matrix(-1, 0, 0, 1, 0, 0)");
      }
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `sessions-${locale}`);
      await page.goto("/sessions?offset=1");
      await expect(page.locator('[data-action="close"]').first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `sessions-next-${locale}`);
      await page.goto("/");
      await expect(page.getByTestId("home-live-session").first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS) {
        await page.getByTestId("home-live").scrollIntoViewIfNeeded();
        await shot(page, `home-live-${locale}`);
      }
    });
  }
});
