import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, test } from "@playwright/test";

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

test.describe("installable, offline-capable app", () => {
  test("Chromium reports no installability errors", async ({ baseURL }) => {
    const profile = mkdtempSync(join(tmpdir(), "darsi-install-"));
    const context = await chromium.launchPersistentContext(profile, { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}/login`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
      const manifest = (await cdp.send("Page.getAppManifest")) as { errors: unknown[]; url: string };
      expect(manifest.errors).toEqual([]);
      expect(manifest.url).toContain("/manifest.webmanifest");
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test("with the server stopped, a reload still renders the app from the service worker", async ({ browser }) => {
    const dataDir = mkdtempSync(join(tmpdir(), "darsi-offline-"));
    const port = 3199;
    const start = () =>
      spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, BOT_CHECK: "off", LOG_LEVEL: "warn" },
        stdio: "ignore",
      });
    let server: ChildProcess = start();
    const base = `http://localhost:${port}`;
    try {
      await expect.poll(async () => (await fetch(`${base}/health`).then((r) => r.status).catch(() => 0)), { timeout: 60_000 }).toBe(200);
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${base}/login`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

      server.kill("SIGTERM");
      await expect.poll(async () => fetch(`${base}/health`).then(() => "up").catch(() => "down")).toBe("down");
      await page.reload();
      await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
      await page.goto(`${base}/register`);
      await expect(page.getByRole("heading", { name: "Créer un compte" })).toBeVisible();
      await context.close();
    } finally {
      server.kill("SIGTERM");
      server = undefined as never;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("a new version waits for the pupil: the toast's button activates it and the page reloads once under it", async ({ browser }) => {
    // A server of its own over a copy of dist/, whose sw.js the test changes (a new deployment).
    const dataDir = mkdtempSync(join(tmpdir(), "darsi-update-"));
    const staticDir = mkdtempSync(join(tmpdir(), "darsi-update-dist-"));
    cpSync("dist", staticDir, { recursive: true });
    const port = Number(process.env.E2E_PORT ?? 3100) + 200;
    const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: staticDir, BOT_CHECK: "off", LOG_LEVEL: "warn" },
      stdio: "ignore",
    });
    const base = `http://localhost:${port}`;
    try {
      await expect.poll(async () => (await fetch(`${base}/health`).then((r) => r.status).catch(() => 0)), { timeout: 60_000 }).toBe(200);
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${base}/login`);
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      // workbox-window registers after the first screen: wait for it before the update, so that it sees it.
      await expect.poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((e) => /workbox-window/.test(e.name))), { timeout: 20_000 }).toBe(true);
      await expect(page.getByText("Nouvelle version disponible")).toHaveCount(0);

      // The new deployment: another sw.js (its precompressed copies are gone with the old one).
      appendFileSync(join(staticDir, "sw.js"), "\n// next version\n");
      rmSync(join(staticDir, "sw.js.gz"), { force: true });
      rmSync(join(staticDir, "sw.js.br"), { force: true });
      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
      await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())?.update()));
      await expect(page.getByText("Nouvelle version disponible")).toBeVisible({ timeout: 30_000 });
      const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);
      expect(waiting).toBe("installed");

      const reloaded = page.waitForEvent("load");
      await page.getByTestId("sw-update").click();
      await reloaded;
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe("activated");
      await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
      // Once: no second reload follows.
      const navigations: string[] = [];
      page.on("framenavigated", (f) => {
        if (f === page.mainFrame()) navigations.push(f.url());
      });
      await page.waitForTimeout(2_000);
      expect(navigations).toEqual([]);
      await context.close();
    } finally {
      server.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});
