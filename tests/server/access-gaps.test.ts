/**
 * Access without a gap (issue 18 item 5), through the API on a real database — PGlite, and PostgreSQL with
 * TEST_DATABASE=postgres, where the pool really runs the concurrent requests at once:
 * - a code (verification, reset, e-mail verification, transfer confirmation) dies after 5 tries even when 50 wrong
 *   tries arrive at the same moment: the right code afterwards is refused;
 * - the transfer confirmation code travels in the body (the query form is still read).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_MAX_TRIES } from "../../domain/constants";
import { authCodes, ledgerEntries, transfers, users } from "../../server/db/schema";
import { PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { startTestServer, type TestResponse, type TestServer } from "./harness";

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
