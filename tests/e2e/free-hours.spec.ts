import { expect, test } from "@playwright/test";
import { signInAs, youtubeReachable } from "./helpers";

/**
 * Free hours metered by the server (issue 18 item 4): the demo's free viewer `essai@` (1 h 55 of 2 h used) marks a free
 * YouTube lesson seen — the server counts its length, the allowance is used up and the free-hours dialog shows; the
 * lesson opened again comes without media (the server's `media_refused`), the lock screen and the dialog show at once,
 * and the dialog leads to the offers.
 */
test("a free viewer uses up the free hours: the dialog shows, then the lesson's media are refused", async ({ page }) => {
  const token = await signInAs(page, "essai@darsi.tn");
  const auth = { authorization: `Bearer ${token}` };

  // A free YouTube lesson of the pupil's class (the demo's free lessons open their chapters).
  const subject = "mathematiques";
  const chapters = (await (await page.request.get(`/api/student/subjects/${subject}/chapters`, { headers: auth })).json()) as {
    payload: { chapters: Array<{ chapter: { slug: string } }> };
  };
  let target: { chapter: string; lesson: string } | null = null;
  for (const { chapter } of chapters.payload.chapters) {
    const list = (await (await page.request.get(`/api/student/subjects/${subject}/chapters/${chapter.slug}/contents`, { headers: auth })).json()) as {
      payload: Array<{ slug: string; is_free: boolean; type: { id: number } }>;
    };
    const free = list.payload.find((l) => l.is_free && l.type.id === 1);
    if (free) {
      target = { chapter: chapter.slug, lesson: free.slug };
      break;
    }
  }
  expect(target, "a free YouTube lesson in Bac Mathématiques").not.toBeNull();
  const path = `/subjects/${subject}/chapters/${target!.chapter}/lessons/${target!.lesson}/content`;

  await youtubeReachable(page);
  await page.goto(path);
  await expect(page.getByTestId("lesson-youtube")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Vos heures gratuites sont épuisées" })).toHaveCount(0);
  await page.getByRole("button", { name: "Marquer comme vu" }).click();
  await expect(page.getByRole("dialog", { name: "Vos heures gratuites sont épuisées" })).toBeVisible();

  // Opened again: the server refuses the media; the lock screen and the dialog show without any viewing.
  await page.goto(path);
  const dialog = page.getByRole("dialog", { name: "Vos heures gratuites sont épuisées" });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("lock-screen")).toBeAttached();
  await expect(page.getByTestId("lesson-youtube")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Voir les offres" }).click();
  await expect(page).toHaveURL(/\/offres/);
});
