/**
 * Quiz service (SPEC §7 "External services": login returning a quiz token and user id; questions, answers, score,
 * completion). Driven as eleve (Gold, Bac Maths), a fresh Bac Maths pupil with Gold, and one without any offer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { affiliations, chapters, contents, progress, quizAttempts, quizChoices, quizQuestions, subjects } from "../../server/db/schema";
import { createClock, startTestServer, type TestServer } from "./harness";

const clock = createClock();
let h: TestServer;
let eleve: { token: string; quiz: string; id: number };
let other: { token: string; quiz: string; id: number };
let locked: { token: string; quiz: string };

interface QuizLesson {
  qcmId: number;
  contentId: number;
  chapterSlug: string;
}

/** Quiz lessons of Bac Maths mathematics, in catalogue order. */
async function quizLessons(): Promise<QuizLesson[]> {
  const rows = await h.deps.db
    .select({
      qcmId: contents.qcmId,
      contentId: contents.id,
      chapterSlug: chapters.slug,
    })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, 18), eq(subjects.slug, "mathematiques"), eq(contents.typeId, 5)))
    .orderBy(contents.id);
  return rows.map((r) => ({
    qcmId: r.qcmId!,
    contentId: r.contentId,
    chapterSlug: r.chapterSlug,
  }));
}

/** The right answers, read from the database (what the pupil must not see before submitting). */
async function rightAnswers(qcmId: number) {
  const qs = await h.deps.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, qcmId)).orderBy(quizQuestions.position);
  const out: Array<{
    question_id: number;
    choice_ids: number[];
    wrong: number[];
  }> = [];
  for (const q of qs) {
    const cs = await h.deps.db.select().from(quizChoices).where(eq(quizChoices.questionId, q.id));
    out.push({
      question_id: q.id,
      choice_ids: cs.filter((c) => c.correct).map((c) => c.id),
      wrong: [cs.find((c) => !c.correct)!.id],
    });
  }
  return out;
}

const quizLogin = async (token: string) => {
  const res = await h.request("POST", "/svc/quiz/login", { token });
  expect(res.status, res.text).toBe(200);
  return res.json.payload as {
    token: string;
    user_id: number;
    expires_at: string;
  };
};
const getQuiz = (quizToken: string, id: number) => h.request("GET", `/svc/quiz/quizzes/${id}`, { token: quizToken });
const attempt = (quizToken: string, id: number, answers: unknown, key?: string) =>
  h.request("POST", `/svc/quiz/quizzes/${id}/attempts`, {
    token: quizToken,
    body: { answers },
    ...(key ? { headers: { "idempotency-key": key } } : {}),
  });

beforeAll(async () => {
  h = await startTestServer({ now: clock.now });
  const e = await h.login("eleve@darsi.tn");
  const eq1 = await quizLogin(e);
  eleve = { token: e, quiz: eq1.token, id: eq1.user_id };
  const p = await h.registerVerified();
  await h.deps.db.insert(affiliations).values({
    userId: p.id,
    offerId: 36,
    groupId: 36,
    period: "year",
    startDate: "2020-09-15",
    endDate: "2099-06-30",
  });
  other = { token: p.token, quiz: (await quizLogin(p.token)).token, id: p.id };
  const n = await h.registerVerified();
  locked = { token: n.token, quiz: (await quizLogin(n.token)).token };
});
afterAll(async () => {
  await h?.close();
});

describe("POST /svc/quiz/login", () => {
  it("needs the pupil's bearer token and answers a quiz token and the user id", async () => {
    expect((await h.request("POST", "/svc/quiz/login")).status).toBe(401);
    expect((await h.request("POST", "/svc/quiz/login", { token: "not-a-token" })).status).toBe(401);
    const login = await quizLogin(eleve.token);
    expect(login.user_id).toBe(eleve.id);
    expect(login.token).not.toBe(eleve.token);
    const ttl = new Date(login.expires_at).getTime() - clock.now().getTime();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30 * 60 * 1000);
  });

  it("other quiz calls take the quiz token, not the app token; it expires and dies with the app session", async () => {
    const [lesson] = await quizLessons();
    const withAppToken = await getQuiz(eleve.token, lesson!.qcmId);
    expect(withAppToken.status).toBe(401);
    expect(withAppToken.json.code).toBe("quiz_token_invalid");
    expect((await h.request("GET", `/svc/quiz/quizzes/${lesson!.qcmId}`)).status).toBe(401);
    // A quiz token is not an app token either.
    expect((await h.request("GET", "/api/auth/me", { token: eleve.quiz })).status).toBe(401);

    const short = await quizLogin(eleve.token);
    expect((await getQuiz(short.token, lesson!.qcmId)).status).toBe(200);
    clock.advance(31 * 60 * 1000);
    expect((await getQuiz(short.token, lesson!.qcmId)).json.code).toBe("quiz_token_invalid");
    clock.advance(-31 * 60 * 1000);

    const session = await h.login("eleve@darsi.tn");
    const q = await quizLogin(session);
    expect((await getQuiz(q.token, lesson!.qcmId)).status).toBe(200);
    expect((await h.request("GET", "/api/auth/logout", { token: session })).status).toBe(200);
    expect((await getQuiz(q.token, lesson!.qcmId)).status).toBe(401);
  });
});

