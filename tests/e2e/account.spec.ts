/**
 * The pupil's account beyond the profile (issue 12 items 5–8) as a pupil and a parent do it at phone size (412 × 823),
 * in French and Arabic, with axe (WCAG 2.2 AA) on every screen:
 * - a parent signs in to their own space, approves their child's request through the confirmation dialog, and the
 *   pupil sees it answered (the menu entry no longer highlighted); the other family's parent never sees that child;
 * - /historique: a fresh pupil sees the five tables' empty states, then every table pages (10 by default, 10/25/100);
 * - /reports: the pupil's reports paged, one pending report edited then deleted through the confirmation dialog;
 * - /assistance: the help videos grouped by topic, playable.
 *
 * Run alone with its own server: E2E_PORT=3205 npx playwright test tests/e2e/account.spec.ts
 */
import { expect, test, type APIRequestContext, type Page, type Route } from "@playwright/test";
import { axeViolations, signInAs, registerVerifiedPupil } from "./helpers";

const PHONE = { width: 412, height: 823 };
const SHOTS = process.env.ACCOUNT_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: false });
  await page.setViewportSize(PHONE);
}

/** The platform's pop-ups (a welcome message…) are closed whenever they show up over the screen under test. */
async function closePopups(page: Page) {
  await page.addLocatorHandler(page.getByTestId("popup-close"), (button) => button.click());
}

/** A verified pupil of the bac Mathématiques class registered for this test; its token. */
async function freshPupil(request: APIRequestContext, lastName = "Historique"): Promise<{ token: string; phone: string }> {
  return registerVerifiedPupil(request, { name: "Nour", lastName });
}

/** Opens the avatar menu and returns its "Demandes parentales" entry. */
async function parentEntry(page: Page) {
  await page.getByTestId("user-menu").click();
  return page.getByTestId("menu-parent-requests");
}

test.beforeEach(({ page }) => closePopups(page));

test.describe("parents", () => {
  test.use({ viewport: PHONE });

  test("a parent approves their child's request in their own space; the pupil sees it answered", async ({ browser }) => {
    // The pupil: the entry is highlighted while the demo request waits.
    const pupil = await browser.newPage({ viewport: PHONE });
    await closePopups(pupil);
    await signInAs(pupil, "eleve@darsi.tn", "fr");
    await pupil.goto("/liste-des-demandes-parentales");
    const mine = pupil.getByTestId("my-parent-request").filter({ hasText: "Leila Ben Salah" });
    await expect(mine.getByTestId("parent-request-status")).toHaveAttribute("data-status", "pending");
    const entry = await parentEntry(pupil);
    await expect(entry).toHaveAttribute("data-pending", "true");
    await pupil.keyboard.press("Escape");

    // The parent lands in their own space, not a pupil's home.
    const parent = await browser.newPage({ viewport: PHONE });
    await closePopups(parent);
    await signInAs(parent, "parent@darsi.tn", "fr");
    await parent.goto("/");
    await expect(parent).toHaveURL(/\/request-parent-user-children$/);
    await expect(parent.getByRole("heading", { name: "Espace parent", level: 1 })).toBeVisible();
    const request = parent.getByTestId("parent-request").filter({ hasText: "Yasmine Ben Salah" });
    await expect(request.getByTestId("parent-request-status")).toHaveAttribute("data-status", "pending");
    await expect(parent.getByText("Mansouri")).toHaveCount(0);
    expect(await axeViolations(parent)).toEqual([]);
    await shot(parent, "parent-space-fr");

    await request.getByTestId("parent-request-approve").click();
    const dialog = parent.getByRole("dialog", { name: "Approuver la demande" });
    await expect(dialog).toContainText("Cette réponse est définitive.");
    expect(await axeViolations(parent)).toEqual([]);
    await shot(parent, "parent-confirm-fr");
    await dialog.getByTestId("parent-request-confirm-button").click();
    await expect(dialog).toBeHidden();
    await expect(request.getByTestId("parent-request-status")).toHaveAttribute("data-status", "approved");
    await expect(request.getByTestId("parent-request-approve")).toHaveCount(0);
    await expect(parent.getByTestId("parent-child").filter({ hasText: "Yasmine Ben Salah" })).toBeVisible();

    // Final: answering again through the API is refused.
    const token = await parent.evaluate(() => localStorage.getItem("token"));
    const id = await request.getAttribute("data-request-id");
    const again = await parent.request.put(`/api/request-parent-user-children/${id}`, { headers: { Authorization: `Bearer ${token}` }, data: { approved: false } });
    expect(again.status()).toBe(409);

    // The pupil sees the answer; the menu entry is no longer highlighted.
    await pupil.reload();
    await expect(mine.getByTestId("parent-request-status")).toHaveAttribute("data-status", "approved");
    const after = await parentEntry(pupil);
    await expect(after).toBeVisible();
    await expect(after).not.toHaveAttribute("data-pending", "true");
    await pupil.keyboard.press("Escape");
    expect(await axeViolations(pupil)).toEqual([]);
    await pupil.close();
    await parent.close();
  });

  test("the other family's parent, in Arabic, sees only their own child", async ({ page }) => {
    await signInAs(page, "parent2@darsi.tn", "ar");
    await page.goto("/");
    await expect(page).toHaveURL(/\/request-parent-user-children$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "فضاء الولي", level: 1 })).toBeVisible();
    await expect(page.getByTestId("parent-child")).toHaveCount(1);
    await expect(page.getByTestId("parent-child")).toContainText("Amine Mansouri");
    await expect(page.getByText("Yasmine")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "parent-space-ar");
    // A pupil's pages send a parent back to their space.
    await page.goto("/historique");
    await expect(page).toHaveURL(/\/request-parent-user-children$/);
  });
});

