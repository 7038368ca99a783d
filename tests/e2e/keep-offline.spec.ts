import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import type { OfflineManifestDto } from "../../domain/offline";
import { ownServer } from "./ownServer";

// A chapter kept for offline study, opened with the server stopped. Like offline.spec.ts, this spec runs its own server
// (same build, own port and DATA_DIR) so that it can really stop it: context.setOffline does not cut the worker's fetches.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 61;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = join(tmpdir(), `darsi-e2e-keep-${PORT}`);
const SUBJECT = "mathematiques";

const own = ownServer(PORT, DATA_DIR);
const startServer = own.start;
const stopServer = own.stop;
const apiLogin = own.login;
const apiGet = own.get;

/** A course chapter of the pupil's Mathématiques with a video, a magazine, an attachment and a YouTube lesson. */
async function richChapter(token: string): Promise<{ slug: string; name: string; manifest: OfflineManifestDto }> {
  const { chapters } = await apiGet<{ chapters: Array<{ chapter: { slug: string; type: string; name: string } }> }>(`/api/student/subjects/${SUBJECT}/chapters`, token);
  for (const { chapter } of chapters.filter((c) => c.chapter.type === "course")) {
    const manifest = await apiGet<OfflineManifestDto>(`/api/student/subjects/${SUBJECT}/chapters/${chapter.slug}/offline-manifest`, token);
    const paths = manifest.files.map((f) => f.path);
    if (
      paths.some((p) => p.startsWith("/media/videos/")) &&
      paths.some((p) => p.startsWith("/media/magazines/")) &&
      paths.some((p) => p.startsWith("/media/attachments/")) &&
      manifest.lessons.some((l) => l.availability === "youtube")
    ) {
      return { slug: chapter.slug, name: chapter.name, manifest };
    }
  }
  throw new Error("no chapter with every kind of lesson");
}

async function signedInOnce(page: Page, session: { token: string; expires_at: string }): Promise<void> {
  await page.addInitScript(
    ({ token, expires }) => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("token", token);
      localStorage.setItem("expires_at", expires);
    },
    { token: session.token, expires: session.expires_at },
  );
}

/** The kept caches of this origin: name → keys (URLs). */
async function keptCaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (name.startsWith("darsi-kept-")) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    }
    return out;
  });
}

