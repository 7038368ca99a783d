/**
 * The pupil's account beyond the profile (issue 12 items 5–8) as a pupil and a parent do it at phone size (412 × 823),
 * in French and Arabic, with axe (WCAG 2.2 AA) on every screen:
 * - a parent signs in to their own space, approves their child's request through the confirmation dialog, and the
 *   pupil sees it answered (the menu entry no longer highlighted); the other family's parent never sees that child;
 * - /historique: a fresh pupil sees the five tables' empty states; a pupil whose history was made through the real API
 *   (top-ups, a purchase, bookmarks, transfers, a class-change request) sees the rows the server answers, paged
 *   (10 by default, 10/25/100);
 * - /reports: the pupil's reports paged, one pending report edited then deleted through the confirmation dialog;
 * - /assistance: the help videos grouped by topic, playable.
 *
 * Run alone with its own server: E2E_PORT=3205 npx playwright test tests/e2e/account.spec.ts
 */
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { formatMillimes } from "../../domain/format";
import { axeViolations, codeFromOutbox, signInAs, registerVerifiedPupil } from "./helpers";

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

/** The operator's key of the e2e server (derived from the secret it keeps in its DATA_DIR), as the admin CLI does. */
function adminKey(): string {
  const secret = readFileSync(join(process.env.E2E_DATA_DIR!, "secret.key"), "utf8").trim();
  return createHmac("sha256", secret).update("admin-cli").digest("hex");
}

type Api = { get: (path: string) => Promise<unknown>; post: (path: string, data?: unknown) => Promise<unknown> };

/** The real API as a pupil: answers' payloads, every call checked. */
function apiAs(request: APIRequestContext, token: string): Api {
  const headers = () => ({ Authorization: `Bearer ${token}`, "Idempotency-Key": randomUUID() });
  const payload = async (res: APIResponse) => {
    expect(res.status(), `${res.url()}: ${await res.text()}`).toBeLessThan(300);
    return ((await res.json()) as { payload: unknown }).payload;
  };
  return {
    get: async (path) => payload(await request.get(path, { headers: headers() })),
    post: async (path, data = {}) => payload(await request.post(path, { headers: headers(), data })),
  };
}

interface Lesson {
  subject: string;
  chapter: string;
  slug: string;
}

/** Lessons the pupil can open now (unlocked), up to `n`, walking its subjects and chapters. */
async function openLessons(api: Api, n: number): Promise<Lesson[]> {
  const found: Lesson[] = [];
  for (const subject of (await api.get("/api/student/subjects")) as Array<{ slug: string }>) {
    const { chapters } = (await api.get(`/api/student/subjects/${subject.slug}/chapters`)) as { chapters: Array<{ chapter: { slug: string } }> };
    for (const { chapter } of chapters) {
      const lessons = (await api.get(`/api/student/subjects/${subject.slug}/chapters/${chapter.slug}/contents`)) as Array<{ slug: string; locked: boolean }>;
      for (const l of lessons.filter((x) => !x.locked)) {
        found.push({ subject: subject.slug, chapter: chapter.slug, slug: l.slug });
        if (found.length === n) return found;
      }
    }
  }
  return found;
}

/**
 * A pupil with a history made through the real API: 200 points topped up by bank transfer (approved by the operator),
 * the class's cheapest offer bought, 12 lessons bookmarked, 11 transfers of 10 points to a classmate (the last one
 * confirmed with its code), and a class-change request. The live sessions' attendance stays empty (shown as such).
 */
