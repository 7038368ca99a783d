/**
 * The account gates of SPEC §2, enforced by the server (issue 8 item 1): an unverified account (403 not_verified), one
 * that must change its password (403 password_change_required) and a social account with an incomplete profile
 * (403 profile_incomplete) are stopped on every operation but those each gate needs (`RouteDef.passGates`), in the
 * services outside /api too (progress post and websocket, quiz, analytics). Admin impersonation passes (SPEC §6).
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chapters, contents, subjects, users } from "../../server/db/schema";
import { apiRoutes } from "../../server/routes";
import { createImpersonation } from "../../server/services/auth/impersonation";
import { authorizeProgressSocket } from "../../server/services/progress/position";
import { AppError } from "../../server/lib/errors";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let lesson: { contentId: number; chapterId: number; subjectId: number; subject: string; chapter: string; slug: string };

beforeAll(async () => {
  h = await startTestServer();
  const [row] = await h.deps.db
    .select({ contentId: contents.id, chapterId: chapters.id, subjectId: subjects.id, subject: subjects.slug, chapter: chapters.slug, slug: contents.slug })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, 18), eq(contents.isFree, true), isNotNull(contents.durationS)))
    .limit(1);
  lesson = row!;
});
afterAll(async () => {
  await h?.close();
});

const PROGRESS_KEY = { "x-api-key": "darsi-web-progress" };

/** Operations a pupil uses every day, across /api and the services. */
function everyday(token: string) {
  const lessonPath = `/api/student/subjects/${lesson.subject}/chapters/${lesson.chapter}/contents/${lesson.slug}`;
  return [
    ["subjects", () => h.request("GET", "/api/student/subjects", { token })],
    ["lesson", () => h.request("GET", lessonPath, { token })],
    ["bookmark", () => h.request("POST", `/api/user/subjects/${lesson.subject}/chapters/${lesson.chapter}/contents/${lesson.slug}/bookmark`, { token, body: {} })],
    ["video report", () => h.request("POST", "/api/student/video-reports", { token, body: { content: lesson.contentId, reportReason: 1, description: "Le son coupe" } })],
    ["progress", () => h.request("POST", "/svc/progress/progress", { token, headers: PROGRESS_KEY, body: { contentId: lesson.contentId, chapterId: lesson.chapterId, subjectId: lesson.subjectId, lastWatchedSecond: 3 } })],
    ["reaction", () => h.request("POST", "/svc/analytics/reactions", { token, body: { content_id: lesson.contentId, reaction_type: "love" } })],
    ["quiz login", () => h.request("POST", "/svc/quiz/login", { token })],
  ] as const;
}

async function expectStopped(token: string, code: string) {
  for (const [name, call] of everyday(token)) {
    const res = await call();
    expect(res.status, `${name}: ${res.text}`).toBe(403);
    expect(res.json, name).toEqual({ message: expect.any(String), code });
  }
  const socket = await authorizeProgressSocket(h.deps, token, lesson.contentId).then(
    () => null,
    (err: unknown) => err,
  );
  expect(socket).toBeInstanceOf(AppError);
  expect((socket as AppError).status).toBe(403);
  expect((socket as AppError).code).toBe(code);
}

const me = (token: string) => h.request("GET", "/api/auth/me", { token });

describe("an unverified account", () => {
  let s: NewStudent;
  beforeAll(async () => {
    s = await h.register();
  });

  it("is stopped with 403 not_verified on lessons, bookmarks, reports, progress, the websocket, reactions and the quiz service", async () => {
    await expectStopped(s.token, "not_verified");
  });

  it("still reads its account and profile, gets a new code, and may log out (the /confirm step)", async () => {
    expect((await me(s.token)).json.payload.verified).toBe(false);
    expect((await h.request("GET", "/api/auth/my-profile", { token: s.token })).status).toBe(200);
    expect((await h.request("GET", "/api/config")).status).toBe(200);
    const resend = await h.request("GET", "/api/auth/resend-code", { token: s.token, ip: h.freshIp() });
    expect(resend.status, resend.text).toBe(200);
    const other = await h.login(s.phone, s.password);
    expect((await h.request("GET", "/api/auth/logout", { token: other })).status).toBe(200);
    expect((await me(other)).status).toBe(401);
  });

  it("is let through once the code confirms the account, with the same token", async () => {
    const code = await h.lastCode(s.phone, "verification");
    const confirm = await h.request("POST", "/api/auth/confirm-registration", { token: s.token, query: { token: code }, ip: h.freshIp() });
    expect(confirm.status, confirm.text).toBe(200);
    expect((await h.request("GET", "/api/student/subjects", { token: s.token })).status).toBe(200);
    const progress = everyday(s.token).find(([name]) => name === "progress")![1];
    expect((await progress()).status).toBe(200);
  });
});