describe("GET /svc/quiz/quizzes/{id}", () => {
  it("gives the questions and choices of a quiz, never which choices are correct", async () => {
    const [lesson] = await quizLessons();
    const res = await getQuiz(eleve.quiz, lesson!.qcmId);
    expect(res.status).toBe(200);
    const quiz = res.json.payload;
    expect(quiz.id).toBe(lesson!.qcmId);
    expect(quiz.content_id).toBe(lesson!.contentId);
    expect(quiz.pass_mark).toBe(60);
    expect(quiz.questions.length).toBeGreaterThanOrEqual(4);
    for (const q of quiz.questions) {
      expect(q.text.length).toBeGreaterThan(5);
      expect(q.choices.length).toBeGreaterThanOrEqual(2);
      for (const c of q.choices) expect(Object.keys(c).sort()).toEqual(["id", "text"]);
    }
    expect(res.text).not.toMatch(/correct/i);
  });

  it("every quiz lesson of the catalogue has real questions; Arabic subjects ask in Arabic", async () => {
    const all = await h.deps.db.select({ qcmId: contents.qcmId }).from(contents).where(eq(contents.typeId, 5));
    expect(all.length).toBeGreaterThan(20);
    for (const { qcmId } of all) {
      const qs = await h.deps.db.select({ id: quizQuestions.id }).from(quizQuestions).where(eq(quizQuestions.quizId, qcmId!));
      expect(qs.length, `quiz ${qcmId}`).toBeGreaterThanOrEqual(4);
    }
    const [arabic] = await h.deps.db
      .select({ qcmId: contents.qcmId })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(eq(subjects.divisionId, 18), eq(subjects.slug, "arabe"), eq(contents.typeId, 5)))
      .limit(1);
    const res = await getQuiz(eleve.quiz, arabic!.qcmId!);
    expect(res.status).toBe(200);
    expect(res.json.payload.questions[0].text).toMatch(/[\u0600-\u06FF]/);
  });

  it("a locked lesson's quiz answers 403 content_locked; another class's quiz or an unknown one 404; a bad id 422", async () => {
    const [lesson] = await quizLessons();
    const res = await getQuiz(locked.quiz, lesson!.qcmId);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("content_locked");
    expect(res.text).not.toContain("choices");
    const [foreign] = await h.deps.db
      .select({ qcmId: contents.qcmId })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(eq(subjects.divisionId, 7), eq(contents.typeId, 5)))
      .limit(1);
    expect((await getQuiz(eleve.quiz, foreign!.qcmId!)).status).toBe(404);
    expect((await getQuiz(eleve.quiz, 999999)).status).toBe(404);
    const bad = await getQuiz(eleve.quiz, "abc" as unknown as number);
    expect(bad.status).toBe(422);
    expect(bad.json.errors.id).toEqual(["id_invalid"]);
  });
});

