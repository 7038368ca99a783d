/**
 * Access without a gap (issue 18 item 5), through the API on a real database — PGlite, and PostgreSQL with
 * TEST_DATABASE=postgres, where the pool really runs the concurrent requests at once:
 * - a code (verification, reset, e-mail verification, transfer confirmation) dies after 5 tries even when 50 wrong
 *   tries arrive at the same moment: the right code afterwards is refused;
 * - the transfer confirmation code travels in the body (the query form is still read);
 * - the 10-files-per-exam limit holds when 20 uploads arrive at once (multipart and resumable);
 * - a teacher reads the homework of the exams of the subjects and classes they teach only (404 otherwise);
 * - adding a parent phone answers the same whether or not an account has that number (the request follows the answer).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CODE_MAX_TRIES } from "../../domain/constants";
import { HOMEWORK_MAX_FILES } from "../../domain/exams";
import { authCodes, examHomeworkFiles, examUploads, ledgerEntries, transfers, users } from "../../server/db/schema";
import { PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { startTestServer, type TestResponse, type TestServer } from "./harness";
import { multipart, PDF_BYTES } from "./fixtures/exams";

let h: TestServer;

beforeAll(async () => {
  // The limits on code checks are tested elsewhere: here 50 tries must all reach the code.
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "1000" } });
});
afterAll(async () => {
  await h?.close();
});

const WRONG_TRIES = 50;
/** A code of the same shape that is not `code`. */
const wrongOf = (code: string) => (/^\d+$/.test(code) ? String((Number(code) + 1) % 10 ** code.length).padStart(code.length, "0") : code === "AAAAAA" ? "BBBBBB" : "AAAAAA");
const errorCodes = (answers: TestResponse[]) => answers.map((a) => `${a.status} ${a.json?.code}`);
const tally = (answers: TestResponse[]) => errorCodes(answers).reduce<Record<string, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

/** 50 wrong tries at once: none passes, at most 4 say "invalid" (the fifth try kills the code), the code counts 5. */
async function expectKilledBy50(send: () => Promise<TestResponse>, userId: number, purpose: string) {
  const answers = await Promise.all(Array.from({ length: WRONG_TRIES }, send));
  const counted = tally(answers);
  expect(Object.keys(counted).sort(), JSON.stringify(counted)).toEqual(["422 code_invalid", "422 code_too_many_tries"]);
  expect(counted["422 code_invalid"]).toBe(CODE_MAX_TRIES - 1);
  const [code] = await h.deps.db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose)))
    .orderBy(sql`${authCodes.id} desc`)
    .limit(1);
  expect(code!.attempts).toBe(CODE_MAX_TRIES);
  expect(code!.consumedAt).not.toBeNull();
}

describe("a code dies after 5 tries, even when 50 wrong tries arrive at once", () => {
  it("the verification code: 50 wrong at once, then the right one is refused and the account stays unverified", async () => {
    const s = await h.register();
    const confirm = (code: string) => h.request("POST", "/api/auth/confirm-registration", { token: s.token, query: { token: code }, ip: h.freshIp() });
    await expectKilledBy50(() => confirm(wrongOf(s.code)), s.id, "verify");
    const right = await confirm(s.code);
    expect([right.status, right.json.code]).toEqual([422, "code_too_many_tries"]);
    const [u] = await h.deps.db.select({ verified: users.verified }).from(users).where(eq(users.id, s.id));
    expect(u!.verified).toBe(false);
  });

  it("the reset code: 50 wrong at once, then the right one is refused and the password is unchanged", async () => {
    const s = await h.registerVerified();
    const asked = await h.request("POST", "/api/auth/request-password", { query: { credentiel: s.phone }, ip: h.freshIp() });
    expect(asked.status, asked.text).toBe(200);
    const code = await h.lastCode(s.phone, "reset");
    const reset = (token: string) =>
      h.request("POST", "/api/auth/reset-password", { body: { token, credential: s.phone, newPassword: "Nouveau#2027", retypePassword: "Nouveau#2027" }, ip: h.freshIp() });
    await expectKilledBy50(() => reset(wrongOf(code)), s.id, "reset");
    const right = await reset(code);
    expect([right.status, right.json.code]).toEqual([422, "code_too_many_tries"]);
    const login = await h.request("POST", "/api/auth/login_check", { body: { username: s.phone, password: "Nouveau#2027" }, ip: h.freshIp() });
    expect(login.status).toBe(401);
  });

  it("the e-mail verification code: 50 wrong at once, then the right one is refused and the address is unchanged", async () => {
    const s = await h.registerVerified();
    const email = `course.${s.id}@test.darsi.tn`;
    const sent = await h.request("PUT", "/api/user/add-email", { token: s.token, body: { email } });
    expect(sent.status, sent.text).toBe(200);
    const code = await h.lastCode(email, "contact");
    const confirm = (c: string) => h.request("POST", "/api/user/confirm-code", { token: s.token, body: { confirmationToken: c, email }, ip: h.freshIp() });
    await expectKilledBy50(() => confirm(wrongOf(code)), s.id, "contact:email");
    const right = await confirm(code);
    expect([right.status, right.json.code]).toEqual([422, "code_too_many_tries"]);
    const [u] = await h.deps.db.select({ email: users.email }).from(users).where(eq(users.id, s.id));
    expect(u!.email).toBe(s.email);
  });

  it("the transfer confirmation code: 50 wrong at once, then the right one is refused and no point moves", async () => {
    const sender = await h.registerVerified();
    const receiver = await h.registerVerified();
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: sender.id, amount: 50_000 }));
    const started = await h.request("POST", "/api/student/transfer-points", {
      token: sender.token,
      body: { toUser: receiver.phone, points: 20_000 },
      headers: { "Idempotency-Key": `race-start-${sender.id}` },
    });
    expect(started.status, started.text).toBe(201);
    const id = Number(started.json.payload.id);
    const code = await h.lastCode(sender.phone, "transfer");
    let n = 0;
    const confirm = (c: string) =>
      h.request("POST", "/api/student/confirm-transfer-points", {
        token: sender.token,
        body: { confirmationToken: c, transfer: id },
        headers: { "Idempotency-Key": `race-confirm-${id}-${(n += 1)}` },
      });
    await expectKilledBy50(() => confirm(wrongOf(code)), sender.id, `transfer:${id}`);
    const right = await confirm(code);
    expect([right.status, right.json.code]).toEqual([422, "code_too_many_tries"]);
    const [t] = await h.deps.db.select({ status: transfers.status }).from(transfers).where(eq(transfers.id, id));
    expect(t!.status).toBe("pending");
    const moved = await h.deps.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refType, "transfer"), eq(ledgerEntries.refId, String(id))));
    expect(moved).toEqual([]);
  });
});

