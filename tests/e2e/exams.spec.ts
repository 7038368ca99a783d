/**
 * Exams (issue 10) as a pupil at phone size: start an exam through the confirm-start modal (a refused start shows its
 * message and the exam stays not started), reload, set the device clock 10 minutes ahead (Playwright's clock): the
 * countdown still shows the server's time left; photograph three pages → one merged-images.pdf (three pages) uploaded,
 * the connection cut at ~60 % of the upload and back: it resumes from the stored offset, never from zero; axe
 * (WCAG 2.2 AA) on /exams and /exams/{id} in French and Arabic.
 *
 * Run alone with its own server: E2E_PORT=3201 npx playwright test tests/e2e/exams.spec.ts
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { axeViolations, signInAs } from "./helpers";

const PHONE = { width: 412, height: 823 };
const SHOTS = process.env.EXAM_SHOTS;

interface Exam {
  id: number;
  state: string;
  duration: number;
  due_date: string;
}

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { payload: T }).payload;
}

/** Open exams eleve has not started, the longest window first (the specs share one server: never assume one). */
async function notStarted(request: APIRequestContext, token: string): Promise<Exam[]> {
  const list = await api<Exam[]>(request, token, "/student/content-exam");
  return list.filter((e) => e.state === "not_started" && (e.duration === 0 || e.duration >= 45)).sort((a, b) => b.due_date.localeCompare(a.due_date));
}

