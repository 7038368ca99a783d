/**
 * Homework sent without a network (issue 23 item 4, issue 22 item 1): the pupil picks a file offline and presses
 * "Envoyer", the file is kept on the device and shown waiting (it survives a reload), a second one is cancelled after
 * a confirmation, and with the network back the first arrives once on the server. On a class tablet: a pupil queues
 * homework offline, the tablet switches pupil (the file is sealed: neither its name nor its bytes in clear), the next
 * pupil finds nothing of it, and the first signs in again online: it arrives once, under them.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_PASSWORD, apiSession, axeViolations, registerVerifiedPupil, signInAs } from "./helpers";
import { BAC_MATH, PHONE, TABLET, enableTablet, expectWaiting, signInWithPassword, signInWithPin, storedText, switchPupil, uniqueLastName, workerInControl } from "./tablet-helpers";

const SHOTS = process.env.HOMEWORK_SHOTS ?? "test-results/homework-offline";
const A = "Yasmine Ben Salah";
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const unique = () => randomBytes(4).toString("hex");

/** A small real PDF (the server checks the first bytes) carrying `marker` in clear. */
const pdf = (marker: string) => Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

type Exam = { id: number; state: string; duration: number; due_date: string; deadline: string | null };

async function payloadOf<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const res = await request.get(path, { headers: bearer(token) });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { payload: T }).payload;
}

/** An exam of the Gold pupil running for at least 20 more minutes (started here when needed), with room for files. */
async function runningExam(request: APIRequestContext, token: string): Promise<number> {
  const soon = Date.now() + 20 * 60_000;
  const list = await payloadOf<Exam[]>(request, "/api/student/content-exam", token);
  const room = async (e: Exam) => (await payloadOf<{ uploads: unknown[] }>(request, `/api/student/content-exam/${e.id}`, token)).uploads.length <= 6;
  for (const e of list.filter((x) => x.state === "started" && x.deadline !== null && Date.parse(x.deadline) > soon)) if (await room(e)) return e.id;
  const open = list
    .filter((e) => e.state === "not_started" && Date.parse(e.due_date) > soon + 10 * 60_000 && (e.duration === 0 || e.duration >= 30))
    .sort((x, y) => y.due_date.localeCompare(x.due_date));
  expect(open.length, "an exam of the Gold pupil to run").toBeGreaterThan(0);
  const start = await request.post("/api/student/content-exam-student-time-limitation", { headers: bearer(token), data: { contentExam: open[0]!.id } });
  expect(start.status(), await start.text()).toBe(201);
  return open[0]!.id;
}

/** The names of the pupil's homework files of the exam, as the server holds them. */
async function uploadedNames(request: APIRequestContext, token: string, examId: number): Promise<string[]> {
  return (await payloadOf<{ uploads: Array<{ name: string }> }>(request, `/api/student/content-exam/${examId}`, token)).uploads.map((u) => u.name);
}

async function pickAndSend(page: Page, name: string, marker: string) {
  await page.getByTestId("file-input").setInputFiles({ name, mimeType: "application/pdf", buffer: pdf(marker) });
  await page.getByTestId("send-homework").click();
}