test.describe("a pupil links a parent", () => {
  test.use({ viewport: PHONE });

  test("a new pupil gives the second family's parent phone; that parent refuses in Arabic; the pupil sees it refused", async ({ page, browser }) => {
    // A last name of letters only, unique to this run.
    const unique = `Lien${Array.from(String(Date.now()).slice(-6), (d) => "abcdefghij"[Number(d)]).join("")}`;
    const pupil = await freshPupil(page.request, unique);
    const auth = { Authorization: `Bearer ${pupil.token}` };
    const added = await page.request.put("/api/user/add-parent-phone", { headers: auth, data: { phone2: "22000022" } });
    expect(added.status(), await added.text()).toBe(200);

    const parent = await browser.newPage({ viewport: PHONE });
    await closePopups(parent);
    await signInAs(parent, "parent2@darsi.tn", "ar");
    await parent.goto("/request-parent-user-children");
    const request = parent.getByTestId("parent-request").filter({ hasText: unique });
    await expect(request.getByTestId("parent-request-status")).toHaveAttribute("data-status", "pending");
    await request.getByTestId("parent-request-refuse").click();
    const dialog = parent.getByRole("dialog", { name: "رفض الطلب" });
    await expect(dialog).toBeVisible();
    expect(await axeViolations(parent)).toEqual([]);
    await shot(parent, "parent-refuse-ar");
    await dialog.getByTestId("parent-request-confirm-button").click();
    await expect(dialog).toBeHidden();
    await expect(request.getByTestId("parent-request-status")).toHaveAttribute("data-status", "refused");
    // Refused: not one of this parent's children.
    await expect(parent.getByTestId("parent-child").filter({ hasText: unique })).toHaveCount(0);
    await parent.close();

    const mine = await page.request.get("/api/student/parent-requests", { headers: auth });
    expect(((await mine.json()) as { payload: Array<{ approved: boolean | null }> }).payload).toEqual([expect.objectContaining({ approved: false })]);
    await page.addInitScript(([t]) => {
      if (!localStorage.getItem("token")) localStorage.setItem("token", t);
      localStorage.setItem("locale", "ar");
    }, [pupil.token] as const);
    await page.goto("/liste-des-demandes-parentales");
    await expect(page.getByTestId("my-parent-request").getByTestId("parent-request-status")).toHaveAttribute("data-status", "refused");
    expect(await axeViolations(page)).toEqual([]);
  });
});

/** 27 rows of each history table, served by the test for whatever page and size the screen asks. */
const TOTAL = 27;
function paged<T>(route: Route, make: (i: number) => T, scheme: "page" | "offset") {
  const url = new URL(route.request().url());
  const perPage = Number(url.searchParams.get(scheme === "page" ? "perPage" : "limit") ?? 10);
  const from = scheme === "page" ? (Number(url.searchParams.get("page") ?? 1) - 1) * perPage : Number(url.searchParams.get("from") ?? 0);
  const rows = Array.from({ length: Math.max(0, Math.min(perPage, TOTAL - from)) }, (_, k) => make(from + k + 1));
  const page = Math.floor(from / perPage) + 1;
  return route.fulfill({ json: { payload: rows, meta: { current_page: page, last_page: Math.ceil(TOTAL / perPage), total: TOTAL } } });
}
const day = (i: number) => `2026-10-${String((i % 28) + 1).padStart(2, "0")}T09:00:00Z`;

