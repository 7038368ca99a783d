/**
 * Kept chapters per class on a class tablet (issue 23, item 6). The teacher marks a chapter for the class (the teacher
 * app's `PUT /teacher/classes/{classId}/tablet-chapters`); the tablet's start screen downloads it once into the shared
 * cache and shows it with the storage used against the budget; a pupil switch keeps the shared media and wipes the
 * pupil's data; the next pupil's lesson video plays with the server stopped. In French (tablet size) and Arabic (phone
 * size), axe on the start screen. Like keep-offline.spec.ts, this spec runs its own server (same build, own port and
 * DATA_DIR) so that it can really stop it.
 */
import { createHmac } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import type { OfflineManifestDto } from "../../domain/offline";
import { DEMO_PASSWORD, axeViolations } from "./helpers";
import { ownServer } from "./ownServer";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 73;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = join(tmpdir(), `darsi-e2e-tablet-chapters-${PORT}`);
const SHOTS = "/work/wt/shots/tablet-chapters";
const TABLET = { width: 800, height: 1280 };
const PHONE = { width: 412, height: 823 };
/** Bac Mathématiques: the demo teacher teaches its Mathématiques. */
const BAC_MATH = 18;
const SUBJECT = "mathematiques";
const YASMINE = "Yasmine Ben Salah";
/** Bac Mathématiques too, no offer (a few free hours): the chapter's locked lessons stay locked for her. */
const RANIA = "Rania Mejri";

const own = ownServer(PORT, DATA_DIR);

const adminKey = () => createHmac("sha256", readFileSync(join(DATA_DIR, "secret.key"), "utf8").trim()).update("admin-cli").digest("hex");

async function tabletCode(): Promise<string> {
  const res = await fetch(`${BASE}/api/admin/tablet-codes`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-admin-key": adminKey() },
    body: JSON.stringify({ division: String(BAC_MATH) }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { payload: { code: string } }).payload.code;
}

/** A chapter of Mathématiques with a video lesson: the one the teacher marks. */
async function videoChapter(token: string): Promise<{ id: number; slug: string; name: string; nameAr: string; manifest: OfflineManifestDto; video: string }> {
  type Entry = { chapter: { id: number; slug: string; type: string; name: string; name_ar: string | null } };
  const { chapters } = await own.get<{ chapters: Entry[] }>(`/api/student/subjects/${SUBJECT}/chapters`, token);
  for (const { chapter } of chapters.filter((c) => c.chapter.type === "course")) {
    const manifest = await own.get<OfflineManifestDto>(`/api/student/subjects/${SUBJECT}/chapters/${chapter.slug}/offline-manifest`, token);
    const video = manifest.lessons.find((l) => l.availability === "keepable" && l.files.some((f) => f.path.startsWith("/media/videos/")));
    if (video) return { id: chapter.id, slug: chapter.slug, name: chapter.name, nameAr: chapter.name_ar ?? chapter.name, manifest, video: video.slug };
  }
  throw new Error("no chapter with a video lesson");
}

/** The class tablet's shared cache: its name and the paths it holds. */
async function classCache(page: Page): Promise<{ names: string[]; paths: string[] }> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith("darsi-class-"));
    const paths: string[] = [];
    for (const n of names) for (const r of await (await caches.open(n)).keys()) paths.push(new URL(r.url).pathname);
    return { names, paths: paths.sort() };
  });
}

/** Everything the origin keeps in local and session storage and in Cache Storage's pupil caches (not the shared one). */
async function pupilTraces(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    for (const name of await caches.keys()) {
      if (name.startsWith("darsi-class-")) continue;
      const cache = await caches.open(name);
      for (const req of await cache.keys()) parts.push(name, req.url);
    }
    return parts.join("\n");
  });
}

async function signIn(page: Page, fullName: string, search: string, pin: string, password: string) {
  await page.getByLabel("Chercher mon nom").fill(search);
  await page.getByRole("button", { name: fullName }).click();
  const dialog = page.getByRole("dialog", { name: fullName });
  await dialog.getByRole("textbox", { name: "Mot de passe", exact: true }).fill(password);
  await dialog.getByLabel("Chiffre 1 du code PIN").click();
  await page.keyboard.type(pin);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByTestId("tablet-pupil-bar")).toContainText(fullName);
}

async function switchPupil(page: Page) {
  await page.getByRole("button", { name: "Changer d'élève" }).click();
  await expect(page).toHaveURL(/\/tablette$/);
}

