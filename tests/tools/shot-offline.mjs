/* global localStorage */
// Screenshots of the offline state of a page the device does not have, in each language given:
// node tests/tools/shot-offline.mjs <out-dir> [locales=fr,ar,en] [width=412] [height=823]
// Starts its own server (fresh embedded database), visits /subjects and a subject online, stops the server, then opens
// the bookmarks (never visited).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "@playwright/test";

const [, , outDir = ".", locales = "fr,ar,en", w = "412", h = "823"] = process.argv;
const ROOT = new URL("../..", import.meta.url).pathname;
const port = 3190 + Math.floor(Math.random() * 9);
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "darsi-shot-offline-"));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, BOT_CHECK: "off", RATE_LIMIT_FACTOR: "1000", LOG_LEVEL: "warn" };
delete env.DATABASE_URL;
delete env.NODE_ENV;
const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: ROOT, env, stdio: "ignore" });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (let i = 0; i < 240 && !(await fetch(`${base}/health`).then((r) => r.ok, () => false)); i++) await sleep(500);
  const { payload } = await fetch(`${base}/api/auth/login_check`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "22000001", password: "Darsi#2026" }),
  }).then((r) => r.json());
  const pages = [];
  for (const locale of locales.split(",")) {
    const page = await browser.newPage({ viewport: { width: +w, height: +h } });
    page.on("pageerror", (e) => console.log("pageerror:", e.message));
    await page.addInitScript(
      ([t, e, l]) => {
        if (!localStorage.getItem("token")) {
          localStorage.setItem("token", t);
          localStorage.setItem("expires_at", e);
        }
        localStorage.setItem("locale", l);
      },
      [payload.token, payload.expires_at, locale],
    );
    await page.goto(`${base}/subjects`, { waitUntil: "networkidle" });
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto(`${base}/subjects/mathematiques/details`, { waitUntil: "networkidle" });
    await page.waitForTimeout(1_500);
    if (process.env.DUMP_CACHE) {
      const blob = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith("darsi:queries:"))?.[1] ?? "");
      (await import("node:fs")).writeFileSync(process.env.DUMP_CACHE, blob);
    }
    pages.push([locale, page]);
  }
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  for (const [locale, page] of pages) {
    await page.goto(`${base}/liste-de-favoris`);
    await page.waitForSelector("[data-page-offline]", { timeout: 30_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outDir, `offline-${locale}.png`), fullPage: true });
  }
} finally {
  await browser.close();
  if (server.exitCode === null) server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
