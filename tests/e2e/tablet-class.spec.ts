/**
 * Issue 23's test, as a class uses its tablet: three pupils take turns on one browser context, each working with the
 * whole context offline (`context.setOffline`), the tablet locking itself in between (Playwright's clock). Each pupil's
 * work — a quiz answered, a lesson marked as seen, a bookmark — reaches the server exactly once and under its own
 * pupil, when they sign in again with the network back; after each switch nothing of the previous pupil is readable in
 * local or session storage, IndexedDB or Cache Storage but their sealed items (ciphertext). Then: a PIN wrong five times,
 * a revoked tablet, and an exam the idle lock does not interrupt, whatever page the pupil is on. The new screens (the
 * quiz kept offline, the exam's note on homework) are checked by axe in French and Arabic, phone and tablet.
 */
import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_PASSWORD, apiSession, axeViolations, registerVerifiedPupil, signInAs } from "./helpers";
import {
  BAC_MATH,
  CLASS,
  PHONE,
  TABLET,
  adminKey,
  enableTablet,
  expectWaiting,
  signInWithPassword,
  signInWithPin,
  storedText,
  switchPupil,
  uniqueLastName,
  workerInControl,
} from "./tablet-helpers";

const SHOTS = process.env.TABLET_SHOTS ?? "test-results/tablet-class";
const A = "Yasmine Ben Salah";
const QUIZ_API = "/api/student/subjects/mathematiques/chapters/integrales/contents/qcm-d-auto-evaluation";
const QUIZ_LESSON = "/subjects/mathematiques/chapters/integrales/lessons/qcm-d-auto-evaluation/content";
/** Free lessons (the first of these chapters): open to a new pupil of the class without an offer. */
const FREE = {
  one: { chapter: "limites-et-continuite", lesson: "introduction-et-activites" },
  two: { chapter: "suites-reelles", lesson: "introduction-et-activites" },
} as const;
const lessonPath = (l: (typeof FREE)[keyof typeof FREE]) => `/subjects/mathematiques/chapters/${l.chapter}/lessons/${l.lesson}/content`;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function payloadOf<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const res = await request.get(path, { headers: bearer(token) });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { payload: T }).payload;
}

/** How many attempts the pupil has made at the quiz, as the quiz service counts them. */
async function quizAttempts(request: APIRequestContext, token: string): Promise<number> {
  const lesson = await payloadOf<{ content_qcm_id: number | null }>(request, QUIZ_API, token);
  const login = await request.post("/svc/quiz/login", { headers: bearer(token) });
  expect(login.status()).toBe(200);
  const quizToken = ((await login.json()) as { payload: { token: string } }).payload.token;
  const quiz = await payloadOf<{ best_attempt: { attempts: number } | null }>(request, `/svc/quiz/quizzes/${lesson.content_qcm_id}`, quizToken);
  return quiz.best_attempt?.attempts ?? 0;
}

/** A free lesson as the pupil sees it: their percentage and their bookmark. */
async function lessonState(request: APIRequestContext, token: string, l: (typeof FREE)[keyof typeof FREE]): Promise<{ percentage: number; bookmarked: boolean }> {
  const base = `/api/student/subjects/mathematiques/chapters/${l.chapter}/contents`;
  const list = await payloadOf<Array<{ slug: string; percentage: number }>>(request, base, token);
  const lesson = await payloadOf<{ bookmarked: boolean }>(request, `${base}/${l.lesson}`, token);
  return { percentage: list.find((i) => i.slug === l.lesson)?.percentage ?? -1, bookmarked: lesson.bookmarked };
}

/** The tablet's idle lock after `mmss` without a touch (it looks every 5 s). */
async function idleFor(page: Page, mmss: string) {
  await page.clock.fastForward(mmss);
  await page.clock.runFor(6_000);
}

/** What of a pupil's work must not be readable in clear after their session ended (only their sealed row stays). */
function expectNothingOf(stored: string, what: { token: string; lastName?: string; kinds: string[]; urls: string[] }) {
  expect(stored).not.toContain(what.token);
  if (what.lastName) expect(stored).not.toContain(what.lastName);
  for (const kind of what.kinds) expect(stored).not.toContain(`"kind":"${kind}"`);
  for (const url of what.urls) expect(stored).not.toContain(url);
}

/** Answers every question of the quiz on screen with its first choice. */
async function answerQuiz(page: Page) {
  const questions = page.getByTestId("quiz-question");
  await expect(questions.first()).toBeVisible();
  for (const q of await questions.all()) await q.locator("input").first().check();
}

