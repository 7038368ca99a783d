import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { botToken, freshPhone, loginThroughUi } from "./helpers";

test.describe("guards", () => {
  test("no token sends to /login", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/update-password");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a signed-in user on a public-only page goes home, or to /offres with nextPage=offres", async ({ page }) => {
    await loginThroughUi(page, "22000001");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/register");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/login?nextPage=offres");
    await expect(page).toHaveURL(/\/offres$/);
  });

  test("an unverified user is sent to /confirm", async ({ page, request }) => {
    const phone = freshPhone();
    const res = await request.post("/api/auth/register", {
      data: {
        name: "Sans",
        lastName: "Code",
        phone,
        birthDate: "03/03/2009",
        plainPassword: { first: "Ecole#2026", second: "Ecole#2026" },
        country: 1,
        state: 1,
        division: 5,
        "g-recaptcha-response": await botToken(request),
      },
    });
    expect(res.status()).toBe(201);
    await loginThroughUi(page, phone, "Ecole#2026");
    await expect(page).toHaveURL(/\/confirm$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/confirm$/);
  });

  test("a referral parameter is kept as a referral code", async ({ page }) => {
    await page.goto("/login?referral=CP-AMI42");
    // /login is prerendered: the app, which keeps the code, starts after the first paint (public/boot.js).
    await expect.poll(() => page.evaluate(() => localStorage.getItem("referral_code"))).toBe("CP-AMI42");
  });

  test("unknown paths show the not-found page", async ({ page }) => {
    await page.goto("/cette-page-n-existe-pas");
    await expect(page.getByRole("heading", { name: "Oups 404 Error" })).toBeVisible();
    await expect(page.getByText("La page que vous recherchez semble introuvable")).toBeVisible();
  });

  test("logout ends the session: the old token stops working", async ({ page, request }) => {
    await loginThroughUi(page, "22000002");
    await expect(page).toHaveURL(/\/$/);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(token).toBeTruthy();
    await page.getByRole("button", { name: /Karim/ }).click();
    await page.getByRole("menuitem", { name: "Déconnecter" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test("admin impersonation: a one-time link, removed from the URL, bypassing the gates", async ({ page }) => {
    const link = execFileSync("npx", ["tsx", "server/cli/admin.ts", "impersonate", "nouveau@darsi.tn"], {
      env: { ...process.env, PORT: process.env.E2E_PORT, DATA_DIR: process.env.E2E_DATA_DIR },
      encoding: "utf8",
    }).trim();
    expect(link).toMatch(/\/switch\?token=.+&adminId=\d+&userId=\d+$/);
    const url = new URL(link);
    await page.goto(url.pathname + url.search);
    await expect(page).toHaveURL(/\/$/);
    expect(page.url()).not.toContain("token=");
    expect(await page.evaluate(() => localStorage.getItem("admin_user_id"))).toMatch(/^\d+$/);
    await expect(page.getByRole("heading", { name: /Karim/ })).toBeVisible();
    // The same link a second time is refused.
    await page.evaluate(() => localStorage.clear());
    await page.goto(url.pathname + url.search);
    await expect(page.getByText("Ce lien de connexion est invalide ou a expiré.")).toBeVisible();
  });
});