async function enableTablet(page: Page) {
  await page.goto("/tablette");
  await page.getByRole("textbox").fill(await tabletCode());
  await page.getByRole("button").filter({ hasText: /Activer la tablette|تفعيل اللوحة/ }).click();
  await expect(page.getByTestId("tablet-chapters")).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test.describe("chapters kept for the class on its tablet", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ baseURL: BASE });
  let chapter: Awaited<ReturnType<typeof videoChapter>>;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    await own.startFresh();
    chapter = await videoChapter((await own.login("eleve@darsi.tn")).token);
    // The teacher app marks the chapter for the class (the teacher's own subject).
    const teacher = await own.login("prof@darsi.tn");
    const marked = await fetch(`${BASE}/api/teacher/classes/${BAC_MATH}/tablet-chapters`, {
      method: "PUT",
      headers: { "content-type": "application/json", Authorization: `Bearer ${teacher.token}` },
      body: JSON.stringify({ chapters: [chapter.id] }),
    });
    expect(marked.status, await marked.text()).toBe(200);
  });

  test.afterAll(async () => {
    await own.dispose();
  });

  test("the marked chapter is on the tablet; a pupil switch keeps the shared media and wipes the pupil's data; the next pupil's lesson plays with the server stopped (fr)", async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(TABLET);
    await enableTablet(page);

    // The start screen: the class's chapter, downloaded once into the shared cache, and the storage used.
    const row = page.getByTestId("tablet-chapter").filter({ hasText: chapter.name });
    await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "kept", { timeout: 60_000 });
    await expect(row).toContainText("Sur la tablette");
    await expect(page.getByTestId("tablet-storage")).toContainText(/Espace utilisé : .+ sur 2(,1)?\s?Go/);
    const shared = await classCache(page);
    expect(shared.names).toHaveLength(1);
    expect(shared.paths).toEqual(expect.arrayContaining(chapter.manifest.files.map((f) => f.path)));
    expect(shared.paths.every((p) => p.startsWith("/media/"))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/grid-fr-tablet.png`, fullPage: true });

    // "Actualiser": the list asked again, nothing downloaded twice.
    await page.getByTestId("tablet-chapters-refresh").click();
    await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "kept");
    expect((await classCache(page)).paths).toEqual(shared.paths);

    // A first pupil (no offer) signs in and leaves: her data goes, the shared media stays.
    await signIn(page, RANIA, "Rania", "2468", DEMO_PASSWORD);
    const raniaToken = await page.evaluate(() => localStorage.getItem("token"));
    await page.goto(`/subjects/${SUBJECT}/details`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await switchPupil(page);
    const afterRania = await pupilTraces(page);
    expect(afterRania).not.toContain(raniaToken!);
    expect(afterRania).not.toContain("Mejri");
    expect(afterRania).not.toContain("darsi:kept:");
    expect(afterRania).not.toContain("darsi-kept-");
    expect((await classCache(page)).paths).toEqual(shared.paths);

    // Yasmine signs in: the class's chapter becomes hers offline — her own answers, the shared files.
    await signIn(page, YASMINE, "Yasmine", "8642", DEMO_PASSWORD);
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const kept = Object.keys(localStorage).filter((k) => k.startsWith("darsi:kept:"));
            return kept.map((k) => localStorage.getItem(k) ?? "").join("");
          }),
        { timeout: 30_000 },
      )
      .toContain('"forClass":true');
    await expect
      .poll(
        () => page.evaluate((slug) => Object.keys(localStorage).some((k) => k.startsWith("darsi:queries:") && (localStorage.getItem(k) ?? "").includes(`"${slug}"`)), chapter.video),
        { timeout: 15_000 },
      )
      .toBe(true);
    // Nothing was downloaded into a cache of hers: the files are the class's.
    expect(
      await page.evaluate(async () => {
        const urls: string[] = [];
        for (const n of (await caches.keys()).filter((k) => k.startsWith("darsi-kept-"))) urls.push(...(await (await caches.open(n)).keys()).map((r) => r.url));
        return urls;
      }),
    ).toEqual([]);
    await page.goto(`/subjects/${SUBJECT}/details`);
    await expect(page.getByTestId("keep-for-class").first()).toContainText("Gardé pour la classe sur cette tablette");
    await page.waitForTimeout(1_500); // the persisted query cache is written at most once a second

    // The server stops: her lesson opens from the device, and its video plays from the shared cache.
    await own.stop();
    await page.goto(`/subjects/${SUBJECT}/chapters/${chapter.slug}/lessons/${chapter.video}/content`);
    await expect(page.getByTestId("lesson-title")).toBeVisible({ timeout: 20_000 });
    const items = page.getByTestId("lesson-item");
    await expect(items.locator("[data-offline='device']").first()).toBeVisible();
    const player = page.getByTestId("lesson-video");
    await expect(player).toBeVisible();
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await player.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/lesson-offline-fr-tablet.png` });
    await own.start();
  });

  test("the start screen in Arabic on a phone: the class's chapter, its state and the storage, axe finds nothing", async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => localStorage.setItem("locale", "ar"));
    await page.setViewportSize(PHONE);
    await enableTablet(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const section = page.getByTestId("tablet-chapters");
    await expect(section.getByRole("heading", { name: "الفصول المحفوظة للقسم" })).toBeVisible();
    const row = section.getByTestId("tablet-chapter").filter({ hasText: chapter.nameAr });
    await expect(row.locator("[data-status]")).toHaveAttribute("data-status", "kept", { timeout: 60_000 });
    await expect(row).toContainText("على اللوحة");
    await expect(page.getByTestId("tablet-storage")).toContainText("المساحة المستعملة");
    expect((await classCache(page)).paths).toEqual(expect.arrayContaining(chapter.manifest.files.map((f) => f.path)));
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/grid-ar-phone.png`, fullPage: true });
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