test.describe("class tablet: a class's pupils in turn, the Wi-Fi down", () => {
  test("three pupils work offline in turn, the tablet locking itself between them: each one's work reaches the server once, under them, and nothing of one is left to the next", async ({
    page,
    context,
  }) => {
    test.setTimeout(360_000);
    const b = { name: "Bilel", lastName: uniqueLastName("Trio") };
    const c = { name: "Chaima", lastName: uniqueLastName("Trio") };
    const bAccount = await registerVerifiedPupil(page.request, { ...b, division: BAC_MATH });
    const cAccount = await registerVerifiedPupil(page.request, { ...c, division: BAC_MATH });
    const bFull = `${b.name} ${b.lastName}`;
    const cFull = `${c.name} ${c.lastName}`;
    const own = await apiSession(page.request, "eleve@darsi.tn");
    // The quiz item's own address (the app's code, kept by the service worker, holds the route's pattern, not this).
    const quizId = (await payloadOf<{ content_qcm_id: number }>(page.request, QUIZ_API, own.token)).content_qcm_id;
    const aWork = { kinds: ["quiz"], urls: [`/svc/quiz/quizzes/${quizId}/attempts`] };
    const bWork = { kinds: ["bookmark", "progress"], urls: [`${FREE.one.chapter}/contents/${FREE.one.lesson}/bookmark`] };
    const cWork = { kinds: ["bookmark", "progress"], urls: [`${FREE.two.chapter}/contents/${FREE.two.lesson}/bookmark`] };
    // What the server holds before (the demo pupil is shared with other specs: compared, not assumed).
    const attemptsBefore = await quizAttempts(page.request, own.token);
    const aBefore = { one: await lessonState(page.request, own.token, FREE.one), two: await lessonState(page.request, own.token, FREE.two) };

    await page.clock.install();
    await page.setViewportSize(TABLET);
    await enableTablet(page, BAC_MATH); // idle lock: 10 minutes

    // ── Pupil A answers the quiz with the Wi-Fi down: her answers are kept on the device, no score yet.
    await signInWithPassword(page, A, "Yasmine", "8642", DEMO_PASSWORD);
    const aToken = (await page.evaluate(() => localStorage.getItem("token")))!;
    await page.goto(QUIZ_LESSON);
    await expect(page.getByTestId("quiz-question").first()).toBeVisible();
    await workerInControl(page);
    await context.setOffline(true);
    await answerQuiz(page);
    await page.getByTestId("quiz-submit").click();
    await expect(page.getByTestId("quiz-kept")).toBeVisible();
    await expect(page.getByTestId("quiz-score")).toHaveCount(0);
    expect(await storedText(page)).toContain('"kind":"quiz"');
    // Answered: the quiz no longer holds the lock, which returns to the grid after 10 minutes.
    await idleFor(page, "10:30");
    await expect(page).toHaveURL(/\/tablette$/);
    await expect(page.getByRole("heading", { name: "Qui es-tu ?" })).toBeVisible();
    expectNothingOf(await storedText(page), { token: aToken, ...aWork });
    await context.setOffline(false);
    await expectWaiting(page, A, "Yasmine", 1);

    // ── Pupil B: a free lesson marked as seen and bookmarked, offline.
    await signInWithPassword(page, bFull, b.lastName, "1357");
    const bToken = (await page.evaluate(() => localStorage.getItem("token")))!;
    expectNothingOf(await storedText(page), { token: aToken, ...aWork });
    await page.goto(lessonPath(FREE.one));
    await expect(page.getByRole("button", { name: "Marquer comme vu" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Ajouter aux favoris" })).toBeVisible();
    await workerInControl(page);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Ajouter aux favoris" }).click();
    await expect(page.getByRole("button", { name: "Retirer des favoris" })).toBeVisible();
    await page.getByRole("button", { name: "Marquer comme vu" }).click();
    await expect(page.getByTestId("lesson-seen")).toBeVisible();
    const duringB = await storedText(page);
    expect(duringB).toContain('"kind":"bookmark"');
    expect(duringB).toContain('"kind":"progress"');
    expectNothingOf(duringB, { token: aToken, ...aWork });
    await idleFor(page, "10:30");
    await expect(page).toHaveURL(/\/tablette$/);
    const afterB = await storedText(page);
    expectNothingOf(afterB, { token: bToken, lastName: b.lastName, ...bWork });
    expectNothingOf(afterB, { token: aToken, ...aWork });
    await context.setOffline(false);
    await expectWaiting(page, bFull, b.lastName, 2);
    await expectWaiting(page, A, "Yasmine", 1);

    // ── Pupil C: another free lesson, the same offline.
    await signInWithPassword(page, cFull, c.lastName, "9753");
    const cToken = (await page.evaluate(() => localStorage.getItem("token")))!;
    const cIn = await storedText(page);
    expectNothingOf(cIn, { token: bToken, lastName: b.lastName, ...bWork });
    expectNothingOf(cIn, { token: aToken, ...aWork });
    await page.goto(lessonPath(FREE.two));
    await expect(page.getByRole("button", { name: "Marquer comme vu" })).toBeVisible();
    await workerInControl(page);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Ajouter aux favoris" }).click();
    await expect(page.getByRole("button", { name: "Retirer des favoris" })).toBeVisible();
    await page.getByRole("button", { name: "Marquer comme vu" }).click();
    await expect(page.getByTestId("lesson-seen")).toBeVisible();
    await idleFor(page, "10:30");
    await expect(page).toHaveURL(/\/tablette$/);
    const afterC = await storedText(page);
    expectNothingOf(afterC, { token: cToken, lastName: c.lastName, ...cWork });
    expectNothingOf(afterC, { token: bToken, lastName: b.lastName, ...bWork });
    expectNothingOf(afterC, { token: aToken, ...aWork });
    await context.setOffline(false);
    await expectWaiting(page, cFull, c.lastName, 2);
    await page.screenshot({ path: `${SHOTS}/grid-waiting-fr-tablet.png` });

    // ── The network is back: each pupil signs in again with their PIN, and their sealed work goes under their name.
    await signInWithPin(page, A, "Yasmine", "8642");
    await expect.poll(() => quizAttempts(page.request, own.token), { timeout: 20_000 }).toBe(attemptsBefore + 1);
    await switchPupil(page);
    await signInWithPin(page, bFull, b.lastName, "1357");
    await expect.poll(async () => lessonState(page.request, bAccount.token, FREE.one), { timeout: 20_000 }).toEqual({ percentage: 100, bookmarked: true });
    await switchPupil(page);
    await signInWithPin(page, cFull, c.lastName, "9753");
    await expect.poll(async () => lessonState(page.request, cAccount.token, FREE.two), { timeout: 20_000 }).toEqual({ percentage: 100, bookmarked: true });
    await switchPupil(page);
    for (const [name, search] of [[A, "Yasmine"], [bFull, b.lastName], [cFull, c.lastName]] as const) await expectWaiting(page, name, search, 0);

    // Once each (a bookmark applied twice would be off again, a quiz answered twice two attempts), under its own pupil.
    expect(await quizAttempts(page.request, own.token)).toBe(attemptsBefore + 1);
    expect(await lessonState(page.request, bAccount.token, FREE.one)).toEqual({ percentage: 100, bookmarked: true });
    expect(await lessonState(page.request, bAccount.token, FREE.two)).toEqual({ percentage: 0, bookmarked: false });
    expect(await lessonState(page.request, cAccount.token, FREE.two)).toEqual({ percentage: 100, bookmarked: true });
    expect(await lessonState(page.request, cAccount.token, FREE.one)).toEqual({ percentage: 0, bookmarked: false });
    expect(await lessonState(page.request, own.token, FREE.one)).toEqual(aBefore.one);
    expect(await lessonState(page.request, own.token, FREE.two)).toEqual(aBefore.two);
  });

  test("a PIN wrong five times is dead (the password sets a new one); a revoked tablet forgets its credential and asks for a code", async ({ page }) => {
    test.setTimeout(120_000);
    const p = { name: "Dorra", lastName: uniqueLastName("Pin") };
    await registerVerifiedPupil(page.request, { ...p, division: CLASS });
    const full = `${p.name} ${p.lastName}`;
    await page.setViewportSize(PHONE);
    await enableTablet(page, CLASS);
    await signInWithPassword(page, full, p.lastName, "2468");
    await switchPupil(page);

    await page.getByLabel("Chercher mon nom").fill(p.lastName);
    await page.getByRole("button", { name: full }).click();
    const dialog = page.getByRole("dialog", { name: full });
    for (let i = 1; i <= 5; i++) {
      await dialog.getByLabel("Chiffre 1 du code PIN").click();
      await page.keyboard.type("1111");
      await dialog.getByRole("button", { name: "Se connecter" }).click();
      if (i < 5) await expect(dialog.getByText("Code PIN incorrect")).toBeVisible();
    }
    await expect(dialog.getByText(/Trop d'essais/)).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Mot de passe", exact: true })).toBeVisible();
    // The right PIN is refused now too, by the server.
    const device = await page.evaluate(() => JSON.parse(localStorage.getItem("darsi_tablet")!) as { credential: string; tablet: { id: number } });
    const pupils = await page.request.get(`/api/tablet/pupils?q=${p.lastName}`, { headers: { "X-Tablet-Key": device.credential } });
    const pupilId = ((await pupils.json()) as { payload: Array<{ id: number; last_name: string }> }).payload.find((x) => x.last_name === p.lastName)?.id;
    expect(pupilId, await pupils.text()).toBeDefined();
    const right = await page.request.post("/api/tablet/sign-in/pin", { headers: { "X-Tablet-Key": device.credential }, data: { user_id: pupilId, pin: "2468" } });
    expect(right.status()).toBe(409);
    expect(((await right.json()) as { code: string }).code).toBe("pin_locked");
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/pin-locked-fr-phone.png` });
    // The real password and a new PIN.
    await dialog.getByRole("textbox", { name: "Mot de passe", exact: true }).fill("Ecole#2026");
    await dialog.getByLabel("Chiffre 1 du code PIN").click();
    await page.keyboard.type("8024");
    await dialog.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByTestId("tablet-pupil-bar")).toContainText(full);
    await switchPupil(page);

    // The operator revokes the tablet: its credential opens nothing, and the tablet asks for a code again.
    const revoke = await page.request.post(`/api/admin/tablets/${device.tablet.id}/revoke`, { headers: { "x-admin-key": adminKey() } });
    expect(revoke.status(), await revoke.text()).toBe(200);
    const refused = await page.request.get("/api/tablet/pupils", { headers: { "X-Tablet-Key": device.credential } });
    expect(refused.status()).toBe(401);
    await page.reload();
    await expect(page.getByLabel("Code d'activation")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("darsi_tablet"))).toBeNull();
  });

  test("a running exam keeps its pupil through the idle lock on any page, until its deadline", async ({ page }) => {
    test.setTimeout(150_000);
    const own = await apiSession(page.request, "eleve@darsi.tn");
    type Exam = { id: number; state: string; duration: number; due_date: string; deadline: string | null };
    const list = await payloadOf<Exam[]>(page.request, "/api/student/content-exam", own.token);
    const soon = Date.now() + 30 * 60_000;
    // One already running long enough, else the open one other specs would pick last (the earliest due date).
    const running = list.find((e) => e.state === "started" && e.deadline !== null && Date.parse(e.deadline) > soon);
    const open = list
      .filter((e) => e.state === "not_started" && Date.parse(e.due_date) > soon && (e.duration === 0 || e.duration >= 30))
      .sort((x, y) => x.due_date.localeCompare(y.due_date))[0];
    const exam = running ?? open;
    expect(exam, "an exam of the Gold pupil to run").toBeDefined();

    await page.clock.install();
    await page.setViewportSize(TABLET);
    await enableTablet(page, BAC_MATH);
    await signInWithPassword(page, A, "Yasmine", "1593", DEMO_PASSWORD);
    await page.goto(`/exams/${exam!.id}`);
    if (!running) {
      await page.getByTestId("start-exam").click();
      await page.getByTestId("confirm-start").click();
    }
    await expect(page.getByTestId("timer-value")).toBeVisible();

    // Elsewhere in the app: the exam still runs, so 25 idle minutes leave the pupil signed in.
    await page.goto("/");
    await expect(page.getByTestId("tablet-pupil-bar")).toContainText(A);
    await idleFor(page, "25:00");
    await page.waitForTimeout(1_000);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("tablet-pupil-bar")).toContainText(A);

    // Past the pupil's deadline (on the page's clock) the exam no longer holds: 10 idle minutes end the session.
    const after = await payloadOf<Exam[]>(page.request, "/api/student/content-exam", own.token);
    const lastDeadline = Math.max(...after.map((e) => (e.deadline ? Date.parse(e.deadline) : 0)));
    const pageNow = await page.evaluate(() => Date.now());
    const toDeadline = Math.max(0, lastDeadline - pageNow) + 60_000;
    await page.clock.fastForward(toDeadline);
    await idleFor(page, "10:30");
    await expect(page).toHaveURL(/\/tablette$/);
  });

  for (const locale of ["fr", "ar"] as const) {
    for (const [label, size] of [["tablet", TABLET], ["phone", PHONE]] as const) {
      test(`the quiz kept offline and the exam's note on homework, in ${locale} at ${label} size: axe finds nothing`, async ({ page, context }) => {
        mkdirSync(SHOTS, { recursive: true });
        const token = await signInAs(page, "eleve@darsi.tn", locale);
        await page.setViewportSize(size);
        const exams = await payloadOf<Array<{ id: number; state: string }>>(page.request, "/api/student/content-exam", token);
        const notStarted = exams.find((e) => e.state === "not_started");
        if (notStarted) {
          await page.goto(`/exams/${notStarted.id}`);
          await expect(page.getByTestId("homework-offline-note")).toBeVisible();
          expect(await axeViolations(page)).toEqual([]);
          await page.screenshot({ path: `${SHOTS}/exam-homework-note-${locale}-${label}.png` });
        }
        await page.goto(QUIZ_LESSON);
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await expect(page.getByTestId("quiz-question").first()).toBeVisible();
        await context.setOffline(true);
        await answerQuiz(page);
        await page.getByTestId("quiz-submit").click();
        await expect(page.getByTestId("quiz-kept")).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        await page.getByTestId("quiz-kept").scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/quiz-kept-${locale}-${label}.png` });
        await context.setOffline(false);
      });
    }
  }
});
