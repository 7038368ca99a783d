import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CONTENT_TYPE, type LessonListItemDto } from "@domain/learning";
import type { QuizAttemptDto, QuizDto } from "@domain/quiz";
import { renderWithProviders } from "../../../../tests/ui/render";
import { fakeToken } from "../../../../tests/ui/fixtures";
import { clearSession, setSession } from "@/lib/session";
import { flushOutbox, getDb, pendingItems, resetDbForTests } from "@/lib/offline/store";
import { settled } from "@/lib/offline/sync";
import { makeItem, makeLesson } from "../testData";
import { lessonsKeys } from "../lessons.keys";
import { resetQuizSession } from "../api/quizLogin";
import QuizPlayer from "./QuizPlayer";

const quiz: QuizDto = {
  id: 1005,
  title: "QCM",
  content_id: 11,
  pass_mark: 60,
  best_attempt: null,
  questions: [
    { id: 1, text: "i² est égal à :", multiple: false, choices: [{ id: 11, text: "−1" }, { id: 12, text: "1" }] },
    { id: 2, text: "Quels nombres sont réels ?", multiple: true, choices: [{ id: 21, text: "z + z̄" }, { id: 22, text: "z − z̄" }, { id: 23, text: "z × z̄" }] },
  ],
};
const CORRECT: Record<number, number[]> = { 1: [11], 2: [21, 23] };

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A fake quiz service: login gives "quiz-token"; questions need it; attempts are scored like the server does.
 * `offline`: every attempt (and the login the outbox asks before it) fails as a cut network does.
 */
function mockQuiz(opts: { refuseFirstToken?: boolean; offline?: () => boolean } = {}) {
  const calls: Call[] = [];
  let refused = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (opts.offline?.() && (url.endsWith("/attempts") || (url === "/svc/quiz/login" && init?.method === "POST" && calls.length > 1))) throw new TypeError("Failed to fetch");
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method: init?.method ?? "GET", headers, body });
      if (url === "/svc/quiz/login") return Response.json({ payload: { token: "quiz-token", user_id: 7, expires_at: new Date(Date.now() + 30 * 60_000).toISOString() } });
      if (opts.refuseFirstToken && !refused && url === "/svc/quiz/quizzes/1005") {
        // A token the quiz service no longer accepts (expired, or from an earlier session).
        refused = true;
        return Response.json({ code: "quiz_token_invalid", message: "x" }, { status: 401 });
      }
      if (headers.Authorization !== "Bearer quiz-token") return Response.json({ code: "quiz_token_invalid", message: "x" }, { status: 401 });
      if (url === "/svc/quiz/quizzes/1005") return Response.json({ payload: quiz });
      if (url === "/svc/quiz/quizzes/1005/attempts") {
        const answers = (body as { answers: Array<{ question_id: number; choice_ids: number[] }> }).answers;
        const results = answers.map((a) => {
          const correct = CORRECT[a.question_id]!;
          return { question_id: a.question_id, selected: a.choice_ids, correct_choices: correct, correct: [...a.choice_ids].sort().join() === correct.join() };
        });
        const n = results.filter((r) => r.correct).length;
        const score = Math.round((n / results.length) * 100);
        const attempt: QuizAttemptDto = {
          id: calls.length,
          quiz_id: 1005,
          content_id: 11,
          score,
          correct_count: n,
          total: results.length,
          pass_mark: 60,
          passed: score >= 60,
          results,
          progress: { percentage: score >= 60 ? 100 : 0, completed: score >= 60 },
          created_at: new Date().toISOString(),
        };
        return Response.json({ payload: attempt }, { status: 201 });
      }
      return Response.json({ code: "not_found", message: "x" }, { status: 404 });
    }),
  );
  return calls;
}

const lesson = makeLesson({ id: 11, type: CONTENT_TYPE.quiz, content_videos: null, otp: null, playbackInfo: null, content_qcm_id: 1005 });

beforeEach(async () => {
  resetQuizSession();
  // Answers go through the device store's outbox, which belongs to the signed-in user.
  setSession({ token: fakeToken(1) });
  await getDb().delete();
  resetDbForTests();
});
afterEach(async () => {
  await settled();
  vi.unstubAllGlobals();
  clearSession();
});

async function renderQuiz(opts: Parameters<typeof mockQuiz>[0] = {}) {
  const calls = mockQuiz(opts);
  const result = await renderWithProviders(<QuizPlayer lesson={lesson} quizId={1005} />);
  const list: LessonListItemDto[] = [makeItem(1, { type: CONTENT_TYPE.quiz })];
  result.queryClient.setQueryData(lessonsKeys.list("lessons", "maths", "chapitre-1"), list);
  await screen.findByText("i² est égal à :");
  return { ...result, calls };
}

