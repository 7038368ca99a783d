/* global localStorage, document, MouseEvent, window */
// Offline repeat visit (issue 8): a pupil who opened /subjects once comes back with no connection at all (the server is
// stopped: the service worker's own fetches fail too, which context.setOffline would not do); with the CPU slowed down
// 4× (Chrome DevTools throttling), how long from the navigation's start until the screen is interactive — a tap on a
// subject card navigates (the app's own screen, not a picture of it)? The service worker serves the code, the persisted
// query cache (localStorage) the data, before the first render.
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

/**
 * `medianMs`/`runsMs`: time to the interactive screen (a tap on a subject card taken by the app); `shown*`: time the
 * card was first on screen (the same screen: nothing paints before the app).
 * @returns {Promise<{ medianMs: number, runsMs: number[], shownMedianMs: number, shownRunsMs: number[], cpuSlowdown: number }>}
 */
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
    // First visit, online: the worker installs and precaches, the query cache is persisted for the pupil.
    await page.goto(`${base}/subjects`);
    await page.waitForSelector(SUBJECT_CARD);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(
      () => Object.keys(localStorage).some((k) => k.startsWith("darsi:queries:") && (localStorage.getItem(k) ?? "").includes('"subjects","list"')),
      null,
      { timeout: 30_000 },
    );
    await page.reload();
    await page.waitForSelector(SUBJECT_CARD);
    await page.waitForTimeout(1_500); // the persister's throttled save

    await stop(server);
    log("offline visit: server stopped");
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    const runsMs = [];
    const shownRunsMs = [];
    // In-page times (rAF polling, from the navigation's start): when a subject card is first on screen, and when a tap
    // on it is taken by the app (a click the router handles: it prevents the browser's own navigation and starts its
    // own). A click the app does not take would make the browser load the next page: that run then fails.
    const tapTakenAt = () =>
      page
        .waitForFunction(
          (sel) => {
            const w = /** @type {{ __shown?: number }} */ (/** @type {unknown} */ (window));
            const el = document.querySelector(sel);
            if (!el || !el.checkVisibility({ visibilityProperty: true })) return false;
            w.__shown ??= performance.now();
            const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
            el.dispatchEvent(click);
            return click.defaultPrevented ? { shown: w.__shown, tap: performance.now() } : false;
          },
          SUBJECT_CARD,
          { polling: "raf", timeout: 30_000 },
        )
        .then((h) => h.jsonValue());
    for (let i = 0; i < runs; i++) {
      await page.goto("about:blank");
      await page.goto(`${base}/subjects`, { waitUntil: "commit" });
      const { shown, tap } = await tapTakenAt();
      // The tap really navigates: the subject's page is the one shown next.
      await page.waitForURL(/\/subjects\/[^/]+\/details/, { timeout: 30_000 });
      runsMs.push(Math.round(tap));
      shownRunsMs.push(Math.round(shown));
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return { medianMs: median(runsMs), runsMs, shownMedianMs: median(shownRunsMs), shownRunsMs, cpuSlowdown };
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