async function mockHistory(page: Page) {
  const name = (s: string) => ({ name: s, name_ar: s, name_en: s });
  await page.route(/\/api\/student\/bookmarked-contents\?/, (r) =>
    paged(r, (i) => ({ id: i, content: { slug: `l${i}`, ...name(`Leçon ${i}`) }, chapter: { slug: "c", ...name("Chapitre") }, subject: { slug: "s", ...name("Maths") }, marked_at: day(i) }), "page"),
  );
  await page.route(/\/api\/student\/history\/subscriptions\?/, (r) =>
    paged(r, (i) => ({ id: i, group: { id: 35, name: "Gold" }, offer: { id: 35, ...name(`Offre ${i}`) }, period: "month", amount_paid: 49_000, price: 49_000, start_date: "2026-09-15", end_date: "2026-10-15", refunded: false }), "page"),
  );
  await page.route(/\/api\/edit-division$/, (r) =>
    r.fulfill({
      json: {
        payload: Array.from({ length: TOTAL }, (_, k) => ({ id: k + 1, old_division: { id: 17, name: `Classe ${k + 1}` }, new_division: { id: 18, name: "Bac Maths" }, reason: { id: 1, name: "Orientation" }, reason2: null, status: "pending", created_at: day(k) })),
      },
    }),
  );
  await page.route(/\/api\/student\/transfer-points-history\?/, (r) =>
    paged(r, (i) => ({ id: i, from_user: { id: 1, name: "Moi" }, sender: { id: 1, name: "Moi" }, to_user: { id: 2, name: `Ami ${i}` }, receiver: { id: 2, name: `Ami ${i}` }, points: 10_000, updated_at: day(i), created_at: day(i), status: "confirmed", is_confirmed: true, direction: "sent" }), "page"),
  );
  await page.route(/\/svc\/analytics\/attendance-history\?/, (r) =>
    paged(r, (i) => ({ event_id: i, session_start_date: day(i), title: `Séance ${i}`, attendance_duration: 3_000 + i }), "offset"),
  );
}

test.describe("history", () => {
  test.use({ viewport: PHONE });

  test("a new pupil sees the five tables' empty states (fr, ar)", async ({ page }) => {
    const pupil = await freshPupil(page.request);
    await page.addInitScript(([t]) => {
      if (!localStorage.getItem("token")) localStorage.setItem("token", t);
      if (!localStorage.getItem("locale")) localStorage.setItem("locale", "fr");
    }, [pupil.token] as const);
    await page.goto("/historique");
    await expect(page.getByRole("heading", { name: "Historique", level: 1 })).toBeVisible();
    for (const id of ["bookmarks", "subscriptions", "division-changes", "transfers", "attendance"]) {
      await expect(page.getByTestId(`history-${id}-empty`)).toBeVisible();
    }
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "history-empty-fr");
    await page.evaluate(() => localStorage.setItem("locale", "ar"));
    await page.reload();
    await expect(page.getByRole("heading", { name: "السجل", level: 1 })).toBeVisible();
    await expect(page.getByTestId("history-attendance-empty")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const locale of ["fr", "ar"] as const) {
    test(`every history table pages: 10 rows, page 3 has 7, 25 per page (${locale})`, async ({ page }) => {
      await signInAs(page, "eleve@darsi.tn", locale);
      await mockHistory(page);
      await page.goto("/historique");
      for (const id of ["bookmarks", "subscriptions", "division-changes", "transfers", "attendance"]) {
        const section = page.getByTestId(`history-${id}`);
        const rows = section.getByTestId(`history-${id}-table-row`);
        await expect(rows).toHaveCount(10);
        await section.getByRole("button", { name: locale === "fr" ? "Page 3" : /3/ }).first().click();
        await expect(rows).toHaveCount(7);
        await section.getByTestId(`history-${id}-per-page`).selectOption("25");
        await expect(rows).toHaveCount(25);
        await section.getByTestId(`history-${id}-per-page`).selectOption("100");
        await expect(rows).toHaveCount(TOTAL);
        await section.getByTestId(`history-${id}-per-page`).selectOption("10");
        await expect(rows).toHaveCount(10);
      }
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `history-${locale}`);
    });
  }
});