describe("the transfer confirmation code travels in the body", () => {
  async function pendingTransfer() {
    const sender = await h.registerVerified();
    const receiver = await h.registerVerified();
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: sender.id, amount: 30_000 }));
    const started = await h.request("POST", "/api/student/transfer-points", {
      token: sender.token,
      body: { toUser: receiver.phone, points: 10_000 },
      headers: { "Idempotency-Key": `body-start-${sender.id}` },
    });
    expect(started.status, started.text).toBe(201);
    return { sender, id: Number(started.json.payload.id), code: await h.lastCode(sender.phone, "transfer") };
  }

  it("confirms with { confirmationToken, transfer } in the JSON body", async () => {
    const t = await pendingTransfer();
    const res = await h.request("POST", "/api/student/confirm-transfer-points", {
      token: t.sender.token,
      body: { confirmationToken: t.code, transfer: t.id },
      headers: { "Idempotency-Key": `body-confirm-${t.id}` },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.payload.status).toBe("confirmed");
  });

  it("no code in the access log: the request line is its path, whatever form the code came in", async () => {
    const t = await pendingTransfer();
    const lines: string[] = [];
    const spy = vi.spyOn(h.deps.log, "info").mockImplementation((msg, fields) => void lines.push(JSON.stringify({ msg, ...fields })));
    try {
      const wrong = await h.request("POST", "/api/student/confirm-transfer-points", {
        token: t.sender.token,
        query: { confirmationToken: wrongOf(t.code), transfer: t.id },
        headers: { "Idempotency-Key": `log-wrong-${t.id}` },
      });
      expect(wrong.status).toBe(422);
      const right = await h.request("POST", "/api/student/confirm-transfer-points", {
        token: t.sender.token,
        body: { confirmationToken: t.code, transfer: t.id },
        headers: { "Idempotency-Key": `log-right-${t.id}` },
      });
      expect(right.status, right.text).toBe(200);
    } finally {
      spy.mockRestore();
    }
    const requests = lines.filter((l) => l.includes('"msg":"request"') && l.includes("confirm-transfer-points"));
    expect(requests).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(t.code);
      expect(line).not.toContain(wrongOf(t.code));
    }
  });

  it("still reads the query form of SPEC §7, and checks a code in the body like one in the query", async () => {
    const t = await pendingTransfer();
    const bad = await h.request("POST", "/api/student/confirm-transfer-points", {
      token: t.sender.token,
      body: { confirmationToken: "12ab56", transfer: t.id },
      headers: { "Idempotency-Key": `query-bad-${t.id}` },
    });
    expect([bad.status, bad.json.errors?.confirmationToken]).toEqual([422, ["code_invalid"]]);
    const missing = await h.request("POST", "/api/student/confirm-transfer-points", {
      token: t.sender.token,
      body: {},
      headers: { "Idempotency-Key": `query-missing-${t.id}` },
    });
    expect([missing.status, Object.keys(missing.json.errors ?? {}).sort()]).toEqual([422, ["confirmationToken", "transfer"]]);
    const res = await h.request("POST", "/api/student/confirm-transfer-points", {
      token: t.sender.token,
      query: { confirmationToken: t.code, transfer: t.id },
      headers: { "Idempotency-Key": `query-confirm-${t.id}` },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.payload.status).toBe("confirmed");
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows
const rows = async (q: ReturnType<typeof sql>): Promise<any[]> => ((await h.deps.db.execute(q)) as unknown as { rows: any[] }).rows;

/** The open "Devoir de synthèse n°1" of a subject of a class (every class's first two subjects have one). */
async function openExamOf(division: number, slug: string | null): Promise<number> {
  const [r] = await rows(sql`
    select e.id from exams e join subjects s on s.id = e.subject_id
    where s.division_id = ${division} and (${slug}::text is null or s.slug = ${slug}) and e.name like 'Devoir de synthèse n°1%'
    order by s.position, e.id limit 1`);
  if (!r) throw new Error(`no open exam in class ${division} (${slug})`);
  return Number(r.id);
}

/** A fresh pupil of the class with the exam permission (a live offer) who has started the exam. */
async function startedPupil(division: number, examId: number) {
  const pupil = await h.registerVerified({ division });
  await rows(sql`insert into affiliations (user_id, offer_id, group_id, period, start_date, end_date) values (${pupil.id}, 35, 35, 'year', current_date - 1, current_date + 30)`);
  const started = await h.request("POST", "/api/student/content-exam-student-time-limitation", { token: pupil.token, body: { contentExam: examId } });
  expect(started.status, started.text).toBe(201);
  return pupil;
}

const keptFiles = async (userId: number, examId: number) =>
  (await h.deps.db.select({ id: examHomeworkFiles.id }).from(examHomeworkFiles).where(and(eq(examHomeworkFiles.userId, userId), eq(examHomeworkFiles.examId, examId)))).length;

describe("the ten-files-per-exam limit holds when 20 uploads arrive at once", () => {
  it("20 multipart uploads at once: 10 kept (201), 10 refused with 409 homework_too_many_files", async () => {
    const examId = await openExamOf(18, "mathematiques");
    const pupil = await startedPupil(18, examId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const m = multipart(`page-${i}.pdf`, PDF_BYTES);
        return h.request("POST", `/api/student/content-exam/${examId}`, { token: pupil.token, body: m.body, headers: m.headers });
      }),
    );
    expect(tally(answers)).toEqual({ "201 undefined": HOMEWORK_MAX_FILES, "409 homework_too_many_files": 20 - HOMEWORK_MAX_FILES });
    expect(await keptFiles(pupil.id, examId)).toBe(HOMEWORK_MAX_FILES);
  });

  it("20 resumable uploads finishing at once: 10 complete, 10 refused and dropped", async () => {
    const examId = await openExamOf(18, "mathematiques");
    const pupil = await startedPupil(18, examId);
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const created = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: pupil.token, body: { name: `scan-${i}.pdf`, size: PDF_BYTES.length } });
      expect(created.status, created.text).toBe(201);
      ids.push(String(created.json.payload.id));
    }
    const answers = await Promise.all(
      ids.map((id) =>
        h.request("PUT", `/api/student/content-exam/${examId}/uploads/${id}`, {
          token: pupil.token,
          query: { offset: 0 },
          body: PDF_BYTES,
          headers: { "content-type": "application/octet-stream" },
        }),
      ),
    );
    expect(tally(answers)).toEqual({ "200 undefined": HOMEWORK_MAX_FILES, "409 homework_too_many_files": 20 - HOMEWORK_MAX_FILES });
    for (const a of answers.filter((x) => x.status === 200)) expect(a.json.payload.complete).toBe(true);
    expect(await keptFiles(pupil.id, examId)).toBe(HOMEWORK_MAX_FILES);
    // The refused uploads are gone (rows and bytes), the kept ones point at their file.
    const left = await h.deps.db.select().from(examUploads).where(and(eq(examUploads.userId, pupil.id), eq(examUploads.examId, examId)));
    expect(left).toHaveLength(HOMEWORK_MAX_FILES);
    expect(left.every((u) => u.fileId !== null)).toBe(true);
  });

  it("plain and resumable uploads racing together still keep 10", async () => {
    const examId = await openExamOf(18, "mathematiques");
    const pupil = await startedPupil(18, examId);
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const created = await h.request("POST", `/api/student/content-exam/${examId}/uploads`, { token: pupil.token, body: { name: `scan-${i}.pdf`, size: PDF_BYTES.length } });
      ids.push(String(created.json.payload.id));
    }
    const answers = await Promise.all([
      ...ids.map((id) =>
        h.request("PUT", `/api/student/content-exam/${examId}/uploads/${id}`, { token: pupil.token, query: { offset: 0 }, body: PDF_BYTES, headers: { "content-type": "application/octet-stream" } }),
      ),
      ...Array.from({ length: 10 }, (_, i) => {
        const m = multipart(`page-${i}.pdf`, PDF_BYTES);
        return h.request("POST", `/api/student/content-exam/${examId}`, { token: pupil.token, body: m.body, headers: m.headers });
      }),
    ]);
    expect(answers.filter((a) => a.status === 200 || a.status === 201)).toHaveLength(HOMEWORK_MAX_FILES);
    expect(answers.filter((a) => a.status === 409 && a.json.code === "homework_too_many_files")).toHaveLength(20 - HOMEWORK_MAX_FILES);
    expect(await keptFiles(pupil.id, examId)).toBe(HOMEWORK_MAX_FILES);
  });
});

