import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { loginThroughUi, youtubeReachable } from "./helpers";

const LESSON = "/subjects/mathematiques/chapters/suites-reelles/lessons/cours-definitions-et-proprietes/content";

async function apiToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem("token")))!;
}

async function lessonProgress(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get("/api/student/subjects/mathematiques/chapters/suites-reelles/contents/cours-definitions-et-proprietes", {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { payload } = await res.json();
  return payload.progress?.percentage ?? 0;
}

test.describe("learning", () => {
  test("the Gold pupil opens a subject, a video lesson plays and its progress reaches the server and the chapter", async ({ page, request }) => {
    await loginThroughUi(page, "22000001");
    await expect(page).toHaveURL(/\/$/);
    // Home: the class's warnings and the first two free and new contents.
    await expect(page.getByTestId("home-alerts")).toBeVisible();
    await expect(page.getByTestId("home-free").getByRole("link")).toHaveCount(2);
    await expect(page.getByTestId("home-new").getByRole("link")).toHaveCount(2);
    await page.goto("/subjects");
    await page.getByRole("link", { name: /Mathématiques/ }).first().click();
    await expect(page).toHaveURL(/\/subjects\/mathematiques\/details/);
    await expect(page.getByRole("heading", { name: "Mathématiques", level: 1 })).toBeVisible();
    await expect(page.getByText("Suites réelles")).toBeVisible();

    await page.goto(LESSON);
    const video = page.getByTestId("lesson-video");
    await expect(video).toBeVisible();
    const token = await apiToken(page);
    expect(await lessonProgress(request, token)).toBe(0);

    // Play six seconds (muted, as autoplay policies require), then pause: the tracker posts the watched range.
    await video.evaluate(async (el: HTMLVideoElement) => {
      el.muted = true;
      await el.play();
      await new Promise((r) => setTimeout(r, 6000));
      el.pause();
    });
    await expect.poll(() => lessonProgress(request, token), { timeout: 15_000 }).toBeGreaterThan(10);

    // The media itself is readable only through the signed link.
    const src = await video.getAttribute("src");
    expect(src).toContain("otp=");
    expect((await request.get(src!.split("?")[0]!)).status()).toBe(403);

    await page.goto("/subjects/mathematiques/details");
    const row = page.getByRole("link", { name: /Suites réelles/ });
    await expect(row).toBeVisible();
    await expect(row.getByRole("progressbar")).not.toHaveAttribute("aria-valuenow", "0");
  });

  test("every kind of lesson renders: YouTube, magazine pages, and the lesson list", async ({ page }) => {
    await youtubeReachable(page);
    await loginThroughUi(page, "22000001");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/subjects/mathematiques/chapters/limites-et-continuite/lessons/introduction-et-activites/content");
    await expect(page.locator("iframe[src*='youtube-nocookie.com']")).toBeVisible();
    await page.goto("/subjects/mathematiques/chapters/limites-et-continuite/lessons/fiche-de-synthese/content");
    const pageImage = page.locator("img[src*='/media/magazines/']");
    await expect(pageImage).toBeVisible();
    await expect.poll(() => pageImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText(/1 \/ \d/)).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText(/2 \/ \d/)).toBeVisible();

    // Report a problem with this lesson: reason and description are required.
    await page.getByTestId("report-open").click();
    const dialog = page.getByRole("dialog", { name: "Signaler un problème" });
    await expect(dialog.getByRole("button", { name: "Envoyer" })).toBeDisabled();
    await dialog.locator("input").and(page.getByLabel(/Raison/)).click();
    await page.getByRole("option").first().click();
    await dialog.getByLabel(/Description/).fill("La page 2 est floue sur mon téléphone.");
    await dialog.getByRole("button", { name: "Envoyer" }).click();
    await expect(dialog).toBeHidden();
    const token = await apiToken(page);
    const reports = await page.request.get("/api/student/video-reports", { headers: { Authorization: `Bearer ${token}` } });
    const { payload } = (await reports.json()) as { payload: Array<{ description: string }> };
    expect(payload.map((r) => r.description)).toContain("La page 2 est floue sur mon téléphone.");
  });

  test("a pupil without an offer meets the lock screen and gets no media", async ({ page }) => {
    await loginThroughUi(page, "22000002");
    await expect(page).toHaveURL(/\/$/);
    const token = await apiToken(page);
    const subjects = await page.request.get("/api/student/subjects", { headers: { Authorization: `Bearer ${token}` } });
    const [subject] = (await subjects.json()).payload as Array<{ slug: string }>;
    const chapters = await page.request.get(`/api/student/subjects/${subject!.slug}/chapters`, { headers: { Authorization: `Bearer ${token}` } });
    const entries = (await chapters.json()).payload.chapters as Array<{ chapter: { slug: string; type: string }; firstLessonSlug: string }>;
    const course = entries.find((e) => e.chapter.type === "course")!;
    const list = await page.request.get(`/api/student/subjects/${subject!.slug}/chapters/${course.chapter.slug}/contents`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const locked = ((await list.json()).payload as Array<{ slug: string; locked: boolean }>).find((l) => l.locked)!;
    await page.goto(`/subjects/${subject!.slug}/chapters/${course.chapter.slug}/lessons/${locked.slug}/content`);
    const unlock = page.getByRole("link", { name: "Déverrouillez l accès complet" });
    await expect(unlock).toBeVisible();
    // To the offers, and back to this lesson once bought.
    await expect(unlock).toHaveAttribute("href", /^\/offres\?redirect=%2Fsubjects%2F.+%2Fcontent$/);
    await expect(page.locator("video")).toHaveCount(0);
  });
});