describe("POST /svc/quiz/quizzes/{id}/attempts", () => {
  it("a failed attempt scores, reveals the correct choices after submission and leaves the lesson incomplete", async () => {
    const lessons = await quizLessons();
    const lesson = lessons[1]!;
    const right = await rightAnswers(lesson.qcmId);
    const answers = right.map((a, i) => ({
      question_id: a.question_id,
      choice_ids: i === 0 ? a.choice_ids : a.wrong,
    }));
    const res = await attempt(other.quiz, lesson.qcmId, answers);
    expect(res.status, res.text).toBe(201);
    const a = res.json.payload;
    expect(a.total).toBe(right.length);
    expect(a.correct_count).toBe(1);
    expect(a.score).toBe(Math.round(100 / right.length));
    expect(a.passed).toBe(false);
    expect(a.results[0].correct).toBe(true);
    expect(a.results[1].correct).toBe(false);
    expect(a.results[1].correct_choices).toEqual(right[1]!.choice_ids);
    expect(a.progress.completed).toBe(false);
    const [p] = await h.deps.db
      .select()
      .from(progress)
      .where(and(eq(progress.userId, other.id), eq(progress.contentId, lesson.contentId)));
    expect(p?.completed ?? false).toBe(false);
  });

  it("a pass completes the lesson at 100 % through the progress service; chapter progress includes it", async () => {
    const lesson = (await quizLessons())[0]!;
    const right = await rightAnswers(lesson.qcmId);
    const res = await attempt(
      other.quiz,
      lesson.qcmId,
      right.map(({ question_id, choice_ids }) => ({ question_id, choice_ids })),
    );
    expect(res.status).toBe(201);
    expect(res.json.payload).toMatchObject({
      score: 100,
      passed: true,
      progress: { percentage: 100, completed: true },
    });
    const list = await h.request("GET", `/api/student/subjects/mathematiques/chapters/${lesson.chapterSlug}/contents`, { token: other.token });
    const item = list.json.payload.find((i: { id: number }) => i.id === lesson.contentId);
    expect(item).toMatchObject({ completed: true, percentage: 100 });
    const chaptersRes = await h.request("GET", "/api/student/subjects/mathematiques/chapters", { token: other.token });
    const entry = chaptersRes.json.payload.chapters.find((c: { chapter: { slug: string } }) => c.chapter.slug === lesson.chapterSlug);
    expect(entry.nbCompleted).toBe(1);
    expect(entry.progress).toBeGreaterThan(0);
    const quiz = await getQuiz(other.quiz, lesson.qcmId);
    expect(quiz.json.payload.best_attempt).toMatchObject({
      score: 100,
      passed: true,
    });
  });

  it("a replay with the same Idempotency-Key is counted once; the same key with other answers is refused", async () => {
    const lesson = (await quizLessons())[2]!;
    const right = await rightAnswers(lesson.qcmId);
    const answers = right.map(({ question_id, choice_ids }) => ({
      question_id,
      choice_ids,
    }));
    const key = "quiz-attempt-0001";
    const first = await attempt(eleve.quiz, lesson.qcmId, answers, key);
    const again = await attempt(eleve.quiz, lesson.qcmId, answers, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.json.payload.id).toBe(first.json.payload.id);
    const rows = await h.deps.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, eleve.id), eq(quizAttempts.quizId, lesson.qcmId)));
    expect(rows).toHaveLength(1);
    const other2 = await attempt(
      eleve.quiz,
      lesson.qcmId,
      right.map((a) => ({ question_id: a.question_id, choice_ids: a.wrong })),
      key,
    );
    expect(other2.status).toBe(409);
    expect(other2.json.code).toBe("idempotency_conflict");
    expect((await attempt(eleve.quiz, lesson.qcmId, answers, "bad key!")).status).toBe(422);
  });

  it("bad answers are refused with a code and change nothing", async () => {
    const lesson = (await quizLessons())[3]!;
    const right = await rightAnswers(lesson.qcmId);
    const before = await h.deps.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, lesson.qcmId));
    const cases: Array<[unknown, string]> = [
      [undefined, "quiz_answers_incomplete"],
      [[], "quiz_answers_incomplete"],
      [right.slice(1).map(({ question_id, choice_ids }) => ({ question_id, choice_ids })), "quiz_answers_incomplete"],
      [
        [
          ...right.map(({ question_id, choice_ids }) => ({
            question_id,
            choice_ids,
          })),
          { question_id: 999999, choice_ids: [1] },
        ],
        "quiz_answer_invalid",
      ],
      [
        right.map((a, i) => ({
          question_id: a.question_id,
          choice_ids: i === 0 ? [999999] : a.choice_ids,
        })),
        "quiz_answer_invalid",
      ],
      [
        right.map((a, i) => ({
          question_id: a.question_id,
          choice_ids: i === 0 ? [...a.choice_ids, ...a.wrong] : a.choice_ids,
        })),
        "quiz_answer_invalid",
      ],
      [[{ question_id: right[0]!.question_id, choice_ids: [] }], "quiz_answers_incomplete"],
      [
        [
          {
            question_id: right[0]!.question_id,
            choice_ids: right[0]!.choice_ids,
          },
          {
            question_id: right[0]!.question_id,
            choice_ids: right[0]!.choice_ids,
          },
        ],
        "quiz_answer_invalid",
      ],
    ];
    for (const [answers, code] of cases) {
      const res = await h.request("POST", `/svc/quiz/quizzes/${lesson.qcmId}/attempts`, {
        token: eleve.quiz,
        body: answers === undefined ? {} : { answers },
      });
      expect(res.status, JSON.stringify(answers)).toBe(422);
      expect(JSON.stringify(res.json), JSON.stringify(answers)).toContain(code);
    }
    const after = await h.deps.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, lesson.qcmId));
    expect(after).toHaveLength(before.length);
  });

  it("a locked lesson's quiz cannot be attempted; attempts are the pupil's own", async () => {
    const lesson = (await quizLessons())[0]!;
    const right = await rightAnswers(lesson.qcmId);
    const res = await attempt(
      locked.quiz,
      lesson.qcmId,
      right.map(({ question_id, choice_ids }) => ({ question_id, choice_ids })),
    );
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("content_locked");
    expect(res.text).not.toContain("correct_choices");
    // `other` passed this quiz above; eleve's view of it knows nothing of that.
    const mine = await getQuiz(eleve.quiz, lesson.qcmId);
    expect(mine.json.payload.best_attempt).toBeNull();
    const stored = await h.deps.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, lesson.qcmId));
    expect(stored.every((a) => a.userId === other.id)).toBe(true);
  });
});