test.describe("homework kept on the device until the network is back", () => {
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  for (const locale of ["fr", "ar"] as const) {
    test(`picked and sent offline, it waits (a reload too), a second one is cancelled, and it arrives once when online (${locale})`, async ({ page, context }) => {
      test.setTimeout(120_000);
      const token = await signInAs(page, "eleve@darsi.tn", locale);
      await page.setViewportSize(PHONE);
      const examId = await runningExam(page.request, token);
      await page.goto(`/exams/${examId}`);
      await expect(page.getByTestId("homework-uploader")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await workerInControl(page);

      await context.setOffline(true);
      const name = `devoir-${locale}-${unique()}.pdf`;
      await pickAndSend(page, name, `contenu-${unique()}`);
      const waiting = page.getByTestId("queued-homework-file").filter({ hasText: name });
      await expect(waiting).toBeVisible();
      await expect(waiting).toContainText(locale === "fr" ? "En attente d'envoi" : "في انتظار الإرسال");
      await expect(page.getByTestId("upload-error")).toHaveCount(0);

      // A second one, cancelled after its confirmation: it never reaches the server.
      const cancelled = `brouillon-${locale}-${unique()}.pdf`;
      await pickAndSend(page, cancelled, "brouillon");
      const second = page.getByTestId("queued-homework-file").filter({ hasText: cancelled });
      await expect(second).toBeVisible();
      await second.getByRole("button").click();
      await expect(page.getByRole("dialog")).toContainText(cancelled);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/cancel-${locale}-phone.png` });
      await page.getByTestId("confirm-cancel-homework").click();
      await expect(second).toHaveCount(0);

      // The pupil may leave the page: after a reload (still offline) it still waits.
      await page.reload();
      await expect(waiting).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await waiting.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/waiting-${locale}-phone.png` });
      expect(await uploadedNames(page.request, token, examId)).not.toContain(name);

      // The network is back: sent once, gone from the device, listed with the pupil's files.
      await context.setOffline(false);
      await expect(page.getByTestId("queued-homework")).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByTestId("homework").getByText(name)).toBeVisible();
      const names = await uploadedNames(page.request, token, examId);
      expect(names.filter((n) => n === name)).toHaveLength(1);
      expect(names).not.toContain(cancelled);
      await page.screenshot({ path: `${SHOTS}/sent-${locale}-phone.png` });
    });
  }

  test("photos picked with no network still merge: the merging code was kept while the network was there", async ({ page, context }) => {
    test.setTimeout(120_000);
    const token = await signInAs(page, "eleve@darsi.tn", "fr");
    await page.setViewportSize(PHONE);
    const examId = await runningExam(page.request, token);
    await page.goto(`/exams/${examId}`);
    await expect(page.getByTestId("homework-uploader")).toBeVisible();
    await workerInControl(page);
    // The form loaded the PDF worker as it opened; the service worker keeps its file (not in the precache).
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open("darsi-code-lazy")).keys()).map((r) => new URL(r.url).pathname)), { timeout: 20_000 })
      .toEqual([expect.stringMatching(/^\/assets\/mergeImages\.worker-[\w-]+\.js$/)]);

    await context.setOffline(true);
    const photos = await page.evaluate(async () => {
      const out: string[] = [];
      for (let n = 0; n < 2; n++) {
        const c = document.createElement("canvas");
        c.width = 400;
        c.height = 300;
        const g = c.getContext("2d")!;
        g.fillStyle = n === 0 ? "#cde" : "#edc";
        g.fillRect(0, 0, 400, 300);
        g.fillStyle = "#000";
        g.font = "40px sans-serif";
        g.fillText(`Page ${n + 1}`, 40, 80);
        const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), "image/jpeg", 0.8));
        const bytes = new Uint8Array(await blob.arrayBuffer());
        out.push(btoa(String.fromCharCode(...bytes)));
      }
      return out;
    });
    await page.getByTestId("photo-input").setInputFiles(photos.map((b64, i) => ({ name: `page-${i + 1}.jpg`, mimeType: "image/jpeg", buffer: Buffer.from(b64, "base64") })));
    await page.getByTestId("send-homework").click();
    const waiting = page.getByTestId("queued-homework-file").filter({ hasText: "merged-images.pdf" });
    await expect(waiting).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("upload-error")).toHaveCount(0);
    const before = (await uploadedNames(page.request, token, examId)).filter((n) => n === "merged-images.pdf").length;

    await context.setOffline(false);
    await expect(page.getByTestId("queued-homework")).toHaveCount(0, { timeout: 30_000 });
    expect((await uploadedNames(page.request, token, examId)).filter((n) => n === "merged-images.pdf")).toHaveLength(before + 1);
  });

  test("on a class tablet: queued offline, sealed at the switch, nothing of it for the next pupil, sent once under its pupil at her next sign-in", async ({ page, context }) => {
    test.setTimeout(180_000);
    const own = await apiSession(page.request, "eleve@darsi.tn");
    const examId = await runningExam(page.request, own.token);
    const b = { name: "Badis", lastName: uniqueLastName("Devoir") };
    const bAccount = await registerVerifiedPupil(page.request, { ...b, division: BAC_MATH });
    const bFull = `${b.name} ${b.lastName}`;
    const name = `copie-${unique()}.pdf`;
    const marker = `reponse-secrete-${unique()}`;

    await page.setViewportSize(TABLET);
    await enableTablet(page, BAC_MATH);
    await signInWithPassword(page, A, "Yasmine", "4826", DEMO_PASSWORD);
    const aToken = (await page.evaluate(() => localStorage.getItem("token")))!;
    await page.goto(`/exams/${examId}`);
    await expect(page.getByTestId("homework-uploader")).toBeVisible();
    await workerInControl(page);
    await context.setOffline(true);
    await pickAndSend(page, name, marker);
    await expect(page.getByTestId("queued-homework-file").filter({ hasText: name })).toContainText("En attente d'envoi");
    expect(await storedText(page)).toContain(marker);

    // The pupil switch, offline: her file is sealed — neither its name, its bytes nor its key in clear.
    await switchPupil(page);
    const afterA = await storedText(page);
    for (const clear of [aToken, name, marker, `content-exam/${examId}/uploads`]) expect(afterA).not.toContain(clear);
    await context.setOffline(false);
    await expectWaiting(page, A, "Yasmine", 1);
    await page.screenshot({ path: `${SHOTS}/grid-waiting-fr-tablet.png` });

    // The next pupil works online: nothing of the first's homework is theirs, or readable, or sent.
    await signInWithPassword(page, bFull, b.lastName, "7391");
    const duringB = await storedText(page);
    for (const clear of [aToken, name, marker]) expect(duringB).not.toContain(clear);
    await switchPupil(page);
    await expectWaiting(page, bFull, b.lastName, 0);
    expect(await uploadedNames(page.request, own.token, examId)).not.toContain(name);

    // Her next sign-in, online: the file goes up under her and leaves the device.
    await signInWithPin(page, A, "Yasmine", "4826");
    await expect.poll(async () => (await uploadedNames(page.request, own.token, examId)).filter((n) => n === name).length, { timeout: 30_000 }).toBe(1);
    await switchPupil(page);
    await expectWaiting(page, A, "Yasmine", 0);
    expect((await uploadedNames(page.request, own.token, examId)).filter((n) => n === name)).toHaveLength(1);
    // Pupil B has no homework of it (B has no exam permission: the exam is not theirs to read at all).
    const theirs = await page.request.get(`/api/student/content-exam/${examId}`, { headers: bearer(bAccount.token) });
    expect(theirs.status()).toBe(403);
  });
});