describe("QuizPlayer", () => {
  it("logs in to the quiz service and loads the questions with the quiz token, not the app token", async () => {
    const { calls } = await renderQuiz();
    expect(calls[0]!.url).toBe("/svc/quiz/login");
    expect(calls[1]).toMatchObject({ url: "/svc/quiz/quizzes/1005", method: "GET" });
    expect(calls[1]!.headers.Authorization).toBe("Bearer quiz-token");
    expect(screen.getAllByTestId("quiz-question")).toHaveLength(2);
    expect(screen.getByText("Plusieurs réponses possibles")).toBeTruthy();
  });

  it("submits only once every question is answered, then shows the score, what was right and the correct choices", async () => {
    const user = userEvent.setup();
    const { calls } = await renderQuiz();
    const submit = screen.getByTestId("quiz-submit");
    expect(submit).toHaveProperty("disabled", true);
    await user.click(screen.getByLabelText("1"));
    expect(screen.getByTestId("quiz-answered").textContent).toBe("1 / 2 réponses");
    expect(submit).toHaveProperty("disabled", true);
    await user.click(screen.getByLabelText("z + z̄"));
    await user.click(screen.getByLabelText("z − z̄"));
    expect(submit).toHaveProperty("disabled", false);
    await user.click(submit);

    expect((await screen.findByTestId("quiz-score")).textContent).toBe("Score : 0 %");
    const attempt = calls.find((c) => c.url.endsWith("/attempts"))!;
    expect(attempt.body).toEqual({ answers: [{ question_id: 1, choice_ids: [12] }, { question_id: 2, choice_ids: [21, 22] }] });
    expect(attempt.headers.Authorization).toBe("Bearer quiz-token");
    expect(attempt.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText("Pas encore : il faut 60 % pour valider")).toBeTruthy();
    const [q1, q2] = screen.getAllByTestId("quiz-question");
    expect(within(q1!).getByTestId("quiz-question-result").textContent).toBe("Mauvaise réponse");
    expect(within(q1!).getByLabelText("bonne réponse")).toBeTruthy();
    expect(within(q1!).getByLabelText("réponse choisie, incorrecte")).toBeTruthy();
    expect(within(q2!).getAllByLabelText("bonne réponse")).toHaveLength(2);
    // Answers are locked once submitted.
    expect(screen.getByLabelText("−1", { exact: false })).toHaveProperty("disabled", true);
  });

  it("a pass says so, marks the lesson completed in the list; retry starts again", async () => {
    const user = userEvent.setup();
    const { queryClient } = await renderQuiz();
    await user.click(screen.getByLabelText("−1"));
    await user.click(screen.getByLabelText("z + z̄"));
    await user.click(screen.getByLabelText("z × z̄"));
    await user.click(screen.getByTestId("quiz-submit"));
    expect((await screen.findByTestId("quiz-score")).textContent).toBe("Score : 100 %");
    expect(screen.getByText("Bravo, quiz réussi !")).toBeTruthy();
    const list = queryClient.getQueryData<LessonListItemDto[]>(lessonsKeys.list("lessons", "maths", "chapitre-1"));
    expect(list?.[0]).toMatchObject({ id: 11, completed: true, percentage: 100 });
    expect(screen.getByTestId("quiz-best").textContent).toContain("100 %");

    await user.click(screen.getByText("Recommencer le quiz"));
    expect(screen.queryByTestId("quiz-result")).toBeNull();
    expect(screen.getByTestId("quiz-answered").textContent).toBe("0 / 2 réponses");
  });

  it("offline, keeps the answers on the device (no score yet) and sends them once, with a fresh quiz token, when the network is back", async () => {
    const user = userEvent.setup();
    let offline = true;
    const { calls } = await renderQuiz({ offline: () => offline });
    await user.click(screen.getByLabelText("−1"));
    await user.click(screen.getByLabelText("z + z̄"));
    await user.click(screen.getByLabelText("z × z̄"));
    await user.click(screen.getByTestId("quiz-submit"));
    expect((await screen.findByTestId("quiz-kept")).textContent).toContain("Réponses enregistrées sur cet appareil");
    expect(screen.queryByTestId("quiz-score")).toBeNull();
    expect(screen.queryByTestId("quiz-submit")).toBeNull();
    expect(screen.getByLabelText("−1", { exact: false })).toHaveProperty("disabled", true);
    const [item] = await pendingItems(1);
    expect(item).toMatchObject({ kind: "quiz", url: "/svc/quiz/quizzes/1005/attempts", exchange: "/svc/quiz/login", scope: "lesson:11" });
    expect(item!.body).toEqual({ answers: [{ question_id: 1, choice_ids: [11] }, { question_id: 2, choice_ids: [21, 23] }] });
    // No token of any kind is kept with it.
    expect(JSON.stringify(item)).not.toContain("quiz-token");
    expect(JSON.stringify(item)).not.toContain(fakeToken(1));

    // The network is back: the outbox's replay (as on reconnection, or at the pupil's next sign-in on a class tablet).
    offline = false;
    const report = await flushOutbox({ userId: 1, token: fakeToken(1) });
    expect(report).toMatchObject({ stoppedBy: null, remaining: 0 });
    expect(report.delivered.map((i) => i.kind)).toEqual(["quiz"]);
    const sent = calls.filter((c) => c.url.endsWith("/attempts") && c.headers.Authorization === "Bearer quiz-token");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers["Idempotency-Key"]).toBe(item!.key);
    // The quiz token was asked with the pupil's own token just before.
    const login = calls.filter((c) => c.url === "/svc/quiz/login").at(-1)!;
    expect(login.headers.Authorization).toBe(`Bearer ${fakeToken(1)}`);
  });

  it("renews a refused quiz token once", async () => {
    const calls = mockQuiz({ refuseFirstToken: true });
    await renderWithProviders(<QuizPlayer lesson={lesson} quizId={1005} />);
    await screen.findByText("i² est égal à :");
    expect(calls.filter((c) => c.url === "/svc/quiz/login")).toHaveLength(2);
    expect(calls.filter((c) => c.url === "/svc/quiz/quizzes/1005")).toHaveLength(2);
  });

  it("says when the quiz cannot load", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    await renderWithProviders(<QuizPlayer lesson={lesson} quizId={1005} />);
    expect(await screen.findByTestId("quiz-error")).toBeTruthy();
    expect(screen.getByText("Le quiz a besoin d'une connexion Internet.")).toBeTruthy();
  });
});
