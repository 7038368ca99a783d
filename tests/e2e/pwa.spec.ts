import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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
});
