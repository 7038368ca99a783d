/* global localStorage */
// Screenshot of a signed-in page: node tests/tools/shot-auth.mjs <login> <path> <out.png> [width height locale]
import { chromium } from "@playwright/test";
const [, , login, path, out, w = "412", h = "823", locale = "fr", base = "http://localhost:3000"] = process.argv;
const res = await fetch(`${base}/api/auth/login_check`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: login, password: "Darsi#2026" }),
});
const { payload } = await res.json();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
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
await page.goto(base + path, { waitUntil: "networkidle" });
await page.waitForTimeout(700);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