describe("a teacher reads the homework of the subjects and classes they teach only", () => {
  /** A pupil's homework file on an open exam, as its path. */
  async function homeworkPath(division: number, slug: string | null) {
    const examId = await openExamOf(division, slug);
    const pupil = await startedPupil(division, examId);
    const m = multipart("copie.pdf", PDF_BYTES);
    const sent = await h.request("POST", `/api/student/content-exam/${examId}`, { token: pupil.token, body: m.body, headers: m.headers });
    expect(sent.status, sent.text).toBe(201);
    const file = (sent.json.payload as Array<{ id: number }>).at(-1)!;
    const [doc] = await rows(sql`select id from exam_documents where exam_id = ${examId} and kind = 'exam' order by id limit 1`);
    return { file: `/api/student/content-exam/${examId}/files/${file.id}`, document: `/api/student/content-exam/${examId}/documents/${doc.id}` };
  }

  it("prof@ (mathematics of Bac Mathématiques) reads that class's maths homework (200), not physics of the same class nor maths of another class (404)", async () => {
    const teacher = await h.login("prof@darsi.tn");
    const taught = await homeworkPath(18, "mathematiques");
    const res = await h.request("GET", taught.file, { token: teacher });
    expect(res.status, res.text).toBe(200);
    expect(res.text.startsWith("%PDF-")).toBe(true);
    expect((await h.request("GET", taught.document, { token: teacher })).status).toBe(200);

    const otherSubject = await homeworkPath(18, "physique");
    const [otherClass] = await rows(sql`
      select s.division_id from subjects s join exams e on e.subject_id = s.id
      where s.division_id <> 18 and s.slug = 'mathematiques' and e.name like 'Devoir de synthèse n°1%' order by s.division_id limit 1`);
    const anotherClass = await homeworkPath(Number(otherClass.division_id), "mathematiques");
    for (const path of [otherSubject.file, otherSubject.document, anotherClass.file, anotherClass.document]) {
      const refused = await h.request("GET", path, { token: teacher });
      expect([refused.status, refused.json?.code], path).toEqual([404, "not_found"]);
    }
  });

  it("a teacher without any subject reads no homework (404, as another pupil)", async () => {
    const taught = await homeworkPath(18, "mathematiques");
    const [prof] = await rows(sql`select id from users where email = 'prof@darsi.tn'`);
    await rows(sql`delete from teacher_subjects where teacher_id = ${prof.id}`);
    try {
      const teacher = await h.login("prof@darsi.tn");
      expect((await h.request("GET", taught.file, { token: teacher })).status).toBe(404);
    } finally {
      await rows(sql`insert into teacher_subjects (teacher_id, subject_id) select ${prof.id}, id from subjects where division_id = 18 and slug = 'mathematiques'`);
    }
  });
});

describe("adding a parent phone never reveals whether an account has that number", () => {
  it("a parent's phone, a pupil's phone and an unknown number get the same answer; only the parent gets a request, after it", async () => {
    const pupil = await h.registerVerified();
    const stranger = await h.registerVerified();
    const give = (phone2: string) => h.request("PUT", "/api/user/add-parent-phone", { token: pupil.token, body: { phone2 } });
    const answers = [await give("22000005"), await give(stranger.phone), await give("98000123")];
    for (const a of answers) expect([a.status, a.text]).toEqual([answers[0]!.status, answers[0]!.text]);
    expect(answers[0]!.status).toBe(200);
    expect(Object.keys(answers[0]!.json.payload)).toEqual(["hasPhoneParent"]);
    // The parent of 22000005 gets the pending request (and nobody else does), once the answers are sent.
    await expect
      .poll(async () => (await rows(sql`select u.email from parent_requests r join users u on u.id = r.parent_user_id where r.child_user_id = ${pupil.id}`)).map((r) => r.email))
      .toEqual(["parent@darsi.tn"]);
  });
});