test.describe("reports", () => {
  test.use({ viewport: PHONE });

  test("the pupil pages their reports, edits a pending one and deletes it after confirming (fr, then ar)", async ({ page }) => {
    const token = await signInAs(page, "eleve@darsi.tn", "fr");
    const auth = { Authorization: `Bearer ${token}` };
    const list = await page.request.get("/api/student/video-reports?perPage=100", { headers: auth });
    const existing = ((await list.json()) as { payload: Array<{ content: { id: number } }> }).payload;
    expect(existing.length).toBeGreaterThan(0);
    const marker = `e2e-${Date.now()}`;
    for (let i = 0; i < 11; i += 1) {
      const res = await page.request.post("/api/student/video-reports", { headers: auth, data: { content: existing[0]!.content.id, reportReason: 1, description: `${marker} n${i}` } });
      expect(res.status()).toBe(201);
    }

    await page.goto("/reports");
    const rows = page.getByTestId("reports-table-row");
    await expect(rows).toHaveCount(10);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "reports-fr");
    await page.getByRole("button", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows.first()).toBeVisible();
    await page.getByTestId("reports-per-page").selectOption("25");
    await expect(page).toHaveURL(/perPage=25/);
    expect(await rows.count()).toBeGreaterThan(10);
    // Only pending reports can be changed: the seeded rejected one has no action.
    await expect(rows.filter({ hasText: "Rejeté" }).getByTestId("report-edit")).toHaveCount(0);

    const newest = rows.filter({ hasText: `${marker} n10` });
    await newest.getByTestId("report-edit").click();
    const edit = page.getByRole("dialog", { name: /Modifier le rapport/ });
    await edit.getByTestId("edit-report-description").fill("");
    await expect(edit.getByTestId("edit-report-save")).toBeDisabled();
    await edit.getByTestId("edit-report-description").fill(`${marker} corrigé`);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "reports-edit-fr");
    await edit.getByTestId("edit-report-save").click();
    await expect(edit).toBeHidden();
    const edited = rows.filter({ hasText: `${marker} corrigé` });
    await expect(edited).toHaveCount(1);

    await edited.getByTestId("report-delete").click();
    const confirm = page.getByRole("dialog", { name: "Supprimer le rapport" });
    await expect(confirm).toContainText("définitive");
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Annuler" }).click();
    await expect(edited).toHaveCount(1);
    await edited.getByTestId("report-delete").click();
    await confirm.getByTestId("delete-report-confirm").click();
    await expect(confirm).toBeHidden();
    await expect(rows.filter({ hasText: `${marker} corrigé` })).toHaveCount(0);

    // Arabic, right to left (a page of the same context: signInAs keeps the first one in French).
    await page.evaluate(() => localStorage.setItem("locale", "ar"));
    const ar = await page.context().newPage();
    await closePopups(ar);
    await ar.goto("/reports");
    await expect(ar.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(ar.getByRole("heading", { name: "تقاريري", level: 1 })).toBeVisible();
    const arRows = ar.getByTestId("reports-table-row");
    await expect(arRows.first()).toBeVisible();
    expect(await axeViolations(ar)).toEqual([]);
    await arRows.filter({ hasText: `${marker} n9` }).getByTestId("report-delete").click();
    await expect(ar.getByRole("dialog")).toBeVisible();
    expect(await axeViolations(ar)).toEqual([]);
    await shot(ar, "reports-delete-ar");
    await ar.close();
  });
});

test.describe("assistance", () => {
  test.use({ viewport: PHONE });

  for (const locale of ["fr", "ar"] as const) {
    test(`help videos grouped by topic, playable (${locale})`, async ({ page }) => {
      await signInAs(page, "nouveau@darsi.tn", locale);
      await page.goto("/assistance");
      await expect(page.getByTestId("help-topic")).toHaveCount(3);
      await expect(page.getByTestId("help-video")).toHaveCount(7);
      const video = page.getByTestId("help-video").first().locator("video");
      const src = await video.getAttribute("src");
      expect(src).toMatch(/^\/media\/videos\/demo-\d\.mp4\?otp=/);
      const media = await page.request.get(src!, { headers: { range: "bytes=0-1023" } });
      expect([200, 206]).toContain(media.status());
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `assistance-${locale}`);
    });
  }
});
