import { and, eq, sql } from "drizzle-orm";
import { sign } from "hono/jwt";
import { solveChallenge } from "altcha-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authCodes, sessions, users } from "../../server/db/schema";
import { createImpersonation } from "../../server/services/auth/impersonation";
import { createClock, DEMO_PASSWORD, startTestServer, type TestServer } from "./harness";

const MIN = 60_000;
const clock = createClock();
let h: TestServer;

beforeAll(async () => {
  h = await startTestServer({ now: clock.now });
});
afterAll(async () => {
  await h?.close();
});

/** Runs `fn` with the server clock moved forward by `ms`, then moves it back. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  clock.advance(ms);
  try {
    return await fn();
  } finally {
    clock.advance(-ms);
  }
}

const me = (token: string) => h.request("GET", "/api/auth/me", { token });
const loginReq = (username: string, password: string, ip = h.freshIp()) =>
  h.request("POST", "/api/auth/login_check", { body: { username, password }, ip });
const confirm = (token: string, code: string) =>
  h.request("POST", "/api/auth/confirm-registration", { token, query: { token: code }, ip: h.freshIp() });

async function userBy(where: ReturnType<typeof eq>) {
  const [row] = await h.deps.db.select().from(users).where(where);
  if (!row) throw new Error("user not found");
  return row;
}
async function liveSessions(userId: number): Promise<number> {
  const [row] = await h.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`));
  return row?.n ?? 0;
}
async function messagesTo(to: string): Promise<number> {
  return (await h.outbox()).filter((m) => m.to === to).length;
}

describe("POST /api/auth/login_check", () => {
  it.each(["22000001", "+21622000001", "0021622000001"])("signs the demo pupil in by phone written %s", async (username) => {
    const res = await loginReq(username, DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json.payload).toMatchObject({ user_type: "student" });
    expect(res.json.payload.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(new Date(res.json.payload.expires_at).getTime()).toBeGreaterThan(clock.now().getTime());
    expect(res.json.payload.redirect).toBeUndefined();
    const who = await me(res.json.payload.token);
    expect(who.status).toBe(200);
    expect(who.json.payload).toMatchObject({ email: "eleve@darsi.tn", phone: "22000001", verified: true, adminId: null });
  });

  it("signs in by e-mail in any case", async () => {
    const res = await loginReq("ELEVE@Darsi.TN", DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect((await me(res.json.payload.token)).json.payload.email).toBe("eleve@darsi.tn");
  });

  it("the demo pupil's profile carries offers, points and permissions (DESIGN §5)", async () => {
    const token = await h.login("eleve@darsi.tn");
    const p = (await me(token)).json.payload;
    expect(p).toMatchObject({ user_type: "student", points: 120_000, hasParent: true, hasParentRequest: true, division: { id: 18, name: "Bac Mathématiques" } });
    expect(p.permissions).toMatchObject({ forum: true, exam: true, eligibleUserForGift: true, changePassword: false });
    expect(p.affiliations).toEqual([expect.objectContaining({ group: { id: 35, name: "Gold", name_ar: "ذهبي", name_en: "Gold" }, period: "year" })]);
    expect(p).not.toHaveProperty("password_hash");
    expect(p).not.toHaveProperty("passwordHash");
  });

  it("the influencer's profile carries the discount code; a pupil without one has none", async () => {
    const influencer = (await me(await h.login("influenceur@darsi.tn"))).json.payload;
    expect(influencer).toMatchObject({ discountCode: "SAMI10", discountType: "percentage", discountAmount: 10, hasParent: false });
    expect(influencer.permissions).toMatchObject({ influencer: true, discount: true });
    const pupil = (await me(await h.login("eleve@darsi.tn"))).json.payload;
    expect(pupil).toMatchObject({ discountCode: null, discountType: null, discountAmount: null });
    expect(pupil.permissions).toMatchObject({ influencer: false, discount: false });
  });

  it.each([
    ["nouveau@darsi.tn", "student"],
    ["22000003", "influencer"],
    ["parent@darsi.tn", "parent"],
  ])("%s signs in as %s", async (username, type) => {
    const res = await loginReq(username, DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json.payload.user_type).toBe(type);
  });

  it("a teacher is given the teacher app to go to", async () => {
    const res = await loginReq("prof@darsi.tn", DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json.payload).toMatchObject({ user_type: "teacher", redirect: "https://prof.darsi.tn/" });
  });

  it("a wrong password → 401 invalid_credentials marking both fields", async () => {
    const res = await loginReq("nouveau@darsi.tn", "Wrong#2026");
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: "Invalid credentials", code: "invalid_credentials", errors: { username: [], password: [] } });
  });

  it("an unknown account gets exactly the same answer (no account enumeration)", async () => {
    const res = await loginReq("personne@darsi.tn", DEMO_PASSWORD);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: "Invalid credentials", code: "invalid_credentials", errors: { username: [], password: [] } });
  });

  it("validation errors → 422 with per-field codes", async () => {
    const empty = await loginReq("", "");
    expect(empty.status).toBe(422);
    expect(empty.json.code).toBe("validation_failed");
    expect(empty.json.errors.username[0]).toBe("username_required");
    expect(empty.json.errors.password[0]).toBe("password_required");

    const bad = await loginReq("12345678", "1234567");
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ username: ["username_invalid"], password: ["password_min"] });

    const short = await loginReq("2200000", DEMO_PASSWORD);
    expect(short.json.errors).toEqual({ username: ["username_invalid"] });
  });

  it("a body without the fields or without JSON → 422 on both fields", async () => {
    const none = await h.request("POST", "/api/auth/login_check", { body: {}, ip: h.freshIp() });
    expect(none.status).toBe(422);
    expect(Object.keys(none.json.errors).sort()).toEqual(["password", "username"]);
    const plain = await h.request("POST", "/api/auth/login_check", { body: "username=22000001", headers: { "content-type": "text/plain" } });
    expect(plain.status).toBe(422);
  });

  it("refuses a urlencoded or multipart form (415 unsupported_media_type): JSON only, and no cross-site form posts", async () => {
    const form = await h.request("POST", "/api/auth/login_check", {
      body: `username=nouveau%40darsi.tn&password=${encodeURIComponent(DEMO_PASSWORD)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ip: h.freshIp(),
    });
    expect(form.status).toBe(415);
    expect(form.json).toMatchObject({ code: "unsupported_media_type" });
    const multipart = await h.request("POST", "/api/auth/login_check", {
      body: `--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nnouveau@darsi.tn\r\n--x--\r\n`,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      ip: h.freshIp(),
    });
    expect(multipart.status).toBe(415);
    expect(multipart.json.code).toBe("unsupported_media_type");
  });

  it("passwords are stored as argon2id hashes, never in clear", async () => {
    const rows = await h.deps.db.select({ hash: users.passwordHash }).from(users);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const { hash } of rows) {
      expect(hash.startsWith("$argon2id$")).toBe(true);
      expect(hash).not.toContain(DEMO_PASSWORD);
    }
  });
});

describe("GET /api/auth/me and /api/auth/my-profile", () => {
  it("need a bearer token", async () => {
    for (const path of ["/api/auth/me", "/api/auth/my-profile"]) {
      const res = await h.request("GET", path);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: "Authentication required", code: "unauthorized" });
    }
  });

  it("my-profile has the same shape as me", async () => {
    const token = await h.login("nouveau@darsi.tn");
    const a = await me(token);
    const b = await h.request("GET", "/api/auth/my-profile", { token });
    expect(b.status).toBe(200);
    expect(b.json.payload).toEqual(a.json.payload);
    expect(a.json.payload).toMatchObject({ email: "nouveau@darsi.tn", points: 0, affiliations: [], permissions: { exam: false, forum: false } });
  });
});

describe("POST /api/auth/register", () => {
  const form = (over: Record<string, unknown> = {}) => ({
    name: "Salma",
    lastName: "Haddad",
    phone: "",
    email: "",
    birthDate: "02/09/2009",
    plainPassword: { first: "Secret#2026", second: "Secret#2026" },
    country: 1,
    state: 23,
    division: 12,
    optionalSubject: "",
    ...over,
  });
  const post = (body: unknown) => h.request("POST", "/api/auth/register", { body, ip: h.freshIp() });

  it("creates an unverified pupil, answers 201 with a session and sends the code by SMS", async () => {
    const res = await post(form({ phone: "+216 98 765 401", email: "Salma.Haddad@Example.tn", optionalSubject: 41 }));
    expect(res.status).toBe(201);
    expect(res.json.payload).toMatchObject({ user_type: "student" });
    const token = res.json.payload.token as string;

    const profile = await me(token);
    expect(profile.status).toBe(200);
    expect(profile.json.payload).toMatchObject({
      verified: false,
      name: "Salma",
      last_name: "Haddad",
      phone: "98765401",
      email: "salma.haddad@example.tn",
      birth_date: "2009-09-02",
      country: { id: 1, name: "Tunisie" },
      state: { id: 23, name: "Tunis" },
      division: { id: 12 },
      optional_subject: { id: 41 },
      points: 0,
      user_type: "student",
    });

    const [message] = await h.outbox();
    expect(message).toMatchObject({ to: "98765401", channel: "sms", kind: "verification" });
    expect(message!.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(message!.body).toContain(message!.code);
    expect(Number.isNaN(Date.parse(message!.created_at))).toBe(false);
  });

  it("the outbox lists messages newest first", async () => {
    const a = await h.register();
    const b = await h.register();
    const box = await h.outbox();
    const ia = box.findIndex((m) => m.to === a.phone);
    const ib = box.findIndex((m) => m.to === b.phone);
    expect(ib).toBeGreaterThanOrEqual(0);
    expect(ib).toBeLessThan(ia);
    for (let i = 1; i < box.length; i++) expect(Date.parse(box[i - 1]!.created_at)).toBeGreaterThanOrEqual(Date.parse(box[i]!.created_at));
  });

  it("a pupil abroad registers with an e-mail only and gets the code by e-mail", async () => {
    const res = await post(form({ email: "karim.abroad@example.fr", country: 7, state: "" }));
    expect(res.status).toBe(201);
    const profile = (await me(res.json.payload.token)).json.payload;
    expect(profile).toMatchObject({ phone: null, email: "karim.abroad@example.fr", country: { id: 7 }, state: null, verified: false });
    const [message] = await h.outbox();
    expect(message).toMatchObject({ to: "karim.abroad@example.fr", channel: "email", kind: "verification" });
  });

  it("stores the password as argon2id and only a keyed hash of the code", async () => {
    const s = await h.register();
    const row = await userBy(eq(users.id, s.id));
    expect(row.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(row.passwordHash).not.toContain(s.password);
    const codes = await h.deps.db.select().from(authCodes).where(eq(authCodes.userId, s.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(codes[0]!.codeHash).not.toBe(s.code);
    expect(codes[0]!.codeHash.toUpperCase()).not.toContain(s.code.toUpperCase());
  });

  it("a phone or e-mail already used → 422 account_already_used on that field, and nothing is created", async () => {
    const s = await h.register();
    const [before] = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(users);

    const phone = await post(form({ phone: `00216${s.phone}`, email: "other1@example.tn" }));
    expect(phone.status).toBe(422);
    expect(phone.json).toMatchObject({ code: "account_already_used", errors: { phone: ["account_already_used"] } });
    expect(phone.json.errors.email).toBeUndefined();

    const email = await post(form({ phone: "98765402", email: s.email.toUpperCase() }));
    expect(email.status).toBe(422);
    expect(email.json).toMatchObject({ code: "account_already_used", errors: { email: ["account_already_used"] } });
    expect(email.json.errors.phone).toBeUndefined();

    const both = await post(form({ phone: s.phone, email: s.email }));
    expect(both.json.errors).toEqual({ phone: ["account_already_used"], email: ["account_already_used"] });

    const demo = await post(form({ phone: "+21622000001" }));
    expect(demo.json.errors).toEqual({ phone: ["account_already_used"] });

    const [after] = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after!.n).toBe(before!.n);
  });

  it("unknown class, governorate, country or optional subject → 422 on that field", async () => {
    const division = await post(form({ phone: "98765403", division: 999 }));
    expect(division.status).toBe(422);
    expect(division.json).toMatchObject({ code: "division_invalid", errors: { division: ["division_invalid"] } });

    const state = await post(form({ phone: "98765403", state: 99 }));
    expect(state.status).toBe(422);
    expect(state.json).toMatchObject({ code: "state_invalid", errors: { state: ["state_invalid"] } });

    const country = await post(form({ phone: "98765403", country: 999, email: "x@example.tn", state: "" }));
    expect(country.status).toBe(422);
    expect(country.json.errors).toEqual({ country: ["country_invalid"] });

    // Option 71 belongs to 3ème Lettres (15), not to 3ème Mathématiques (12).
    const option = await post(form({ phone: "98765403", division: 12, optionalSubject: 71 }));
    expect(option.status).toBe(422);
    expect(option.json.errors).toEqual({ optionalSubject: ["optional_subject_invalid"] });

    const none = await loginReq("98765403", "Secret#2026");
    expect(none.status).toBe(401);
  });

  it("a governorate of another country is refused", async () => {
    const res = await post(form({ phone: "98765404", email: "abroad2@example.fr", country: 7, state: 23 }));
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ state: ["state_invalid"] });
  });

  it("schema violations → 422 with each field's code", async () => {
    const young = await post(form({ phone: "98765405", birthDate: "16/05/2018" }));
    expect(young.status).toBe(422);
    expect(young.json).toMatchObject({ code: "validation_failed", errors: { birthDate: ["birth_date_too_recent"] } });

    const oldest = await post(form({ phone: "98765405", birthDate: "15/05/2018" }));
    expect(oldest.status).toBe(201);

    const many = await post(
      form({ phone: "12345678", birthDate: "31/02/2010", state: "", plainPassword: { first: "abcdefg1!", second: "x" }, division: "" }),
    );
    expect(many.status).toBe(422);
    expect(many.json.errors).toMatchObject({
      birthDate: ["birth_date_invalid"],
      "plainPassword.first": ["password_weak"],
      "plainPassword.second": ["password_mismatch"],
      division: ["division_required"],
    });

    const tunisian = await post(form({ phone: "" }));
    expect(tunisian.json.errors).toEqual({ phone: ["phone_required"] });
    const abroad = await post(form({ country: 7, state: "" }));
    expect(abroad.json.errors).toEqual({ email: ["email_required"] });
    const noState = await post(form({ phone: "98765406", state: "" }));
    expect(noState.json.errors).toEqual({ state: ["state_required"] });
    const phone = await post(form({ phone: "2200000" }));
    expect(phone.json.errors).toEqual({ phone: ["phone_invalid"] });
  });
});

describe("POST /api/auth/confirm-registration", () => {
  it("verifies the account with the code (any letter case) and says so", async () => {
    const s = await h.register();
    expect((await me(s.token)).json.payload.verified).toBe(false);
    const res = await confirm(s.token, s.code.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ payload: { verified: true }, message: "You are verified" });
    expect((await me(s.token)).json.payload.verified).toBe(true);
  });

  it("needs the session of the account", async () => {
    const s = await h.register();
    const res = await h.request("POST", "/api/auth/confirm-registration", { query: { token: s.code } });
    expect(res.status).toBe(401);
    const other = await h.register();
    const cross = await confirm(other.token, s.code);
    expect(cross.status).toBe(422);
    expect(cross.json.errors).toEqual({ token: ["code_invalid"] });
    expect((await me(other.token)).json.payload.verified).toBe(false);
  });

  it("a malformed code → 422 on token without costing a try", async () => {
    const s = await h.register();
    for (const bad of ["12345", "1234567", "ABC-12"]) {
      const res = await confirm(s.token, bad);
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ token: ["code_invalid"] });
    }
    const empty = await h.request("POST", "/api/auth/confirm-registration", { token: s.token });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.json.errors)).toEqual(["token"]);
    const [row] = await h.deps.db.select().from(authCodes).where(eq(authCodes.userId, s.id));
    expect(row!.attempts).toBe(0);
    expect((await confirm(s.token, s.code)).status).toBe(200);
  });

  it("five wrong codes kill the code: the 5th answers code_too_many_tries, then even the right code fails", async () => {
    const s = await h.register();
    const wrong = s.code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    for (let i = 1; i <= 4; i++) {
      const res = await confirm(s.token, wrong);
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ code: "code_invalid", errors: { token: ["code_invalid"] } });
    }
    const fifth = await confirm(s.token, wrong);
    expect(fifth.status).toBe(422);
    expect(fifth.json).toMatchObject({ code: "code_too_many_tries", errors: { token: ["code_too_many_tries"] } });

    const right = await confirm(s.token, s.code);
    expect(right.status).toBe(422);
    expect(right.json.errors.token).toHaveLength(1);
    expect((await me(s.token)).json.payload.verified).toBe(false);
  });

  it("a code older than 10 minutes → code_expired; a new one works", async () => {
    const s = await h.register();
    await later(11 * MIN, async () => {
      const res = await confirm(s.token, s.code);
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ code: "code_expired", errors: { token: ["code_expired"] } });
      expect((await me(s.token)).json.payload.verified).toBe(false);

      expect((await h.request("GET", "/api/auth/resend-code", { token: s.token })).status).toBe(200);
      const fresh = await h.lastCode(s.phone, "verification");
      expect((await confirm(s.token, fresh)).status).toBe(200);
    });
    expect((await me(s.token)).json.payload.verified).toBe(true);
  });

  it("a code still works just before 10 minutes", async () => {
    const s = await h.register();
    await later(9 * MIN + 50_000, async () => {
      expect((await confirm(s.token, s.code)).status).toBe(200);
    });
  });

  it("a used code cannot be used again: the account is already verified → 409", async () => {
    const s = await h.register();
    expect((await confirm(s.token, s.code)).status).toBe(200);
    const again = await confirm(s.token, s.code);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: "already_verified", message: "You are verified" });
  });
});

describe("GET /api/auth/resend-code", () => {
  it("sends a new code; the previous one dies", async () => {
    const s = await h.register();
    const res = await h.request("GET", "/api/auth/resend-code", { token: s.token });
    expect(res.status).toBe(200);
    expect(res.json.payload).toEqual({ sent: true });
    const fresh = await h.lastCode(s.phone, "verification");
    const box = (await h.outbox()).filter((m) => m.to === s.phone);
    expect(box).toHaveLength(2);

    if (fresh !== s.code) {
      const old = await confirm(s.token, s.code);
      expect(old.status).toBe(422);
      expect(old.json.errors).toEqual({ token: ["code_invalid"] });
    }
    expect((await confirm(s.token, fresh)).status).toBe(200);
  });

  it("after verification → 409 already_verified and nothing is sent", async () => {
    const token = await h.login("nouveau@darsi.tn");
    const before = await messagesTo("22000002");
    const res = await h.request("GET", "/api/auth/resend-code", { token });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("already_verified");
    expect(await messagesTo("22000002")).toBe(before);
  });

  it("needs a session", async () => {
    expect((await h.request("GET", "/api/auth/resend-code")).status).toBe(401);
  });
});

describe("password reset: /api/auth/request-password and /api/auth/reset-password", () => {
  const reset = (body: Record<string, unknown>) => h.request("POST", "/api/auth/reset-password", { body, ip: h.freshIp() });

  it("POST ?credentiel=<phone> sends a reset code by SMS", async () => {
    const s = await h.register();
    const res = await h.request("POST", "/api/auth/request-password", { query: { credentiel: `+216${s.phone}` }, ip: h.freshIp() });
    expect(res.status).toBe(200);
    expect(res.json.payload).toEqual({ channel: "sms" });
    const [message] = await h.outbox();
    expect(message).toMatchObject({ to: s.phone, channel: "sms", kind: "reset" });
    expect(message!.code).toMatch(/^[A-Z0-9]{6}$/);
    const rows = await h.deps.db.select().from(authCodes).where(and(eq(authCodes.userId, s.id), eq(authCodes.purpose, "reset")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toBe(message!.code);
  });

  it("GET ?credentiel=<e-mail in any case> sends it by e-mail to an e-mail-only account", async () => {
    const email = `abroad.reset.${Date.now()}@example.fr`;
    const created = await h.request("POST", "/api/auth/register", {
      body: { name: "Nour", lastName: "Saidi", email, birthDate: "01/01/2008", plainPassword: { first: "Secret#2026", second: "Secret#2026" }, country: 7, division: 7 },
      ip: h.freshIp(),
    });
    expect(created.status).toBe(201);
    const res = await h.request("GET", "/api/auth/request-password", { query: { credentiel: email.toUpperCase() }, ip: h.freshIp() });
    expect(res.status).toBe(200);
    expect(res.json.payload).toEqual({ channel: "email" });
    expect((await h.outbox())[0]).toMatchObject({ to: email, channel: "email", kind: "reset" });
  });

  it("an unknown credential → 404 credential_unknown and nothing is sent", async () => {
    const before = (await h.outbox()).length;
    const res = await h.request("POST", "/api/auth/request-password", { query: { credentiel: "personne@darsi.tn" }, ip: h.freshIp() });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: "credential_unknown", errors: { credentiel: ["credential_unknown"] } });
    expect((await h.outbox()).length).toBe(before);
  });

  it("a malformed or missing credential → 422", async () => {
    const bad = await h.request("GET", "/api/auth/request-password", { query: { credentiel: "12345678" } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ credentiel: ["username_invalid"] });
    const none = await h.request("POST", "/api/auth/request-password");
    expect(none.status).toBe(422);
    expect(Object.keys(none.json.errors)).toEqual(["credentiel"]);
  });

  it("the code sets a new password: the new one signs in, the old one and every old session stop working", async () => {
    const s = await h.register();
    const other = await h.login(s.email, s.password);
    await h.request("POST", "/api/auth/request-password", { query: { credentiel: s.phone }, ip: h.freshIp() });
    const code = await h.lastCode(s.phone, "reset");

    const res = await reset({ token: code, credential: s.email, newPassword: "Nouveau#2027", retypePassword: "Nouveau#2027" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ payload: null, message: "Password changed" });

    expect((await me(s.token)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    const old = await loginReq(s.phone, s.password);
    expect(old.status).toBe(401);
    expect(old.json.code).toBe("invalid_credentials");
    const fresh = await loginReq(s.phone, "Nouveau#2027");
    expect(fresh.status).toBe(200);
    expect((await me(fresh.json.payload.token)).status).toBe(200);
    expect((await userBy(eq(users.id, s.id))).passwordHash.startsWith("$argon2id$")).toBe(true);
  });

  it("a reset code works once: reused → 422 code_invalid", async () => {
    const s = await h.register();
    await h.request("POST", "/api/auth/request-password", { query: { credentiel: s.phone }, ip: h.freshIp() });
    const code = await h.lastCode(s.phone, "reset");
    expect((await reset({ token: code, credential: s.phone, newPassword: "Nouveau#2027", retypePassword: "Nouveau#2027" })).status).toBe(200);
    const again = await reset({ token: code, credential: s.phone, newPassword: "Encore#2028x", retypePassword: "Encore#2028x" });
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({ code: "code_invalid", errors: { token: ["code_invalid"] } });
    expect((await loginReq(s.phone, "Nouveau#2027")).status).toBe(200);
  });

  it("rule violations → 422 codes, and they cost nothing: the code still works afterwards", async () => {
    const s = await h.register();
    await h.request("POST", "/api/auth/request-password", { query: { credentiel: s.phone }, ip: h.freshIp() });
    const code = await h.lastCode(s.phone, "reset");
    const attempt = (over: Record<string, unknown>) =>
      reset({ token: code, credential: s.phone, newPassword: "Nouveau#2027", retypePassword: "Nouveau#2027", ...over });

    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ newPassword: "Abbbbbb1!", retypePassword: "Abbbbbb1!" }, { newPassword: ["password_repeated"] }],
      [{ newPassword: "abcdefg1!", retypePassword: "abcdefg1!" }, { newPassword: ["password_weak"] }],
      [{ newPassword: "Ab1!xyz", retypePassword: "Ab1!xyz" }, { newPassword: ["password_length"] }],
      [{ newPassword: "Abcdefgh12345!@#X", retypePassword: "Abcdefgh12345!@#X" }, { newPassword: ["password_too_long"] }],
      [{ retypePassword: "Nouveau#2028" }, { retypePassword: ["password_mismatch"] }],
      [{ token: "ABC12" }, { token: ["code_invalid"] }],
      [{ credential: "12345678" }, { credential: ["username_invalid"] }],
    ];
    for (const [over, errors] of cases) {
      const res = await attempt(over);
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.json.code).toBe("validation_failed");
      expect(res.json.errors).toEqual(errors);
    }
    expect((await loginReq(s.phone, s.password)).status).toBe(200);
    expect((await attempt({})).status).toBe(200);
  });

  it("five wrong codes kill the reset code", async () => {
    const s = await h.register();
    await h.request("POST", "/api/auth/request-password", { query: { credentiel: s.phone }, ip: h.freshIp() });
    const code = await h.lastCode(s.phone, "reset");
    const wrong = code === "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ";
    const body = (token: string) => ({ token, credential: s.phone, newPassword: "Nouveau#2027", retypePassword: "Nouveau#2027" });
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await reset(body(wrong))).json.code);
    expect(codes).toEqual(["code_invalid", "code_invalid", "code_invalid", "code_invalid", "code_too_many_tries"]);
    const right = await reset(body(code));
    expect(right.status).toBe(422);
    expect((await loginReq(s.phone, "Nouveau#2027")).status).toBe(401);
    expect((await loginReq(s.phone, s.password)).status).toBe(200);
  });

  it("an expired reset code → code_expired; a new request kills the older code", async () => {
    const s = await h.register();
    await h.request("POST", "/api/auth/request-password", { query: { credentiel: s.phone }, ip: h.freshIp() });
    const first = await h.lastCode(s.phone, "reset");
    await later(11 * MIN, async () => {
      const res = await reset({ token: first, credential: s.phone, newPassword: "Nouveau#2027", retypePassword: "Nouveau#2027" });
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ code: "code_expired", errors: { token: ["code_expired"] } });
    });
    await h.request("GET", "/api/auth/request-password", { query: { credentiel: s.email }, ip: h.freshIp() });
    const second = await h.lastCode(s.phone, "reset");
    await h.request("GET", "/api/auth/request-password", { query: { credentiel: s.email }, ip: h.freshIp() });
    const third = await h.lastCode(s.phone, "reset");
    if (second !== third) {
      const stale = await reset({ token: second, credential: s.phone, newPassword: "Nouveau#2027", retypePassword: "Nouveau#2027" });
      expect(stale.json.code).toBe("code_invalid");
    }
    expect((await reset({ token: third, credential: s.phone, newPassword: "Nouveau#2027", retypePassword: "Nouveau#2027" })).status).toBe(200);
  });

  it("an unknown credential on reset → 422 code_invalid (no enumeration)", async () => {
    const res = await reset({ token: "ABC123", credential: "personne@darsi.tn", newPassword: "Nouveau#2027", retypePassword: "Nouveau#2027" });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ token: ["code_invalid"] });
  });

  it("an operator-expired password blocks login (403 password_expired) until reset with a code", async () => {
    const s = await h.register();
    await h.deps.db.update(users).set({ passwordExpired: true }).where(eq(users.id, s.id));
    const blocked = await loginReq(s.phone, s.password);
    expect(blocked.status).toBe(403);
    expect(blocked.json.code).toBe("password_expired");
    await h.request("POST", "/api/auth/request-password", { query: { credentiel: s.phone }, ip: h.freshIp() });
    const code = await h.lastCode(s.phone, "reset");
    expect((await reset({ token: code, credential: s.phone, newPassword: "Nouveau#2027", retypePassword: "Nouveau#2027" })).status).toBe(200);
    expect((await loginReq(s.phone, "Nouveau#2027")).status).toBe(200);
  });
});

describe("PUT /api/user/change-password", () => {
  const change = (token: string, body: Record<string, unknown>) => h.request("PUT", "/api/user/change-password", { token, body });

  it("a wrong old password → 422 errors.oldPassword old_password_wrong; nothing changes", async () => {
    const s = await h.registerVerified();
    const res = await change(s.token, { oldPassword: "Faux#2026x", newPassword: "Nouveau#2027", new_password_confirmation: "Nouveau#2027" });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: "old_password_wrong", errors: { oldPassword: ["old_password_wrong"] } });
    expect((await me(s.token)).status).toBe(200);
    expect((await loginReq(s.phone, s.password)).status).toBe(200);
  });

  it("success returns a new token; the old token and other sessions end; the new password signs in", async () => {
    const s = await h.registerVerified();
    const second = await h.login(s.phone, s.password);
    const res = await change(s.token, { oldPassword: s.password, newPassword: "Nouveau#2027", new_password_confirmation: "Nouveau#2027" });
    expect(res.status).toBe(200);
    const fresh = res.json.payload.token as string;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(s.token);
    expect(Date.parse(res.json.payload.expires_at)).toBeGreaterThan(clock.now().getTime());

    const old = await me(s.token);
    expect(old.status).toBe(401);
    expect(old.json.code).toBe("unauthorized");
    expect((await me(second)).status).toBe(401);
    const now = await me(fresh);
    expect(now.status).toBe(200);
    expect(now.json.payload.id).toBe(s.id);
    expect(await liveSessions(s.id)).toBe(1);

    expect((await loginReq(s.phone, s.password)).status).toBe(401);
    expect((await loginReq(s.phone, "Nouveau#2027")).status).toBe(200);
  });

  it("clears a forced password change", async () => {
    const s = await h.registerVerified();
    await h.deps.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, s.id));
    expect((await me(s.token)).json.payload.permissions.changePassword).toBe(true);
    const res = await change(s.token, { oldPassword: s.password, newPassword: "Nouveau#2027", new_password_confirmation: "Nouveau#2027" });
    expect(res.status).toBe(200);
    expect((await me(res.json.payload.token)).json.payload.permissions.changePassword).toBe(false);
  });

  it("rule violations → 422 with the field codes", async () => {
    const s = await h.registerVerified();
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ newPassword: s.password, new_password_confirmation: s.password }, { newPassword: ["password_same_as_old"] }],
      [{ new_password_confirmation: "Nouveau#2028" }, { new_password_confirmation: ["new_password_mismatch"] }],
      [{ newPassword: "Abbb1!cd", new_password_confirmation: "Abbb1!cd" }, { newPassword: ["password_repeated"] }],
      [{ newPassword: "Abcdefgh12345!@#X", new_password_confirmation: "Abcdefgh12345!@#X" }, { newPassword: ["password_too_long"] }],
      [{ oldPassword: "Abcdefgh12345!@#X" }, { oldPassword: ["password_too_long"] }],
      [{ newPassword: "abcdefg1!", new_password_confirmation: "abcdefg1!" }, { newPassword: ["password_weak"] }],
      [{ oldPassword: "" }, { oldPassword: ["old_password_required"] }],
    ];
    for (const [over, errors] of cases) {
      const res = await change(s.token, { oldPassword: s.password, newPassword: "Nouveau#2027", new_password_confirmation: "Nouveau#2027", ...over });
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.json.errors).toEqual(errors);
    }
    expect((await me(s.token)).status).toBe(200);
  });

  it("needs a session", async () => {
    const res = h.request("PUT", "/api/user/change-password", {
      body: { oldPassword: DEMO_PASSWORD, newPassword: "Nouveau#2027", new_password_confirmation: "Nouveau#2027" },
    });
    expect((await res).status).toBe(401);
  });

  it("a test account cannot change its password, except under admin impersonation", async () => {
    const s = await h.registerVerified();
    await h.deps.db.update(users).set({ isTest: true }).where(eq(users.id, s.id));
    const body = { oldPassword: s.password, newPassword: "Nouveau#2027", new_password_confirmation: "Nouveau#2027" };
    const refused = await change(s.token, body);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("test_account");

    const link = await createImpersonation(h.deps, s.phone);
    const sw = await h.request("POST", "/api/auth/switch", { body: { token: link.token, adminId: link.adminId, userId: link.userId } });
    const res = await change(sw.json.payload.token, body);
    expect(res.status).toBe(200);
    expect((await me(res.json.payload.token)).json.payload.adminId).toBe(link.adminId);
  });
});

describe("GET /api/auth/logout", () => {
  it("ends this session only", async () => {
    const s = await h.register();
    const other = await h.login(s.phone, s.password);
    const res = await h.request("GET", "/api/auth/logout", { token: s.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ payload: null });
    // The browser drops its HTTP cache of the origin: this pupil's media are not served to the next one from it.
    expect(res.headers.get("clear-site-data")).toBe('"cache"');
    const after = await me(s.token);
    expect(after.status).toBe(401);
    expect(after.json.code).toBe("unauthorized");
    expect((await h.request("GET", "/api/auth/logout", { token: s.token })).status).toBe(401);
    expect((await me(other)).status).toBe(200);
  });

  it("needs a session", async () => {
    expect((await h.request("GET", "/api/auth/logout")).status).toBe(401);
  });
});

describe("bearer tokens", () => {
  const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  let token: string;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    token = (await h.register()).token;
    claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
  });

  it("the genuine token works and carries a session id, not the password", async () => {
    expect((await me(token)).status).toBe(200);
    expect(claims).toMatchObject({ sub: expect.any(String), sid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(JSON.stringify(claims)).not.toContain(DEMO_PASSWORD);
  });

  it("a tampered signature → 401", async () => {
    const [head, body, sig] = token.split(".") as [string, string, string];
    const mid = Math.floor(sig.length / 2);
    const flipped = sig.slice(0, mid) + (sig[mid] === "A" ? "B" : "A") + sig.slice(mid + 1);
    expect((await me(`${head}.${body}.${flipped}`)).status).toBe(401);
  });

  it("a tampered payload with the original signature → 401", async () => {
    const [head, , sig] = token.split(".") as [string, string, string];
    expect((await me(`${head}.${b64url({ ...claims, sub: "1" })}.${sig}`)).status).toBe(401);
  });

  it("alg none → 401", async () => {
    const forged = `${b64url({ alg: "none", typ: "JWT" })}.${b64url(claims)}.`;
    expect((await me(forged)).status).toBe(401);
    expect((await me(forged.slice(0, -1))).status).toBe(401);
  });

  it("another algorithm, even with the right key → 401 (allowlist)", async () => {
    const hs512 = await sign(claims as never, h.deps.secret, "HS512");
    expect((await me(hs512)).status).toBe(401);
  });

  it("signed with another key → 401", async () => {
    expect((await me(await sign(claims as never, "x".repeat(64), "HS256"))).status).toBe(401);
  });

  it("a well-signed token without a live session, or naming another user → 401", async () => {
    const unknownSid = await sign({ ...claims, sid: "00000000-0000-4000-8000-000000000000" } as never, h.deps.secret, "HS256");
    expect((await me(unknownSid)).status).toBe(401);
    const otherSub = await sign({ ...claims, sub: "1" } as never, h.deps.secret, "HS256");
    expect((await me(otherSub)).status).toBe(401);
  });

  it("garbage and other schemes → 401", async () => {
    for (const header of ["Bearer garbage", "Bearer a.b.c", "Bearer ", `Basic ${token}`, token, "Bearer ...."]) {
      const res = await h.request("GET", "/api/auth/me", { headers: { authorization: header } });
      expect(res.status, header).toBe(401);
      expect(res.json.code).toBe("unauthorized");
    }
  });

  it("a token issued by a server whose clock runs ahead (another API process) is accepted", async () => {
    const s = await h.register();
    await later(5 * MIN, async () => {
      const res = await loginReq(s.phone, s.password);
      expect(res.status).toBe(200);
      expect((await me(res.json.payload.token)).status).toBe(200);
    });
  });

  it("a session past its lifetime → 401", async () => {
    const t = (await h.register()).token;
    await later(721 * 60 * MIN, async () => {
      expect((await me(t)).status).toBe(401);
    });
    expect((await me(t)).status).toBe(200);
  });
});

describe("POST /api/auth/switch (admin impersonation)", () => {
  const exchange = (link: { token: string; adminId: number; userId: number }) =>
    h.request("POST", "/api/auth/switch", { body: { token: link.token, adminId: link.adminId, userId: link.userId }, ip: h.freshIp() });

  it("exchanges a one-time link for a session marked with the admin id", async () => {
    const link = await createImpersonation(h.deps, "nouveau@darsi.tn");
    const res = await exchange(link);
    expect(res.status).toBe(200);
    expect(res.json.payload).toMatchObject({ user_type: "student", admin_user_id: link.adminId });
    const profile = (await me(res.json.payload.token)).json.payload;
    expect(profile).toMatchObject({ email: "nouveau@darsi.tn", id: link.userId, adminId: link.adminId });
    const admin = await userBy(eq(users.id, link.adminId));
    expect(admin.userType).toBe("admin");
  });

  it("the same link a second time → 401 token_invalid", async () => {
    const link = await createImpersonation(h.deps, "nouveau@darsi.tn");
    expect((await exchange(link)).status).toBe(200);
    const again = await exchange(link);
    expect(again.status).toBe(401);
    expect(again.json.code).toBe("token_invalid");
  });

  it("a link older than 60 s → 401", async () => {
    const link = await createImpersonation(h.deps, "nouveau@darsi.tn");
    await later(61_000, async () => {
      const res = await exchange(link);
      expect(res.status).toBe(401);
      expect(res.json.code).toBe("token_invalid");
    });
  });

  it("a link for another user or admin id → 401, and the genuine link still works", async () => {
    const link = await createImpersonation(h.deps, "nouveau@darsi.tn");
    expect((await exchange({ ...link, userId: link.userId + 1 })).status).toBe(401);
    expect((await exchange({ ...link, adminId: link.userId })).status).toBe(401);
    expect((await exchange({ ...link, token: link.token.slice(0, -2) + "xx" })).status).toBe(401);
    expect((await exchange(link)).status).toBe(200);
  });

  it("a malformed body → 422", async () => {
    const res = await h.request("POST", "/api/auth/switch", { body: { token: "short", adminId: 1, userId: 2 } });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ token: ["token_invalid"] });
  });

  it("links for unknown users are refused at creation", async () => {
    await expect(createImpersonation(h.deps, "personne@darsi.tn")).rejects.toMatchObject({ status: 404, code: "credential_unknown" });
  });
});

describe("rate limits", () => {
  it("login beyond 30 attempts per 10 minutes from one client → 429 with a numeric Retry-After; no session is opened", async () => {
    const ip = h.freshIp();
    for (let i = 0; i < 30; i++) {
      const res = await loginReq(`ghost${i}@darsi.tn`, "Wrong#2026", ip);
      expect(res.status).toBe(401);
    }
    const s = await h.register();
    const before = await liveSessions(s.id);
    const refused = await loginReq(s.phone, s.password, ip);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ message: "Too many requests", code: "rate_limited" });
    const retryAfter = refused.headers.get("retry-after");
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(600);
    expect(await liveSessions(s.id)).toBe(before);

    expect((await loginReq(s.phone, s.password)).status).toBe(200);
    await later(11 * MIN, async () => {
      expect((await loginReq(s.phone, s.password, ip)).status).toBe(200);
    });
  });

  it("login beyond 10 attempts per account, from any client → 429", async () => {
    const s = await h.register();
    for (let i = 0; i < 10; i++) expect((await loginReq(s.phone, "Wrong#2026")).status).toBe(401);
    const before = await liveSessions(s.id);
    const refused = await loginReq(`+216${s.phone}`, s.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await liveSessions(s.id)).toBe(before);
  });

  it("resend-code beyond 3 per 10 minutes → 429; the refused request sends nothing and the last code still works", async () => {
    const s = await h.register();
    for (let i = 0; i < 3; i++) expect((await h.request("GET", "/api/auth/resend-code", { token: s.token, ip: h.freshIp() })).status).toBe(200);
    const last = await h.lastCode(s.phone, "verification");
    const sent = await messagesTo(s.phone);
    const refused = await h.request("GET", "/api/auth/resend-code", { token: s.token, ip: h.freshIp() });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe("rate_limited");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await messagesTo(s.phone)).toBe(sent);
    expect((await confirm(s.token, last)).status).toBe(200);
  });

  it("request-password beyond 3 per 10 minutes for one account → 429", async () => {
    const s = await h.register();
    for (let i = 0; i < 3; i++) {
      const res = await h.request("POST", "/api/auth/request-password", { query: { credentiel: i % 2 ? s.phone : `00216${s.phone}` }, ip: h.freshIp() });
      expect(res.status).toBe(200);
    }
    const sent = await messagesTo(s.phone);
    const refused = await h.request("GET", "/api/auth/request-password", { query: { credentiel: `+216${s.phone}` }, ip: h.freshIp() });
    expect(refused.status).toBe(429);
    expect(await messagesTo(s.phone)).toBe(sent);
  });

  it("registration beyond 10 per hour from one client → 429 and no account", async () => {
    const ip = h.freshIp();
    const body = (n: number) => ({
      name: "Rania",
      lastName: "Masmoudi",
      phone: `9${String(4_000_000 + n).padStart(7, "0")}`,
      birthDate: "01/01/2010",
      plainPassword: { first: "Secret#2026", second: "Secret#2026" },
      country: 1,
      state: 1,
      division: 6,
    });
    for (let n = 0; n < 10; n++) expect((await h.request("POST", "/api/auth/register", { body: body(n), ip })).status).toBe(201);
    const refused = await h.request("POST", "/api/auth/register", { body: body(10), ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const rows = await h.deps.db.select().from(users).where(eq(users.phone, body(10).phone));
    expect(rows).toHaveLength(0);
  });
});

describe("bot check (BOT_CHECK=altcha)", () => {
  let b: TestServer;
  beforeAll(async () => {
    b = await startTestServer({ botCheck: "altcha" });
  });
  afterAll(async () => {
    await b?.close();
  });

  async function solvedPayload(): Promise<string> {
    const res = await b.request("GET", "/api/auth/challenge");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const c = res.json.payload as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
    const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    expect(solution).not.toBeNull();
    return Buffer.from(
      JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution!.number, salt: c.salt, signature: c.signature }),
    ).toString("base64");
  }
  const login = (extra: Record<string, unknown>) =>
    b.request("POST", "/api/auth/login_check", { body: { username: "eleve@darsi.tn", password: DEMO_PASSWORD, ...extra }, ip: b.freshIp() });

  it("the client config announces the mode; with BOT_CHECK=off there is no challenge", async () => {
    expect((await b.request("GET", "/api/config")).json.payload.botCheck).toBe("altcha");
    expect((await h.request("GET", "/api/config")).json.payload.botCheck).toBe("off");
    expect((await h.request("GET", "/api/auth/challenge")).json.payload).toBeNull();
  });

  it("login without g-recaptcha-response → 403 bot_check_failed", async () => {
    const res = await login({});
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: "Bot check failed", code: "bot_check_failed" });
  });

  it("a forged or wrong solution → 403", async () => {
    expect((await login({ "g-recaptcha-response": "not-base64-json" })).status).toBe(403);
    const good = JSON.parse(Buffer.from(await solvedPayload(), "base64").toString()) as { number: number };
    const wrong = Buffer.from(JSON.stringify({ ...good, number: good.number + 1 })).toString("base64");
    expect((await login({ "g-recaptcha-response": wrong })).status).toBe(403);
  });

  it("a real solution → 200; replaying the same payload → 403", async () => {
    const payload = await solvedPayload();
    const ok = await login({ "g-recaptcha-response": payload });
    expect(ok.status).toBe(200);
    expect(ok.json.payload.token).toBeTruthy();
    const replay = await login({ "g-recaptcha-response": payload });
    expect(replay.status).toBe(403);
    expect(replay.json.code).toBe("bot_check_failed");
  });

  it("registration is guarded too: refused without a solution, and no account is created", async () => {
    const body = {
      name: "Ines",
      lastName: "Jaziri",
      phone: "98111222",
      birthDate: "01/01/2010",
      plainPassword: { first: "Secret#2026", second: "Secret#2026" },
      country: 1,
      state: 1,
      division: 6,
    };
    const refused = await b.request("POST", "/api/auth/register", { body, ip: b.freshIp() });
    expect(refused.status).toBe(403);
    expect(await b.deps.db.select().from(users).where(eq(users.phone, "98111222"))).toHaveLength(0);
    const ok = await b.request("POST", "/api/auth/register", { body: { ...body, "g-recaptcha-response": await solvedPayload() }, ip: b.freshIp() });
    expect(ok.status).toBe(201);
  });
});
