/* global localStorage, document */
// Offline repeat visit (issue 3 budget): a pupil who opened /subjects once comes back with no connection at all (the
// server is stopped); with the CPU slowed down 4× (Chrome DevTools throttling), how long from the navigation's start
// until the subject cards are on screen? The service worker serves the shell, the device store (IndexedDB) the data.
//
// Runs its own server (embedded database, fresh DATA_DIR) so that it can stop it. Median of `runs` visits.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "@playwright/test";

const ROOT = new URL("../..", import.meta.url).pathname;
const SUBJECT_CARD = 'a[href^="/subjects/"][href$="/details"]';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitUp(base, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) return;
    await sleep(250);
  }
  throw new Error(`server at ${base} did not start`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** @returns {Promise<{ medianMs: number, runsMs: number[], appMedianMs: number, appRunsMs: number[], cpuSlowdown: number }>} */
export async function measureOfflineVisit({ runs = 5, cpuSlowdown = 4, log = () => {} } = {}) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "darsi-bench-offline-"));
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, BOT_CHECK: "off", RATE_LIMIT_FACTOR: "1000", LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: ROOT, env, stdio: "ignore" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    await waitUp(base);
    const login = await fetch(`${base}/api/auth/login_check`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "22000001", password: "Darsi#2026" }),
    }).then((r) => r.json());
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: "fr-FR" });
    await context.addInitScript(
      ([token, expires]) => {
        if (!localStorage.getItem("token")) {
          localStorage.setItem("token", token);
          localStorage.setItem("expires_at", expires);
        }
      },
      [login.payload.token, login.payload.expires_at],
    );
    const page = await context.newPage();
    // First visit, online: the worker installs and precaches, the device store keeps the answers.
    await page.goto(`${base}/subjects`);
    await page.waitForSelector(SUBJECT_CARD);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith("darsi:device:")) ?? "-") === "1", null, {
      timeout: 30_000,
    });
    await page.reload();
    await page.waitForSelector(SUBJECT_CARD);

    await stop(server);
    log("offline visit: server stopped");
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    const runsMs = [];
    const appRunsMs = [];
    // In-page times (rAF polling): when a subject card is first on screen — the last screen painted from the device by
    // public/snapshot.js, or the app's own — and when the app's own cards have replaced it (interactive).
    const shownAt = (selector) =>
      page
        .waitForFunction(
          (sel) => {
            const el = document.querySelector(sel);
            return el && el.checkVisibility({ visibilityProperty: true }) ? performance.now() : false;
          },
          selector,
          { polling: "raf", timeout: 30_000 },
        )
        .then((h) => h.jsonValue());
    for (let i = 0; i < runs; i++) {
      await page.goto("about:blank");
      await page.goto(`${base}/subjects`, { waitUntil: "commit" });
      runsMs.push(Math.round(await shownAt(SUBJECT_CARD)));
      appRunsMs.push(Math.round(await shownAt(`#root ${SUBJECT_CARD}`)));
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return { medianMs: median(runsMs), runsMs, appMedianMs: median(appRunsMs), appRunsMs, cpuSlowdown };
  } finally {
    await browser.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureOfflineVisit({ log: (m) => console.error(`[offline-visit] ${m}`) });
  console.log(JSON.stringify(result));
}
