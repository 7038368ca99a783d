import { expect, test, type Page } from "@playwright/test";
import { loginThroughUi } from "./helpers";

/** A QCM lesson of Bac Maths mathematics (Intégrales). */
const QUIZ_LESSON = "/subjects/mathematiques/chapters/integrales/lessons/qcm-d-auto-evaluation/content";
const MAGAZINE_LESSON = "/subjects/mathematiques/chapters/integrales/lessons/fiche-de-synthese/content";

interface Result {
  question_id: number;
  correct_choices: number[];
}

/** Submits the quiz and returns the attempt the quiz service answered. */
async function submit(page: Page): Promise<{ score: number; passed: boolean; results: Result[] }> {
  const answer = page.waitForResponse((r) => r.url().includes("/svc/quiz/quizzes/") && r.url().endsWith("/attempts") && r.request().method() === "POST");
  await page.getByTestId("quiz-submit").click();
  const res = await answer;
  expect(res.status()).toBe(201);
  return (await res.json()).payload;
}

test.describe("lesson interactions", () => {
  test("the Gold pupil answers a quiz, sees the score and which were right, retries, passes and gets the check mark", async ({ page }) => {
    await loginThroughUi(page, "eleve@darsi.tn");
    await expect(page).toHaveURL(/\/$/);
    const login = page.waitForResponse((r) => r.url().endsWith("/svc/quiz/login"));
    await page.goto(QUIZ_LESSON);
    expect((await login).status()).toBe(200);
    const questions = page.getByTestId("quiz-question");
    await expect(questions.first()).toBeVisible();
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId("quiz-submit")).toBeDisabled();

    // First try: the first choice of every question.
    for (let i = 0; i < count; i += 1) await questions.nth(i).locator("input").first().check();
    await expect(page.getByTestId("quiz-submit")).toBeEnabled();
    const first = await submit(page);
    await expect(page.getByTestId("quiz-score")).toHaveAttribute("data-score", String(first.score));
    await expect(page.getByTestId("quiz-result")).toHaveAttribute("data-passed", String(first.passed));
    // Which were right is shown on every question once submitted.
    await expect(page.getByTestId("quiz-question-result")).toHaveCount(count);

    // Retry with the correct choices revealed by the first attempt.
    await page.getByTestId("quiz-retry").click();
    await expect(page.getByTestId("quiz-result")).toHaveCount(0);
    for (const r of first.results) for (const id of r.correct_choices) await page.locator(`input[value="${id}"]`).check();
    const second = await submit(page);
    expect(second).toMatchObject({ score: 100, passed: true });
    await expect(page.getByTestId("quiz-score")).toHaveAttribute("data-score", "100");
    await expect(page.getByTestId("quiz-result")).toHaveAttribute("data-passed", "true");

    // The lesson list shows the check mark, also after a reload (the server recorded the completion).
    const current = page.locator('[data-testid="lesson-item"][aria-current="page"]');
    await expect(current.getByTestId("icon-done")).toBeVisible();
    await page.reload();
    await expect(page.locator('[data-testid="lesson-item"][aria-current="page"]').getByTestId("icon-done")).toBeVisible();
    await expect(page.getByTestId("quiz-best")).toBeVisible();
  });

  test("the Gold pupil reacts love: the count changes at once and stays; pressing it again clears it", async ({ page }) => {
    await loginThroughUi(page, "eleve@darsi.tn");
    await expect(page).toHaveURL(/\/$/);
    await page.goto(QUIZ_LESSON);
    const love = page.getByTestId("reaction-love");
    const loveCount = page.getByTestId("reaction-love-count");
    await expect(loveCount).toHaveText(/^\d+$/);
    // Start from no reaction (a previous run may have left one).
    if ((await love.getAttribute("aria-pressed")) === "true") {
      const cleared = page.waitForResponse((r) => r.url().endsWith("/svc/analytics/reactions") && r.request().method() === "POST");
      await love.click();
      await cleared;
    }
    await expect(love).toHaveAttribute("aria-pressed", "false");
    const before = Number(await loveCount.textContent());

    const posted = page.waitForResponse((r) => r.url().endsWith("/svc/analytics/reactions") && r.request().method() === "POST");
    await love.click();
    await expect(loveCount).toHaveText(String(before + 1));
    await expect(love).toHaveAttribute("aria-pressed", "true");
    expect((await posted).status()).toBe(200);

    await page.reload();
    await expect(page.getByTestId("reaction-love-count")).toHaveText(String(before + 1));
    await expect(page.getByTestId("reaction-love")).toHaveAttribute("aria-pressed", "true");

    await page.getByTestId("reaction-love").click();
    await expect(page.getByTestId("reaction-love-count")).toHaveText(String(before));
    await expect(page.getByTestId("reaction-love")).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    await expect(page.getByTestId("reaction-love-count")).toHaveText(String(before));
  });

  test("opening a magazine posts one view", async ({ page }) => {
    await loginThroughUi(page, "eleve@darsi.tn");
    await expect(page).toHaveURL(/\/$/);
    const views: number[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/svc/analytics/views") && r.request().method() === "POST") views.push(r.status());
    });
    await page.goto(MAGAZINE_LESSON);
    await expect(page.getByTestId("magazine-page")).toBeVisible();
    await expect.poll(() => views.length).toBe(1);
    expect(views[0]).toBe(201);
    // Turning pages does not post more views.
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("page-counter")).toContainText("2");
    await page.waitForTimeout(500);
    expect(views).toHaveLength(1);
  });

  test("a pupil without the offer meets the lock screen and a warning instead of reacting", async ({ page }) => {
    await loginThroughUi(page, "nouveau@darsi.tn");
    await expect(page).toHaveURL(/\/$/);
    // A locked lesson of his own class: the first course chapter of his first subject.
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const subjects = await page.request.get("/api/student/subjects", { headers: { Authorization: `Bearer ${token}` } });
    const subject = (await subjects.json()).payload[0].slug as string;
    const chapters = await page.request.get(`/api/student/subjects/${subject}/chapters`, { headers: { Authorization: `Bearer ${token}` } });
    const entry = (await chapters.json()).payload.chapters.find((c: { chapter: { type: string } }) => c.chapter.type === "course");
    const list = await page.request.get(`/api/student/subjects/${subject}/chapters/${entry.chapter.slug}/contents`, { headers: { Authorization: `Bearer ${token}` } });
    const locked = (await list.json()).payload.find((l: { locked: boolean }) => l.locked);
    const analytics: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/svc/analytics/")) analytics.push(r.url());
    });
    await page.goto(`/subjects/${subject}/chapters/${entry.chapter.slug}/lessons/${locked.slug}/content`);
    await expect(page.getByTestId("lock-screen")).toBeVisible();
    await page.getByTestId("reaction-love").click();
    await expect(page.getByRole("alert").or(page.locator(".mantine-Notification-root")).first()).toBeVisible();
    await expect(page.getByTestId("reaction-love")).toHaveAttribute("aria-pressed", "false");
    expect(analytics).toEqual([]);
  });
});