const seconds = (hms: string) => {
  const [h, m, s] = hms.split(":").map(Number);
  return h! * 3600 + m! * 60 + s!;
};

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png` });
  await page.setViewportSize(PHONE);
}

test.describe("exams", () => {
  test.use({ viewport: PHONE });
  // The notification service's pop-ups (another feature) may open over any screen: close them when they show.
  test.beforeEach(async ({ page }) => {
    await page.addLocatorHandler(page.getByTestId("popup-close"), async (button) => {
      await button.click();
    });
  });

  test("start an exam (a refused start stays not started), reload, device clock +10 min: the countdown is the server's", async ({ page }) => {
    const token = await signInAs(page, "eleve@darsi.tn", "fr");
    const [exam] = await notStarted(page.request, token);
    expect(exam, "an open exam eleve has not started").toBeDefined();
    await page.goto(`/exams/${exam!.id}`);
    await expect(page.getByTestId("not-started")).toHaveText("Examen pas encore commencé");
    await shot(page, "detail-not-started-fr");

    // A start the server refuses: its message shows, the exam stays not started.
    await page.route("**/api/student/content-exam-student-time-limitation", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ message: "The exam's due date has passed", code: "exam_expired" }) })
        : route.continue(),
    );
    await page.getByTestId("start-exam").click();
    await page.getByTestId("confirm-start").click();
    await expect(page.getByTestId("start-error")).toContainText("La date limite de l'examen est dépassée");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("not-started")).toBeVisible();
    await page.unroute("**/api/student/content-exam-student-time-limitation");

    // The real start.
    await page.getByTestId("start-exam").click();
    await page.getByTestId("confirm-start").click();
    await expect(page.getByTestId("timer-label")).toHaveText("Temps restant");
    await expect(page.getByTestId("exam-state")).toHaveText("En cours");
    const time = await api<{ deadline: string; started_at: string; serverTime: string }>(page.request, token, `/student/content-exam-student-time-limitation/${exam!.id}`);
    const serverLeft = () => (new Date(time.deadline).getTime() - (new Date(time.serverTime).getTime() + (Date.now() - fetchedAt))) / 1000;
    const fetchedAt = Date.now();
    await shot(page, "detail-started-fr");

    // The subject opens once started: its PDF preview, a frame 700 px high on the signed link.
    const pdf = page.waitForResponse((r) => /\/documents\/\d+\?otp=/.test(r.url()));
    await page.getByRole("button", { name: "Aperçu de sujet.pdf" }).click();
    const frame = page.getByTestId("pdf-preview");
    await expect(frame).toBeVisible();
    expect((await pdf).status()).toBe(200);
    // Measured once the dialog's opening transition is over (during it the box is a subpixel short of its height).
    await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeCloseTo(700, 1);
    await page.keyboard.press("Escape");

    // Reload: the same countdown.
    await page.reload();
    await expect(page.getByTestId("timer-label")).toHaveText("Temps restant");
    expect(Math.abs(seconds((await page.getByTestId("timer-value").textContent())!) - serverLeft())).toBeLessThan(5);

    // The device's clock 10 minutes ahead, then a reload: the countdown does not lose 10 minutes.
    await page.clock.install({ time: new Date(Date.now() + 10 * 60_000) });
    await page.reload();
    await expect(page.getByTestId("timer-label")).toHaveText("Temps restant");
    expect(await page.evaluate(() => Date.now())).toBeGreaterThan(Date.now() + 9 * 60_000);
    const shown = seconds((await page.getByTestId("timer-value").textContent())!);
    expect(Math.abs(shown - serverLeft()), `shown ${shown}s, server ${serverLeft()}s`).toBeLessThan(5);
    // And it ticks.
    await page.waitForTimeout(2100);
    expect(seconds((await page.getByTestId("timer-value").textContent())!)).toBeLessThan(shown);
  });

  test("three photographed pages become one merged-images.pdf; the upload cut at ~60 % resumes to completion", async ({ page, context }) => {
    test.setTimeout(180_000);
    const token = await signInAs(page, "eleve@darsi.tn", "fr");
    const [exam] = await notStarted(page.request, token);
    expect(exam, "an open exam eleve has not started").toBeDefined();
    const start = await page.request.post("/api/student/content-exam-student-time-limitation", { headers: { Authorization: `Bearer ${token}` }, data: { contentExam: exam!.id } });
    expect(start.status()).toBe(201);
    await page.goto(`/exams/${exam!.id}`);
    await expect(page.getByTestId("homework-uploader")).toBeVisible();

    // Three 12-megapixel-like photos (noise, so that JPEG cannot shrink them to nothing), made by the browser.
    const photos = await page.evaluate(async () => {
      const out: string[] = [];
      for (let n = 0; n < 3; n += 1) {
        const c = document.createElement("canvas");
        c.width = 3000;
        c.height = 4000;
        const g = c.getContext("2d")!;
        const img = g.createImageData(3000, 4000);
        for (let i = 0; i < img.data.length; i += 4) {
          const v = (Math.random() * 255) | 0;
          img.data[i] = v;
          img.data[i + 1] = (v + n * 60) % 255;
          img.data[i + 2] = 255 - v;
          img.data[i + 3] = 255;
        }
        g.putImageData(img, 0, 0);
        g.fillStyle = "#000";
        g.font = "200px sans-serif";
        g.fillText(`Page ${n + 1}`, 200, 400);
        const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), "image/jpeg", 0.8));
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let s = "";
        for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        out.push(btoa(s));
      }
      return out;
    });
    await page.getByTestId("photo-input").setInputFiles(photos.map((b64, i) => ({ name: `page-${i + 1}.jpg`, mimeType: "image/jpeg", buffer: Buffer.from(b64, "base64") })));
    await expect(page.getByRole("img", { name: "Page 3" })).toBeVisible();
    expect(await page.getByTestId("photo-input").getAttribute("capture")).toBe("environment");

    // Cut the connection once the upload passes 60 %: the chunk in flight fails, the device goes offline for 3 s.
    let total = 0;
    let cut = false;
    const offsets: number[] = [];
    page.on("response", async (res) => {
      if (res.request().method() === "POST" && /\/uploads$/.test(res.url()) && res.status() === 201) total = ((await res.json()) as { payload: { size: number } }).payload.size;
    });
    await page.route(/\/uploads\/[0-9a-f-]+\?offset=\d+$/, async (route) => {
      const offset = Number(new URL(route.request().url()).searchParams.get("offset"));
      offsets.push(offset);
      if (!cut && total > 0 && offset >= total * 0.6) {
        cut = true;
        await context.setOffline(true);
        await route.abort("internetdisconnected");
        setTimeout(() => void context.setOffline(false), 3000);
        return;
      }
      await route.continue();
    });
    await page.getByTestId("send-homework").click();
    await expect(page.getByTestId("merge-progress")).toBeVisible();
    // Kept on the device while the connection is away, then sent from where the server stood.
    await expect(page.getByTestId("queued-homework-file").getByText("En attente d'envoi")).toBeVisible({ timeout: 60_000 });
    await shot(page, "upload-waiting-fr");
    await expect(page.getByText("Devoir envoyé")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("queued-homework")).toHaveCount(0);
    expect(cut).toBe(true);
    // After the cut it went on from where the server stood, never from zero.
    const cutIndex = offsets.findIndex((o) => o >= total * 0.6);
    expect(offsets.slice(cutIndex + 1).every((o) => o >= offsets[cutIndex]!)).toBe(true);
    expect(offsets.filter((o) => o === 0)).toHaveLength(1);

    // One PDF of three pages, as the server stored it.
    const detail = await api<{ uploads: Array<{ name: string; url: string; mime: string }> }>(page.request, token, `/student/content-exam/${exam!.id}`);
    const merged = detail.uploads.filter((u) => u.name === "merged-images.pdf");
    expect(merged).toHaveLength(1);
    expect(merged[0]!.mime).toBe("application/pdf");
    const file = await page.request.get(merged[0]!.url);
    expect(file.status()).toBe(200);
    const pdf = await PDFDocument.load(await file.body());
    expect(pdf.getPageCount()).toBe(3);
    await expect(page.getByTestId("homework").getByText("merged-images.pdf")).toBeVisible();
    await shot(page, "upload-done-fr");
  });

  for (const locale of ["fr", "ar"] as const) {
    test(`axe: /exams and /exams/{id} have no WCAG 2.2 AA violations (${locale})`, async ({ page }) => {
      const token = await signInAs(page, "eleve@darsi.tn", locale);
      await page.goto("/exams");
      await expect(page.getByTestId("exam-list")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `list-${locale}`);
      await page.getByRole("tab", { name: locale === "ar" ? /أسبوع/ : /semaine/ }).click();
      await expect(page.getByTestId("exam-week")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `calendar-${locale}`);
      const list = await api<Array<Exam & { subject_exams: { slug: string } }>>(page.request, token, "/student/content-exam");
      // The subject page's Examens tab lists the subject's exams.
      await page.goto(`/subjects/${list[0]!.subject_exams.slug}/details?tab=exam`);
      await expect(page.getByTestId("subject-exams").getByTestId("exam-card").first()).toBeVisible();
      await shot(page, `subject-exams-${locale}`);
      for (const state of ["not_started", "started", "expired"]) {
        const e = list.find((x) => x.state === state);
        if (!e) continue;
        await page.goto(`/exams/${e.id}`);
        await expect(page.getByTestId("exam-state")).toBeVisible();
        expect(await axeViolations(page), `${state}`).toEqual([]);
        await shot(page, `detail-${state}-${locale}`);
      }
    });
  }
});