test.describe("a chapter kept for offline study", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ baseURL: BASE });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await own.startFresh();
  });

  test.afterAll(async () => {
    await own.dispose();
  });

  test("shows its size, downloads with progress, opens with the server stopped (list, magazine pages, video, attachment), can be removed, and logout wipes it", async ({ page }) => {
    test.setTimeout(240_000);
    const session = await apiLogin("22000001");
    const { slug, name, manifest } = await richChapter(session.token);
    const keepable = manifest.lessons.filter((l) => l.availability === "keepable");
    await signedInOnce(page, session);
    // Whether the download's progress bar was ever on screen (it may last only a moment on this machine).
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (!document.querySelector("[data-testid='keep-progress'] [role='progressbar']")) return;
        (window as { sawProgress?: boolean }).sawProgress = true;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });

    // Online: the subject page, with the service worker in control.
    await page.goto(`/subjects/${SUBJECT}/details`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // The size first, in a dialog that names the lessons that always need a connection.
    await page.getByRole("button", { name: `Garder hors ligne : ${name}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("keep-size")).toContainText(/\d+([,.]\d)?\s(Mo|ko)/);
    await expect(dialog.getByTestId("keep-size")).toContainText(`${keepable.length} leçon`);
    await expect(dialog.getByTestId("keep-online-only")).toContainText("vidéo YouTube");
    await expect(dialog.getByTestId("keep-free")).toContainText("Espace libre");

    // The download: a progress bar, then "Disponible hors ligne".
    await dialog.getByTestId("keep-start").click();
    const row = page.getByTestId("keep-done").filter({ has: page.getByRole("button", { name: `Retirer : ${name}` }) });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row).toContainText("Disponible hors ligne");
    // Screen readers are told too, politely (a status region, not the bar's every step).
    await expect(row.getByRole("status")).toHaveText(`${name} est disponible hors ligne`);
    expect(await page.evaluate(() => (window as { sawProgress?: boolean }).sawProgress)).toBe(true);

    // Every file once, under its path without any signature.
    const kept = await keptCaches(page);
    const userCache = Object.keys(kept);
    expect(userCache).toHaveLength(1);
    const urls = kept[userCache[0]!]!;
    expect(urls.map((u) => new URL(u).pathname).sort()).toEqual(manifest.files.map((f) => f.path).sort());
    expect(urls.every((u) => !u.includes("?"))).toBe(true);
    // The lessons' answers are kept with the pupil's other answers (the persisted query cache).
    await expect
      .poll(() => page.evaluate((slugs) => {
        const saved = Object.keys(localStorage).filter((k) => k.startsWith("darsi:queries:")).map((k) => localStorage.getItem(k) ?? "").join("");
        return slugs.every((s) => saved.includes(`"${s}"`));
      }, keepable.map((l) => l.slug)), { timeout: 10_000 })
      .toBe(true);

    // The lesson list says which lessons open without a connection.
    const video = keepable.find((l) => l.files.some((f) => f.path.startsWith("/media/videos/")))!;
    const magazine = keepable.find((l) => l.files.some((f) => f.path.startsWith("/media/magazines/")))!;
    const withAttachment = keepable.find((l) => l.files.some((f) => f.path.startsWith("/media/attachments/")))!;
    const youtube = manifest.lessons.find((l) => l.availability === "youtube")!;
    const viewer = (lesson: string) => `/subjects/${SUBJECT}/chapters/${slug}/lessons/${lesson}/content`;

    // The server stops.
    await stopServer();

    // The video lesson: its list, its marks, and the clip plays from the device.
    await page.goto(viewer(video.slug));
    await expect(page.getByTestId("lesson-title")).toBeVisible();
    const items = page.getByTestId("lesson-item");
    await expect(items).toHaveCount(manifest.lessons.length);
    await expect(items.filter({ hasText: video.name }).getByTestId("lesson-offline")).toHaveAttribute("data-offline", "device");
    await expect(items.filter({ hasText: youtube.name }).getByTestId("lesson-offline")).toHaveAttribute("data-offline", "connection");
    const player = page.getByTestId("lesson-video");
    await expect(player).toBeVisible();
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await player.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBeGreaterThan(20);
    // Seeking asks for a byte range: answered from the kept copy too.
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      v.currentTime = 20;
    });
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

    // A magazine lesson never opened before: its pages come from the device.
    await page.goto(viewer(magazine.slug));
    const pageImage = page.locator("img[src*='/media/magazines/']").first();
    await expect(pageImage).toBeVisible();
    await expect.poll(() => pageImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // An attachment, whatever the signature the page asks with (expired, another session's, none).
    await page.goto(viewer(withAttachment.slug));
    const link = page.locator("a[href*='/media/attachments/']").first();
    await expect(link).toBeVisible();
    const href = (await link.getAttribute("href"))!;
    const answers = await page.evaluate(
      async (urls) => Promise.all(urls.map(async (u) => {
        const res = await fetch(u);
        return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
      })),
      [href, href.split("?")[0] + "?otp=expired&playbackInfo=eyJ1IjoxLCJleHAiOjF9"],
    );
    const attachmentBytes = withAttachment.files.find((f) => f.path === href.split("?")[0])!.bytes;
    expect(answers).toEqual([
      { status: 200, bytes: attachmentBytes },
      { status: 200, bytes: attachmentBytes },
    ]);

    // Removed again (offline too): its files go, its lessons need a connection again.
    await page.goto(`/subjects/${SUBJECT}/details`);
    await page.getByRole("button", { name: `Retirer : ${name}` }).click();
    await expect(page.getByRole("button", { name: `Garder hors ligne : ${name}` })).toBeVisible();
    expect(Object.values(await keptCaches(page)).flat()).toEqual([]);

    // Back online: kept again, then logout leaves nothing of it on the device.
    await startServer();
    await page.getByRole("button", { name: `Garder hors ligne : ${name}` }).click();
    await page.getByRole("dialog").getByTestId("keep-start").click();
    await expect(page.getByRole("button", { name: `Retirer : ${name}` })).toBeVisible({ timeout: 60_000 });
    expect(Object.values(await keptCaches(page)).flat().length).toBe(manifest.files.length);
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Déconnecter" }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await keptCaches(page)).toEqual({});
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("darsi:kept:")))).toEqual([]);
  });
});
