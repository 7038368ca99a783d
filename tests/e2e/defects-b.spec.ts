/**
 * The smaller defects of issue 22 §7 (part B), each pinned at phone size (412 × 823) in French and in Arabic: the
 * operator's cancelled subscription, the focus back on the opener after a dialog, the help videos' posters, the
 * chapters first on a subject page, /switch in the app's frame, a YouTube lesson that cannot load, the Arabic for a
 * daughter in the parent's confirmation. Screenshots go to /tmp/defects-b-shots/.
 */
import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeViolations, registerVerifiedPupil, signInAs } from "./helpers";

const PHONE = { width: 412, height: 823 };
const SHOTS = "/tmp/defects-b-shots";
mkdirSync(SHOTS, { recursive: true });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const setLocale = (page: Page, locale: "fr" | "ar") => page.addInitScript((l) => localStorage.setItem("locale", l), locale);

/** Leila Ben Salah's phone (parent@darsi.tn, seeded). */
const PARENT_PHONE = "22000005";

/**
 * A daughter of her own asking parent@ to follow her account: the seeded request (Yasmine's) is answered by
 * account.spec, which runs first on the same server; this test needs one still waiting. Answers her full name.
 */
async function daughterAsking(request: APIRequestContext, tag: string): Promise<string> {
  const lastName = `Fille ${tag}`;
  const { token, phone } = await registerVerifiedPupil(request, { name: "Salma", lastName });
  const auth = { Authorization: `Bearer ${token}` };
  const profile = await request.post("/api/user/update", {
    headers: auth,
    data: { name: "Salma", lastName, birthDate: "03/03/2008", phone, gender: "female", division: 18, country: 1, state: 1 },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const asked = await request.put("/api/user/add-parent-phone", { headers: auth, data: { phone2: PARENT_PHONE } });
  expect(asked.status(), await asked.text()).toBe(200);
  return `Salma ${lastName}`;
}

const TEXT = {
  fr: {
    cancelled: "Abonnement annulé",
    approve: "Approuver",
    cancel: "Annuler",
    account: "Vous pourrez suivre son compte.",
    youtube: "La vidéo YouTube n'a pas pu être chargée",
    retry: "Réessayer",
    open: "Ouvrir sur YouTube",
    switchFailed: "Ce lien de connexion est invalide ou a expiré.",
  },
  ar: {
    cancelled: "تم إلغاء الاشتراك",
    approve: "قبول",
    cancel: "إلغاء",
    account: "ستتمكن من متابعة حسابها.",
    youtube: "تعذّر تحميل فيديو YouTube",
    retry: "أعد المحاولة",
    open: "فتح على YouTube",
    switchFailed: "رابط تسجيل الدخول هذا غير صالح أو منتهي الصلاحية.",
  },
} as const;

test.use({ viewport: PHONE });

for (const locale of ["fr", "ar"] as const) {
  test.describe(`defects, part B (${locale})`, () => {
    test(`a subscription cancelled on the operator's page is no payment error (${locale})`, async ({ page }) => {
      await setLocale(page, locale);
      await page.goto("/digitalvirgo/echec?orderId=dv_cancelled&status=cancelled&tx=t&ts=1&sig=s");
      await expect(page.getByRole("heading", { level: 1, name: TEXT[locale].cancelled })).toBeVisible();
      await expect(page.getByTestId("operator-cancelled")).toBeVisible();
      await expect(page.getByTestId("operator-echec")).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `operator-cancelled-${locale}`);
    });

    test(`closing a dialog gives the focus back to its opener; a daughter is spoken of as one (${locale})`, async ({ page }) => {
      // Names are letters only: the time in letters keeps her apart from earlier runs.
      const daughter = await daughterAsking(page.request, (Date.now() % 1e7).toString().replace(/\d/g, (d) => "abcdefghij"[Number(d)]!));
      await signInAs(page, "parent@darsi.tn", locale);
      await page.goto("/request-parent-user-children");
      const approve = page.getByTestId("parent-request").filter({ hasText: daughter }).getByTestId("parent-request-approve");
      await approve.click();
      const dialog = page.getByTestId("parent-request-confirm");
      await expect(dialog).toContainText(TEXT[locale].account);
      await shot(page, `parent-confirm-${locale}`);
      await dialog.getByRole("button", { name: TEXT[locale].cancel, exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(approve).toBeFocused();
      // The next Tab goes on from there, not back to the skip link at the top of the page.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).not.toBe("#main-content");
      // From the keyboard, with Escape, too.
      await approve.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(approve).toBeFocused();
    });

    test(`the help videos have posters (${locale})`, async ({ page }) => {
      await signInAs(page, "eleve@darsi.tn", locale);
      await page.goto("/assistance");
      const videos = page.locator("video");
      await expect(videos.first()).toBeVisible();
      const posters = await videos.evaluateAll((els) => els.map((el) => (el as HTMLVideoElement).poster));
      expect(posters.length).toBeGreaterThanOrEqual(6);
      for (const p of posters) expect(p).toMatch(/\/media\/public\/posters\/help-\w+\.svg$/);
      expect((await page.request.get(posters[0]!)).status()).toBe(200);
      await shot(page, `assistance-${locale}`);
    });

    test(`on a phone the subject page shows the chapters first (${locale})`, async ({ page }) => {
      await signInAs(page, "eleve@darsi.tn", locale);
      await page.goto("/subjects/mathematiques/details");
      const first = page.getByTestId("chapter-row").first();
      await expect(first).toBeVisible();
      const box = (await first.boundingBox())!;
      // Under the top bar, the title and the tabs: well within the first screen (it was 650 px down).
      expect(box.y).toBeLessThan(300);
      await shot(page, `subject-${locale}`);
    });

    test(`/switch is inside the app's frame (${locale})`, async ({ page }) => {
      await setLocale(page, locale);
      await page.goto("/switch");
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("main")).toBeVisible();
      await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
      await expect(page.getByRole("main").getByRole("alert")).toContainText(TEXT[locale].switchFailed);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `switch-${locale}`);
    });

    test(`a YouTube lesson that cannot load says so, with Réessayer and a link to YouTube (${locale})`, async ({ page }) => {
      await signInAs(page, "eleve@darsi.tn", locale);
      await page.route("https://i.ytimg.com/**", (route) => route.abort("internetdisconnected"));
      await page.goto("/subjects/mathematiques/chapters/limites-et-continuite/lessons/introduction-et-activites/content");
      const failed = page.getByTestId("lesson-youtube-failed");
      await expect(failed).toContainText(TEXT[locale].youtube);
      await expect(page.getByTestId("lesson-youtube")).toHaveCount(0);
      await expect(failed.getByRole("link", { name: TEXT[locale].open })).toHaveAttribute("href", /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `youtube-failed-${locale}`);
      // YouTube reachable again: Réessayer brings the player back.
      await page.unroute("https://i.ytimg.com/**");
      const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==", "base64");
      await page.route("https://i.ytimg.com/**", (route) => route.fulfill({ status: 200, contentType: "image/gif", body: gif }));
      await failed.getByRole("button", { name: TEXT[locale].retry }).click();
      await expect(page.getByTestId("lesson-youtube")).toBeVisible();
      await expect(failed).toHaveCount(0);
    });
  });
}
