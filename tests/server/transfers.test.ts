/**
 * Point transfers (SPEC §4 "Point transfer", §5 "Transfer", issue 9 item 5), through the API on PGlite and on
 * PostgreSQL (TEST_DATABASE=postgres): every rule and bad input of the transfer form, the code sent to the sender
 * (hashed, one transfer, 10 minutes, 5 tries), the debit and the credit together at confirmation only, replays, the
 * admin's id under impersonation, the history of both sides without anyone's phone or e-mail.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authCodes, ledgerEntries, transfers, users } from "../../server/db/schema";
import { createImpersonation, exchangeImpersonation } from "../../server/services/auth/impersonation";
import { balanceOf, checkLedger, PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let now = Date.now();
let sender: NewStudent;
let receiver: NewStudent;

const fund = (userId: number, amount: number) =>
  h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: userId, amount }));
let keyN = 0;
const key = () => `transfer-test-${Date.now()}-${(keyN += 1)}`;

const start = (token: string, body: unknown, k = key()) => h.request("POST", "/api/student/transfer-points", { token, body, headers: { "Idempotency-Key": k } });
const confirm = (token: string, transfer: number | string, code: string, k = key()) =>
  h.request("POST", "/api/student/confirm-transfer-points", { token, body: { confirmationToken: code, transfer }, headers: { "Idempotency-Key": k } });
const history = (token: string) => h.request("GET", "/api/student/transfer-points-history", { token });
const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function counts() {
  const [t] = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(transfers);
  const [e] = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
  return { transfers: t!.n, entries: e!.n };
}

beforeAll(async () => {
  // The clock is the test's: codes expire in 10 minutes. Rate limits are raised here (tested below with their own pupil).
  h = await startTestServer({ now: () => new Date(now), env: { RATE_LIMIT_FACTOR: "100" } });
  sender = await h.registerVerified();
  receiver = await h.registerVerified();
  await fund(sender.id, 100_000);
});
afterAll(() => h?.close());

describe("starting a transfer", () => {
  it("refuses every bad amount, beneficiary and missing field with 422 and its field code, and writes nothing", async () => {
    const before = await counts();
    const cases: Array<[unknown, string, string]> = [
      [{ toUser: receiver.phone, points: -10_000 }, "points", "transfer_amount_range"],
      [{ toUser: receiver.phone, points: 0 }, "points", "transfer_amount_range"],
      [{ toUser: receiver.phone, points: 9_000 }, "points", "transfer_amount_range"],
      [{ toUser: receiver.phone, points: 5_001_000 }, "points", "transfer_amount_range"],
      [{ toUser: receiver.phone, points: 10_500 }, "points", "transfer_amount_range"],
      [{ toUser: receiver.phone, points: 10.5 }, "points", "transfer_amount_range"],
      [{ toUser: receiver.phone, points: 1e20 }, "points", "transfer_amount_range"],
      [{ toUser: receiver.phone, points: "99999999999999999999" }, "points", "transfer_amount_range"],
      [{ toUser: receiver.phone, points: "10.5" }, "points", "transfer_amount_range"],
      [{ toUser: receiver.phone, points: true }, "points", "transfer_amount_range"],
      [{ toUser: receiver.phone }, "points", "transfer_fields_required"],
      [{ points: 10_000 }, "toUser", "transfer_fields_required"],
      [{ toUser: "   ", points: 10_000 }, "toUser", "transfer_fields_required"],
      [{ toUser: "not a phone", points: 10_000 }, "toUser", "beneficiary_unknown"],
      [{ toUser: receiver.phone, points: 10_000, admin: -1 }, "admin", "id_invalid"],
    ];
    for (const [body, field, code] of cases) {
      const res = await start(sender.token, body);
      expect([res.status, res.json?.errors?.[field]], JSON.stringify(body)).toEqual([422, [code]]);
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses a transfer to oneself (phone, e-mail in any case), to an unknown person, to a parent or a teacher", async () => {
    const before = await counts();
    for (const toUser of [sender.phone, `+216 ${sender.phone}`, sender.email.toUpperCase()]) {
      const res = await start(sender.token, { toUser, points: 10_000 });
      expect([res.status, res.json.errors?.toUser], toUser).toEqual([422, ["transfer_to_self"]]);
    }
    for (const toUser of ["29999999", "personne@darsi.tn", "parent@darsi.tn", "22000004"]) {
      const res = await start(sender.token, { toUser, points: 10_000 });
      expect([res.status, res.json.errors?.toUser], toUser).toEqual([422, ["beneficiary_unknown"]]);
    }
    expect(await counts()).toEqual(before);
    expect((await h.outbox()).filter((m) => m.kind === "transfer" && m.to === sender.phone)).toHaveLength(0);
  });

  it("accepts an influencer as beneficiary (pupils and influencers hold wallets)", async () => {
    const res = await start(sender.token, { toUser: "influenceur@darsi.tn", points: 10_000 });
    expect(res.status, res.text).toBe(201);
    expect(res.json.payload.to_user.name).not.toContain("@");
    expect(res.text).not.toContain("22000003");
  });

  it("refuses more points than the balance with 402, writing nothing", async () => {
    const before = await counts();
    const res = await start(sender.token, { toUser: receiver.phone, points: 101_000 });
    expect([res.status, res.json.code]).toEqual([402, "insufficient_balance"]);
    expect(await counts()).toEqual(before);
  });

  it("needs an Idempotency-Key", async () => {
    const res = await h.request("POST", "/api/student/transfer-points", { token: sender.token, body: { toUser: receiver.phone, points: 10_000 } });
    expect([res.status, res.json.code]).toEqual([422, "idempotency_key_required"]);
  });

  it("creates a pending transfer, debits nothing, and sends a 6-digit code to the sender only, stored hashed", async () => {
    const k = key();
    const res = await start(sender.token, { toUser: receiver.email, points: 10_000 }, k);
    expect(res.status, res.text).toBe(201);
    const t = res.json.payload;
    expect(t).toMatchObject({ points: 10_000, status: "pending", is_confirmed: false, direction: "sent" });
    expect(t.from_user.id).toBe(sender.id);
    expect(t.to_user).toEqual({ id: receiver.id, name: "Amine Ben Ali" });
    expect(res.text).not.toContain(receiver.phone);
    expect(res.text).not.toContain(receiver.email);
    expect(await balanceOf(h.deps.db, sender.id)).toBe(100_000);
    expect(await balanceOf(h.deps.db, receiver.id)).toBe(0);

    const code = await h.lastCode(sender.phone, "transfer");
    expect(code).toMatch(/^\d{6}$/);
    expect((await h.outbox()).filter((m) => m.kind === "transfer" && m.to === receiver.phone)).toHaveLength(0);
    const [stored] = await h.deps.db.select().from(authCodes).where(eq(authCodes.purpose, `transfer:${t.id}`));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    // The same key replays the answer: no second transfer, no second code.
    const messages = (await h.outbox()).length;
    const replay = await start(sender.token, { toUser: receiver.email, points: 10_000 }, k);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.json.payload.id).toBe(t.id);
    expect((await h.outbox()).length).toBe(messages);
    // The same key with another body is a conflict.
    const conflict = await start(sender.token, { toUser: receiver.email, points: 20_000 }, k);
    expect([conflict.status, conflict.json.code]).toEqual([409, "idempotency_conflict"]);
  });
});

describe("confirming a transfer", () => {
  it("moves the points once at confirmation: the debit and the credit together, in one movement", async () => {
    const t = (await start(sender.token, { toUser: receiver.phone, points: 25_000 })).json.payload;
    const code = await h.lastCode(sender.phone, "transfer");
    const k = key();
    const res = await confirm(sender.token, t.id, code, k);
    expect(res.status, res.text).toBe(200);
    expect(res.json.payload).toMatchObject({ id: t.id, status: "confirmed", is_confirmed: true, points: 25_000 });
    expect(await balanceOf(h.deps.db, sender.id)).toBe(75_000);
    expect(await balanceOf(h.deps.db, receiver.id)).toBe(25_000);
    const entries = await h.deps.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refType, "transfer"), eq(ledgerEntries.refId, String(t.id))));
    expect(entries.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-25_000, 25_000]);
    expect(new Set(entries.map((e) => e.movementId)).size).toBe(1);

    // The same key replays the first answer; another key finds it no longer pending. Nothing moves again.
    const replay = await confirm(sender.token, t.id, code, k);
    expect([replay.status, replay.headers.get("idempotency-replayed"), replay.json.payload.status]).toEqual([200, "true", "confirmed"]);
    const again = await confirm(sender.token, t.id, code);
    expect([again.status, again.json.code]).toEqual([409, "transfer_not_pending"]);
    expect(await balanceOf(h.deps.db, sender.id)).toBe(75_000);
    expect(await balanceOf(h.deps.db, receiver.id)).toBe(25_000);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("answers 404 for another pupil's transfer (confirm and resend), and for an unknown id", async () => {
    const t = (await start(sender.token, { toUser: receiver.phone, points: 10_000 })).json.payload;
    const code = await h.lastCode(sender.phone, "transfer");
    for (const token of [receiver.token]) {
      expect((await confirm(token, t.id, code)).status).toBe(404);
      expect((await h.request("GET", `/api/student/confirm-transfer-points/${t.id}`, { token })).status).toBe(404);
    }
    expect((await confirm(sender.token, 2_000_000, code)).status).toBe(404);
    expect((await h.request("GET", "/api/student/confirm-transfer-points/2000000", { token: sender.token })).status).toBe(404);
    // The sender's own code still works (the receiver's tries touched nothing).
    expect((await confirm(sender.token, t.id, code)).status).toBe(200);
  });

  it("refuses bad codes: missing, malformed, wrong; the fifth wrong try kills the code; a resent code works", async () => {
    const t = (await start(sender.token, { toUser: receiver.phone, points: 10_000 })).json.payload;
    const code = await h.lastCode(sender.phone, "transfer");
    const missing = await h.request("POST", "/api/student/confirm-transfer-points", { token: sender.token, query: { transfer: t.id }, headers: { "Idempotency-Key": key() } });
    expect([missing.status, missing.json.errors?.confirmationToken]).toEqual([422, ["code_required"]]);
    for (const bad of ["12345", "1234567", "abcdef"]) {
      const res = await confirm(sender.token, t.id, bad);
      expect([res.status, res.json.errors?.confirmationToken], bad).toEqual([422, ["code_invalid"]]);
    }
    for (let i = 1; i <= 4; i++) {
      const res = await confirm(sender.token, t.id, wrongCodeOf(code));
      expect([res.status, res.json.errors?.confirmationToken], `try ${i}`).toEqual([422, ["code_invalid"]]);
    }
    const fifth = await confirm(sender.token, t.id, wrongCodeOf(code));
    expect([fifth.status, fifth.json.errors?.confirmationToken]).toEqual([422, ["code_too_many_tries"]]);
    // Dead: even the right code is refused now, and nothing moved.
    const dead = await confirm(sender.token, t.id, code);
    expect([dead.status, dead.json.errors?.confirmationToken]).toEqual([422, ["code_too_many_tries"]]);
    const balance = await balanceOf(h.deps.db, sender.id);

    const resend = await h.request("GET", `/api/student/confirm-transfer-points/${t.id}`, { token: sender.token });
    expect(resend.status, resend.text).toBe(200);
    const fresh = await h.lastCode(sender.phone, "transfer");
    const ok = await confirm(sender.token, t.id, fresh);
    expect(ok.status, ok.text).toBe(200);
    expect(await balanceOf(h.deps.db, sender.id)).toBe(balance - 10_000);
  });

  it("kills the previous code on resend, and lets a code expire after 10 minutes", async () => {
    const t = (await start(sender.token, { toUser: receiver.phone, points: 10_000 })).json.payload;
    const first = await h.lastCode(sender.phone, "transfer");
    await h.request("GET", `/api/student/confirm-transfer-points/${t.id}`, { token: sender.token });
    const second = await h.lastCode(sender.phone, "transfer");
    if (first !== second) {
      const old = await confirm(sender.token, t.id, first);
      expect([old.status, old.json.errors?.confirmationToken]).toEqual([422, ["code_invalid"]]);
    }
    now += 10 * 60 * 1000 + 1;
    const late = await confirm(sender.token, t.id, second);
    expect([late.status, late.json.errors?.confirmationToken]).toEqual([422, ["code_expired"]]);
    const [row] = await h.deps.db.select().from(transfers).where(eq(transfers.id, t.id));
    expect(row!.status).toBe("pending");
  });

  it("a code belongs to one transfer: the code of one does not confirm another", async () => {
    const a = (await start(sender.token, { toUser: receiver.phone, points: 10_000 })).json.payload;
    const codeA = await h.lastCode(sender.phone, "transfer");
    const b = (await start(sender.token, { toUser: receiver.phone, points: 10_000 })).json.payload;
    const codeB = await h.lastCode(sender.phone, "transfer");
    if (codeA !== codeB) {
      const res = await confirm(sender.token, b.id, codeA);
      expect(res.status).toBe(422);
    }
    expect((await confirm(sender.token, a.id, codeA)).status).toBe(200);
    expect((await confirm(sender.token, b.id, codeB)).status).toBe(200);
  });

  it("answers 402 at confirmation when the balance dropped meanwhile: the transfer stays pending, nothing moves, the code lives", async () => {
    const poor = await h.registerVerified();
    await fund(poor.id, 30_000);
    const first = (await start(poor.token, { toUser: receiver.phone, points: 20_000 })).json.payload;
    const firstCode = await h.lastCode(poor.phone, "transfer");
    const second = (await start(poor.token, { toUser: receiver.phone, points: 20_000 })).json.payload;
    const secondCode = await h.lastCode(poor.phone, "transfer");
    expect((await confirm(poor.token, first.id, firstCode)).status).toBe(200);
    const before = await counts();
    const short = await confirm(poor.token, second.id, secondCode);
    expect([short.status, short.json.code]).toEqual([402, "insufficient_balance"]);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(h.deps.db, poor.id)).toBe(10_000);
    // Topped up, the same code confirms it.
    await fund(poor.id, 10_000);
    const ok = await confirm(poor.token, second.id, secondCode);
    expect(ok.status, ok.text).toBe(200);
    expect(await balanceOf(h.deps.db, poor.id)).toBe(0);
  });

  it("confirmations racing with different keys: exactly one moves the points", async () => {
    const t = (await start(sender.token, { toUser: receiver.phone, points: 10_000 })).json.payload;
    const code = await h.lastCode(sender.phone, "transfer");
    const balance = await balanceOf(h.deps.db, sender.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirm(sender.token, t.id, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.json.code]).toEqual([409, "transfer_not_pending"]);
    expect(await balanceOf(h.deps.db, sender.id)).toBe(balance - 10_000);
  });
});

describe("the history", () => {
  it("lists sent and received transfers on both sides, newest first, with names only", async () => {
    const mine = await history(sender.token);
    expect(mine.status).toBe(200);
    expect(mine.json.meta.total).toBeGreaterThan(3);
    expect(mine.json.payload.every((t: { direction: string }) => t.direction === "sent")).toBe(true);
    const theirs = await history(receiver.token);
    // The receiver also got transfers from other pupils of this file.
    expect(theirs.json.meta.total).toBeGreaterThan(mine.json.meta.total);
    const row = theirs.json.payload.find((t: { sender: { id: number } }) => t.sender.id === sender.id);
    expect(row).toMatchObject({ direction: "received", sender: { id: sender.id, name: "Amine Ben Ali" }, receiver: { id: receiver.id } });
    for (const res of [mine, theirs]) {
      for (const marker of [sender.phone, sender.email, receiver.phone, receiver.email]) expect(res.text).not.toContain(marker);
    }
    const ids = mine.json.payload.map((t: { id: number }) => t.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
    const third = await h.registerVerified();
    expect((await history(third.token)).json).toMatchObject({ payload: [], meta: { total: 0 } });
  });

  it("is refused to parents and teachers", async () => {
    const token = await h.login("parent@darsi.tn");
    expect((await history(token)).status).toBe(403);
    expect((await start(token, { toUser: receiver.phone, points: 10_000 })).status).toBe(403);
  });
});

describe("under impersonation", () => {
  it("records the admin's id on the transfer and on its ledger entries", async () => {
    const link = await createImpersonation(h.deps, sender.email);
    const { token } = await exchangeImpersonation(h.deps, { token: link.token, adminId: link.adminId, userId: link.userId });
    const t = (await start(token, { toUser: receiver.phone, points: 10_000, admin: link.adminId })).json.payload;
    const code = await h.lastCode(sender.phone, "transfer");
    expect((await confirm(token, t.id, code)).status).toBe(200);
    const [row] = await h.deps.db.select().from(transfers).where(eq(transfers.id, t.id));
    expect(row!.adminId).toBe(link.adminId);
    const entries = await h.deps.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refType, "transfer"), eq(ledgerEntries.refId, String(t.id))));
    expect(entries.map((e) => e.adminId)).toEqual([link.adminId, link.adminId]);
    // Without impersonation, no admin is recorded, whatever the body says.
    const plain = (await start(sender.token, { toUser: receiver.phone, points: 10_000, admin: link.adminId })).json.payload;
    const [plainRow] = await h.deps.db.select().from(transfers).where(eq(transfers.id, plain.id));
    expect(plainRow!.adminId).toBeNull();
  });
});

describe("rate limits", () => {
  it("limits resent codes per account (429 with Retry-After)", async () => {
    const pupil = await h.registerVerified();
    await fund(pupil.id, 10_000);
    const t = (await start(pupil.token, { toUser: receiver.phone, points: 10_000 })).json.payload;
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 301; i++) {
      const res = await h.request("GET", `/api/student/confirm-transfer-points/${t.id}`, { token: pupil.token, ip: h.freshIp() });
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.headers.get("retry-after");
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("leaves the ledger reconciled", async () => {
    const check = await checkLedger(h.deps.db);
    expect(check).toMatchObject({ ok: true, negative: [], total: 0 });
    const [u] = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(u!.n).toBeGreaterThan(3);
  });
});