async function pupilWithHistory(request: APIRequestContext): Promise<{ token: string; phone: string; api: Api }> {
  const pupil = await freshPupil(request, "Historique");
  const classmate = await freshPupil(request, "Camarade");
  const api = apiAs(request, pupil.token);
  for (const i of [1, 2]) {
    const topup = (await api.post("/api/student/codes", { paymentMethod: "bank", amount: 100_000, reference: `VIR-HIST-${pupil.phone}-${i}`, comment: "" })) as { id: number };
    const approved = await request.post(`/api/admin/topups/${topup.id}/approve`, { headers: { "x-admin-key": adminKey() } });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  const offers = (await api.get("/api/student/offers")) as Array<{ id: number; pricing: Array<{ period: string; final_price: number }> }>;
  const [cheapest] = offers.flatMap((o) => o.pricing.map((p) => ({ offer: o.id, ...p }))).sort((a, b) => a.final_price - b.final_price);
  expect(cheapest, "an offer for sale to the class").toBeDefined();
  await api.post("/api/student/checkout/buy", { offerDivisionDetail: cheapest!.offer, period: cheapest!.period, amount: cheapest!.final_price });
  const lessons = await openLessons(api, 12);
  expect(lessons).toHaveLength(12);
  for (const l of lessons) await api.post(`/api/user/subjects/${l.subject}/chapters/${l.chapter}/contents/${l.slug}/bookmark`, { chapter: l.chapter, content: l.slug });
  let last = 0;
  for (let i = 0; i < 11; i += 1) last = ((await api.post("/api/student/transfer-points", { toUser: classmate.phone, points: 10_000 })) as { id: number }).id;
  const code = await codeFromOutbox(request, pupil.phone, "transfer");
  await api.post("/api/student/confirm-transfer-points", { confirmationToken: code, transfer: last });
  const [reason] = (await api.get("/api/edit-division-reasons")) as Array<{ id: number }>;
  await api.post("/api/edit-division", { newDivision: 17, reason: reason!.id, reason2: "" });
  return { ...pupil, api };
}

/** A history table's rows on the screen, each as its cells' text (a table, or cards at phone size); read through `expect.poll`, the sections load apart. */
async function tableRows(page: Page, id: string): Promise<string[][]> {
  const rows = page.getByTestId(`history-${id}`).getByTestId(`history-${id}-table-row`);
  return rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td, dd"), (td) => (td.textContent ?? "").trim())));
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

  test("the five tables show what the real server answers, and page it (fr, then ar)", async ({ page }) => {
    test.setTimeout(180_000);
    const pupil = await pupilWithHistory(page.request);
    // What the server answers, whole (100 a page): the screen must show these rows, in this order.
    const bookmarks = (await pupil.api.get("/api/student/bookmarked-contents?page=1&perPage=100")) as Array<{ content: { name: string; name_ar: string | null }; chapter: { name: string } }>;
    const subscriptions = (await pupil.api.get("/api/student/history/subscriptions?page=1&perPage=100")) as Array<{ offer: { name: string } | null; group: { name: string } }>;
    const divisionChanges = (await pupil.api.get("/api/edit-division")) as Array<{ new_division: { name: string }; status: string }>;
    const transfers = (await pupil.api.get("/api/student/transfer-points-history?page=1&perPage=100")) as Array<{ to_user: { name: string }; points: number; status: string }>;
    const attendance = (await pupil.api.get("/svc/analytics/attendance-history?limit=100&from=0")) as unknown[];
    expect([bookmarks.length, subscriptions.length, divisionChanges.length, transfers.length, attendance.length]).toEqual([12, 1, 1, 11, 0]);
    expect(transfers.map((x) => x.status)).toEqual(["confirmed", ...Array(10).fill("pending")]);

    await page.addInitScript(([t]) => {
      if (!localStorage.getItem("token")) localStorage.setItem("token", t);
      if (!localStorage.getItem("locale")) localStorage.setItem("locale", "fr");
    }, [pupil.token] as const);
    await page.goto("/historique");
    await expect(page.getByRole("heading", { name: "Historique", level: 1 })).toBeVisible();
    const bookmarkRows = page.getByTestId("history-bookmarks").getByTestId("history-bookmarks-table-row");
    await expect(bookmarkRows).toHaveCount(10);
    await expect.poll(async () => (await tableRows(page, "bookmarks")).map((r) => r.slice(0, 2))).toEqual(bookmarks.slice(0, 10).map((b) => [b.content.name, b.chapter.name]));
    await expect.poll(async () => (await tableRows(page, "subscriptions")).map((r) => r[0])).toEqual(subscriptions.map((x) => x.offer?.name ?? x.group.name));
    await expect.poll(async () => (await tableRows(page, "division-changes")).map((r) => r[1])).toEqual(divisionChanges.map((d) => d.new_division.name));
    await expect.poll(async () => (await tableRows(page, "transfers")).map((r) => [r[0], r[1], r[2]])).toEqual(transfers.slice(0, 10).map((x) => ["Envoyé", x.to_user.name, formatMillimes(x.points, "fr")]));
    await expect(page.getByTestId("history-attendance-empty")).toBeVisible();

    // Paging, as the server's totals say: 12 bookmarks and 11 transfers are two pages of 10, one of 25.
    for (const [id, total] of [["bookmarks", 12], ["transfers", 11]] as const) {
      const section = page.getByTestId(`history-${id}`);
      const rows = section.getByTestId(`history-${id}-table-row`);
      await section.getByRole("button", { name: "Page 2" }).first().click();
      await expect(rows).toHaveCount(total - 10);
      await section.getByTestId(`history-${id}-per-page`).selectOption("25");
      await expect(rows).toHaveCount(total);
      await section.getByTestId(`history-${id}-per-page`).selectOption("10");
      await expect(rows).toHaveCount(10);
    }
    await expect.poll(async () => (await tableRows(page, "bookmarks")).map((r) => r[0])).toEqual(bookmarks.slice(0, 10).map((b) => b.content.name));
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "history-fr");

    // In Arabic: the same rows, the names in Arabic where the server has them.
    await page.evaluate(() => localStorage.setItem("locale", "ar"));
    await page.reload();
    await expect(page.getByRole("heading", { name: "السجل", level: 1 })).toBeVisible();
    await expect(bookmarkRows).toHaveCount(10);
    const arabic = bookmarks.slice(0, 10).map((b) => b.content.name_ar || b.content.name);
    await expect.poll(async () => (await tableRows(page, "bookmarks")).map((r) => r[0])).toEqual(arabic);
    await expect.poll(async () => (await tableRows(page, "transfers")).map((r) => r[1])).toEqual(transfers.slice(0, 10).map((x) => x.to_user.name));
    await expect(page.getByTestId("history-attendance-empty")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "history-ar");
  });
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