describe("an account that must change its password", () => {
  it("is stopped with 403 password_change_required but may change it, and is let through with the new token", async () => {
    const s = await h.registerVerified();
    const quizBefore = (await h.request("POST", "/svc/quiz/login", { token: s.token })).json.payload.token as string;
    await h.deps.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, s.id));
    await expectStopped(s.token, "password_change_required");
    // A quiz token taken before the order is stopped too.
    const quiz = await h.request("GET", "/svc/quiz/quizzes/1", { token: quizBefore });
    expect(quiz.status).toBe(403);
    expect(quiz.json.code).toBe("password_change_required");
    expect((await me(s.token)).json.payload.permissions.changePassword).toBe(true);

    const change = await h.request("PUT", "/api/user/change-password", {
      token: s.token,
      body: { oldPassword: s.password, newPassword: "Nouveau#2027", new_password_confirmation: "Nouveau#2027" },
    });
    expect(change.status, change.text).toBe(200);
    expect((await h.request("GET", "/api/student/subjects", { token: change.json.payload.token })).status).toBe(200);
  });

  it("when also unverified, is led to the first gate: not_verified, and the verification step stays open", async () => {
    const s = await h.register();
    await h.deps.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, s.id));
    expect((await h.request("GET", "/api/student/subjects", { token: s.token })).json.code).toBe("not_verified");
    // The password change comes after verification (the app's order: /confirm, then /update-password).
    const change = await h.request("PUT", "/api/user/change-password", {
      token: s.token,
      body: { oldPassword: s.password, newPassword: "Nouveau#2027", new_password_confirmation: "Nouveau#2027" },
    });
    expect(change.status).toBe(403);
    expect(change.json.code).toBe("not_verified");
    const confirm = await h.request("POST", "/api/auth/confirm-registration", { token: s.token, query: { token: s.code }, ip: h.freshIp() });
    expect(confirm.status, confirm.text).toBe(200);
    expect((await h.request("GET", "/api/student/subjects", { token: s.token })).json.code).toBe("password_change_required");
  });
});

describe("a social account with an incomplete profile", () => {
  it("is stopped with 403 profile_incomplete but reads its profile; a completed one goes through", async () => {
    const s = await h.registerVerified();
    await h.deps.db.update(users).set({ googleId: `g-${s.id}`, completed: false }).where(eq(users.id, s.id));
    await expectStopped(s.token, "profile_incomplete");
    expect((await me(s.token)).status).toBe(200);
    expect((await h.request("GET", "/api/auth/my-profile", { token: s.token })).status).toBe(200);
    await h.deps.db.update(users).set({ completed: true }).where(eq(users.id, s.id));
    expect((await h.request("GET", "/api/student/subjects", { token: s.token })).status).toBe(200);
  });
});

describe("admin impersonation", () => {
  it("passes every gate (SPEC §2, §6)", async () => {
    const s = await h.register();
    await h.deps.db.update(users).set({ mustChangePassword: true, googleId: `g-${s.id}`, completed: false }).where(eq(users.id, s.id));
    const link = await createImpersonation(h.deps, s.phone);
    const sw = await h.request("POST", "/api/auth/switch", { body: { token: link.token, adminId: link.adminId, userId: link.userId } });
    expect(sw.status, sw.text).toBe(200);
    const token = sw.json.payload.token as string;
    for (const [name, call] of everyday(token)) {
      const res = await call();
      expect(res.status, `${name}: ${res.text}`).toBeLessThan(300);
    }
    await expect(authorizeProgressSocket(h.deps, token, lesson.contentId)).resolves.toMatchObject({ auth: { userId: s.id } });
  });
});

describe("declarations", () => {
  it("only the account, logout and each gate's own step stay open through a gate, and the API description says so", async () => {
    const routes = apiRoutes(h.deps.env).filter((r) => r.auth !== "none");
    const open = (gate: string) =>
      routes
        .filter((r) => r.passGates?.includes(gate as never))
        .map((r) => `${r.method.toUpperCase()} ${r.path}`)
        .sort();
    // Logout and its step that forgets the device's push token; the social sign-in's return (optional auth: it signs in
    // whoever comes back from the provider, whatever token the device still holds).
    const account = ["GET /auth/logout", "POST /user/delete-notification-token", "GET /auth/me", "GET /auth/my-profile", "GET /auth/social/{provider}/callback"];
    expect(open("unverified")).toEqual([...account, "GET /auth/resend-code", "POST /auth/confirm-registration"].sort());
    expect(open("password_change")).toEqual([...account, "GET /auth/resend-code", "POST /auth/confirm-registration", "PUT /user/change-password"].sort());
    const doc = (await h.request("GET", "/api/openapi.json")).json;
    expect(doc.paths["/auth/me"].get["x-pass-gates"]).toEqual(["unverified", "password_change", "incomplete_profile"]);
    expect(doc.paths["/student/subjects"].get["x-pass-gates"]).toEqual([]);
  });
});

describe("the Authorization scheme", () => {
  it("is case-insensitive (RFC 9110): bearer, BEARER and extra spaces work on the API and the quiz service; other schemes do not", async () => {
    const s = await h.registerVerified();
    for (const header of [`bearer ${s.token}`, `BEARER ${s.token}`, `Bearer   ${s.token}`, `bEaReR\t${s.token}`]) {
      const res = await h.request("GET", "/api/auth/me", { headers: { authorization: header } });
      expect(res.status, header.slice(0, 10)).toBe(200);
    }
    for (const header of [`Basic ${s.token}`, `Bearer`, `Bearer ${s.token} extra`, s.token]) {
      expect((await h.request("GET", "/api/auth/me", { headers: { authorization: header } })).status).toBe(401);
    }
    const quizToken = (await h.request("POST", "/svc/quiz/login", { headers: { authorization: `bearer ${s.token}` } })).json.payload.token as string;
    const quiz = await h.request("GET", "/svc/quiz/quizzes/999999", { headers: { authorization: `bearer ${quizToken}` } });
    expect(quiz.json.code).not.toBe("quiz_token_invalid");
  });
});
