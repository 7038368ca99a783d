/* global localStorage */
// What the signed-in home really loads on a first visit, as Chromium sees it: every JavaScript file requested from the
// navigation until the network has been idle for 3 s (route chunks, the device store, code deferred to idle time),
// counted gzip like the static measure of scripts/size-budget.mjs. No service worker (its precache is not "the page").
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

/** @returns {Promise<{ js: number, files: Array<{ file: string, gzip: number, via: string }> }>} */
export async function measureHomeFirstLoad(base, dist, { username = "22000001", password = "Darsi#2026" } = {}) {
  const login = await fetch(`${base}/api/auth/login_check`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  }).then((r) => r.json());
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: "fr-FR", serviceWorkers: "block" });
    await context.addInitScript(
      ([token, expires]) => {
        localStorage.setItem("token", token);
        localStorage.setItem("expires_at", expires);
      },
      [login.payload.token, login.payload.expires_at],
    );
    const page = await context.newPage();
    const paths = new Set();
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) paths.add(pathname);
    });
    await page.goto(`${base}/`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(3_000);
    const files = [...paths].map((p) => ({ file: p.slice(1), gzip: gzipSync(readFileSync(join(dist, p))).length, via: "requested by the page" })).sort((a, b) => b.gzip - a.gzip);
    return { js: files.reduce((n, f) => n + f.gzip, 0), files };
  } finally {
    await browser.close();
  }
}
