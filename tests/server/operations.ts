/**
 * The operations of `/api/openapi.json` and one valid call of each, shared by the generated suites
 * (`authz-matrix.test.ts`, `bad-input.test.ts`). Importing this module starts a test server (`h`, rate limits
 * raised) with its world: pupil A (the demo Gold pupil), pupil B (registered here in another class, with private
 * data), the demo parent and teacher, fresh unverified pupils, the operator impersonating A.
 *
 * `FIXTURES` holds one entry per operationId: `mine` builds the call on pupil A's resources (a subject, chapter,
 * lesson, quiz of A's class; inputs that are the caller's own, like credentials, come from the actor's account),
 * `other` the same call on pupil B's ids (B is in another class), or `null` when the operation takes nobody's ids.
 * A new route needs its entry here: the suites fail on an operation without one.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Outcome, Role } from "../../server/lib/access";
import { issueToken } from "../../server/lib/auth";
import { createImpersonation, exchangeImpersonation } from "../../server/services/auth/impersonation";
import { createTabletCode, enableTablet } from "../../server/services/tablet/devices";
import { DEMO_PASSWORD, startTestServer, type TestResponse } from "./harness";
import { offersFixtures } from "./fixtures/offers";
import { examsFixtures } from "./fixtures/exams";
import { eventsFixtures } from "./fixtures/events";
import { notificationsFixtures } from "./fixtures/notifications";
import { profileFixtures } from "./fixtures/profile";
import { accountFixtures } from "./fixtures/account";
import { operatorFixtures } from "./fixtures/operator";
import { transfersFixtures } from "./fixtures/transfers";
import { walletFixtures } from "./fixtures/wallet";
import { referralFixtures } from "./fixtures/referral";
import { progressFixtures } from "./fixtures/progress";
import { tabletFixtures } from "./fixtures/tablet";

// Rate limits are tested elsewhere; here every cell must reach its route's rules.
// SOCIAL_SANDBOX: the sign-in providers are offered, so that starting a round trip is a success (it only builds the
// provider's URL; nothing listens there and nothing is called).
export const h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "1000", SOCIAL_SANDBOX: "http://127.0.0.1:9" } });

type Json = Record<string, unknown>;

/** One operation of the OpenAPI document. */
export interface Operation {
  operationId: string;
  method: string;
  /** Full path template, `/api/...` or `/svc/...`. */
  template: string;
  access: Readonly<Record<Role, Outcome>>;
  passGates: string[] | undefined;
  /** "required" for an operation that moves money (RouteDef.idempotency): refused without an Idempotency-Key. */
  idempotency: "required" | undefined;
}

const spec = (await h.request("GET", "/api/openapi.json")).json as Json;
export const operations: Operation[] = Object.entries(spec.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) => {
  const servers = (item as { servers?: Array<{ url: string }> }).servers;
  const base = servers?.[0]?.url === "/" ? "" : String((spec.servers as Array<{ url: string }>)[0]!.url);
  return Object.entries(item)
    .filter(([method]) => ["get", "post", "put", "delete", "patch"].includes(method))
    .map(([method, op]) => ({
      operationId: String(op.operationId),
      method: method.toUpperCase(),
      template: base + path,
      access: op["x-access"] as Readonly<Record<Role, Outcome>>,
      passGates: op["x-pass-gates"] as string[] | undefined,
      idempotency: op["x-idempotency"] as "required" | undefined,
    }));
});

// ---------------------------------------------------------------------------------------------------------------
// The world: pupil A (the demo Gold pupil), pupil B (registered here, in another class, with private data), the
// demo parent and teacher, fresh unverified pupils, and the operator impersonating A.

interface Account {
  id: number;
  login: string;
  /** The current password (a cell that changes it updates this). */
  password: string;
  /** Where the account's codes are sent (its phone, else its e-mail). */
  codeTo: string;
  /** The verification code of an unverified account. */
  code?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows of the catalogue
const rows = async (query: ReturnType<typeof sql>): Promise<any[]> => ((await h.deps.db.execute(query)) as unknown as { rows: any[] }).rows;

const userId = async (email: string) => Number((await rows(sql`select id from users where email = ${email}`))[0].id);

const A: Account = { id: await userId("eleve@darsi.tn"), login: "eleve@darsi.tn", codeTo: "22000001", password: DEMO_PASSWORD };
const PARENT: Account = { id: await userId("parent@darsi.tn"), login: "parent@darsi.tn", codeTo: "22000005", password: DEMO_PASSWORD };
const TEACHER: Account = { id: await userId("prof@darsi.tn"), login: "prof@darsi.tn", codeTo: "22000004", password: DEMO_PASSWORD };
const A_DIVISION = 18;

/** Resources of a class: a subject with a course chapter and an unlocked (for A) or free lesson, a recording chapter, a quiz. */
export interface ClassResources {
  subject: string;
  subjectId: number;
  chapter: string;
  chapterId: number;
  lesson: string;
  lessonId: number;
  recordingChapter: string;
  quizId: number;
  answers: Array<{ question_id: number; choice_ids: number[] }>;
}

async function classResources(division: number, excludeSlugsOf: number | null): Promise<ClassResources> {
  const exclude = excludeSlugsOf === null ? sql`` : sql`and s.slug not in (select slug from subjects where division_id = ${excludeSlugsOf})`;
  const [lesson] = await rows(sql`
    select s.slug as subject, s.id as subject_id, ch.slug as chapter, ch.id as chapter_id, c.slug as lesson, c.id as lesson_id
    from contents c join chapters ch on ch.id = c.chapter_id join subjects s on s.id = ch.subject_id
    where s.division_id = ${division} and s.visible and s.active and ch.type = 'course' and c.type_id in (1, 2, 3) ${exclude}
    order by c.is_free desc, s.position, ch.position, c.position limit 1`);
  const recExclude = excludeSlugsOf === null ? sql`` : sql`and ch.slug not in (select ch2.slug from chapters ch2 join subjects s2 on s2.id = ch2.subject_id where s2.division_id = ${excludeSlugsOf})`;
  const [recording] = await rows(sql`
    select ch.slug from chapters ch join subjects s on s.id = ch.subject_id
    where s.division_id = ${division} and s.visible and s.active and ch.type = 'recording' ${recExclude}
    order by s.position, ch.position limit 1`);
  const [quiz] = await rows(sql`
    select c.qcm_id from contents c join chapters ch on ch.id = c.chapter_id join subjects s on s.id = ch.subject_id
    where s.division_id = ${division} and s.visible and s.active and c.qcm_id is not null
    order by c.is_free desc, s.position, ch.position, c.position limit 1`);
  if (!lesson || !recording || !quiz) throw new Error(`class ${division}: no lesson, recording chapter or quiz to test with`);
  const choices = await rows(sql`
    select q.id as question_id, min(ch.id) as choice_id from quiz_questions q join quiz_choices ch on ch.question_id = q.id
    where q.quiz_id = ${quiz.qcm_id} group by q.id order by q.id`);
  return {
    subject: lesson.subject,
    subjectId: Number(lesson.subject_id),
    chapter: lesson.chapter,
    chapterId: Number(lesson.chapter_id),
    lesson: lesson.lesson,
    lessonId: Number(lesson.lesson_id),
    recordingChapter: recording.slug,
    quizId: Number(quiz.qcm_id),
    answers: choices.map((c) => ({ question_id: Number(c.question_id), choice_ids: [Number(c.choice_id)] })),
  };
}

export const MINE = await classResources(A_DIVISION, null);
// B's class: a class with a subject and a recording chapter A's class does not have (slugs are per class: a slug of
// B's that A's class also has would simply resolve to A's own subject).
let found: { division: number; resources: ClassResources } | undefined;
for (const { id } of await rows(sql`select id from divisions where id <> ${A_DIVISION} order by id`)) {
  const resources = await classResources(Number(id), A_DIVISION).catch(() => undefined);
  if (resources) {
    found = { division: Number(id), resources };
    break;
  }
}
if (!found) throw new Error("no class with a subject and a recording chapter that pupil A's class does not have");
const B_DIVISION = found.division;
export const THEIRS = found.resources;

// Pupil B: a verified pupil of another class, with markers that must never reach anyone else.
export const B_MARKERS = { name: "Zorglubine", lastName: "Quetzalcoatl", report: `b-private-report-${randomBytes(4).toString("hex")}` };
const bReg = await h.register({ name: B_MARKERS.name, lastName: B_MARKERS.lastName, division: B_DIVISION });
expect((await h.request("POST", "/api/auth/confirm-registration", { token: bReg.token, query: { token: bReg.code } })).status).toBe(200);
export const B = { id: bReg.id, email: bReg.email, phone: bReg.phone, token: bReg.token };
{
  // B's private activity: a video report, a bookmark, a reaction, progress.
  const report = await h.request("POST", "/api/student/video-reports", {
    token: B.token,
    body: { content: THEIRS.lessonId, reportReason: 1, description: B_MARKERS.report },
  });
  expect(report.status, report.text).toBe(201);
  const bookmark = await h.request("POST", `/api/user/subjects/${THEIRS.subject}/chapters/${THEIRS.chapter}/contents/${THEIRS.lesson}/bookmark`, { token: B.token, body: {} });
  expect(bookmark.status, bookmark.text).toBe(200);
  await h.request("POST", "/svc/analytics/reactions", { token: B.token, body: { content_id: THEIRS.lessonId, reaction_type: "sad" } });
}

/** Does this answer carry any of pupil B's private data? Returns what it found. */
export function leaksOfB(res: TestResponse): string[] {
  const found = [B.email, B.phone, B_MARKERS.name, B_MARKERS.lastName, B_MARKERS.report].filter((m) => res.text.includes(m));
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (/^(user_?id|owner_?id|child(_user)?_?id|student_?id|author_?id)$/i.test(k) && Number(v) === B.id) found.push(`${k}=${B.id}`);
        walk(v);
      }
    }
  };
  walk(res.json);
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Actors: who calls, with which token, on a fresh session per cell (a cell may log out or change a password).

export interface Actor {
  role: Role;
  account: Account;
  /** The bearer token (none for anonymous). */
  token?: string;
}

const NEW_PASSWORDS = ["Darsi#2026", "Autre#2027"];
const nextPassword = (a: Account) => (a.password === NEW_PASSWORDS[0] ? NEW_PASSWORDS[1]! : NEW_PASSWORDS[0]!);
let phoneCounter = Number.parseInt(randomBytes(2).toString("hex"), 16) * 100;
/** A phone and e-mail no one has: 8 digits starting with 9 (the harness' pupils start with 5, the demo's with 2). */
const freshIdentity = () => {
  phoneCounter += 1;
  const phone = `9${String(phoneCounter % 10_000_000).padStart(7, "0")}`;
  return { phone, email: `matrix${phone}@test.darsi.tn` };
};

export async function actorFor(role: Role): Promise<Actor> {
  const session = async (account: Account) => (await issueToken(h.deps, h.deps.db, account.id)).token;
  switch (role) {
    case "anonymous":
      return { role, account: A };
    case "pupil":
    case "otherPupil":
      return { role, account: A, token: await session(A) };
    case "parent":
      return { role, account: PARENT, token: await session(PARENT) };
    case "teacher":
      return { role, account: TEACHER, token: await session(TEACHER) };
    case "unverified": {
      const u = await h.register({ division: A_DIVISION });
      return { role, account: { id: u.id, login: u.email, codeTo: u.phone, password: u.password, code: u.code }, token: u.token };
    }
    case "admin": {
      // The operator's one-time link for A, exchanged like /switch does: a session carrying the admin's id.
      const link = await createImpersonation(h.deps, A.login);
      const { token } = await exchangeImpersonation(h.deps, { token: link.token, adminId: link.adminId, userId: link.userId });
      return { role, account: A, token };
    }
    case "tablet": {
      // Pupil A signed in on a class tablet of A's class: a session whose device is `tablet:<id>` (issue 23 kiosk).
      const tabletId = (A_TABLET ??= (await enableTablet(h.deps, (await createTabletCode(h.deps, String(A_DIVISION), 10)).code)).tablet.id);
      return { role, account: A, token: (await issueToken(h.deps, h.deps.db, A.id, null, { ip: null, device: `tablet:${tabletId}` })).token };
    }
  }
}

/** The class tablet of A's class that the `tablet` role signs in on (made at its first use). */
let A_TABLET: number | undefined;

// ---------------------------------------------------------------------------------------------------------------
// Fixtures: one per operationId.

export interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Replaces the actor's bearer token (the quiz service takes its own token); null sends none. */
  token?: string | null;
  /** Runs after a 2xx (e.g. the account's password changed). */
  onSuccess?: () => void;
}
export type Build = (actor: Actor, r: ClassResources) => Call | Promise<Call>;
export interface Fixture {
  /** The call on A's resources (every role but otherPupil; `r` is MINE). */
  mine: Build;
  /** The call on B's ids for the otherPupil role (`r` is THEIRS), or null when the operation takes nobody's ids. */
  other: Build | null;
}

const none: Build = () => ({});
const idem = () => ({ "idempotency-key": randomUUID() });
/** The quiz service's token of the actor, from `POST /svc/quiz/login`; none when it is refused. */
async function quizToken(actor: Actor): Promise<string | null> {
  if (!actor.token) return null;
  const res = await h.request("POST", "/svc/quiz/login", { token: actor.token });
  return res.status === 200 ? (res.json.payload.token as string) : null;
}
const lessonParams = (r: ClassResources) => ({ subject: r.subject, chapter: r.chapter, lessonSlug: r.lesson });
const progressBody = (r: ClassResources) => ({ contentId: r.lessonId, chapterId: r.chapterId, subjectId: r.subjectId, ranges: [[0, 10]], position: 10, totalWatched: 10, watchedTime: 10 });
const registerBody = () => {
  const { phone, email } = freshIdentity();
  return {
    name: "Amine",
    lastName: "Ben Ali",
    phone,
    email,
    birthDate: "14/03/2008",
    plainPassword: { first: "Secret#2026", second: "Secret#2026" },
    country: 1,
    state: 23,
    division: A_DIVISION,
    optionalSubject: "",
  };
};

/** What the per-area fixture files (tests/server/fixtures/*.ts) build their calls with. */
export interface FixtureKit {
  h: typeof h;
  A: Account;
  A_DIVISION: number;
  none: Build;
  /** A fresh `Idempotency-Key` header. */
  idem: () => Record<string, string>;
  /** Raw rows of a query on the shared test database. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows
  rows: (query: ReturnType<typeof sql>) => Promise<any[]>;
  freshIdentity: () => { phone: string; email: string };
  /** Pupil B (another class): for fixtures that make B's resources directly in the database. */
  B: { id: number };
}
const kit: FixtureKit = { h, A, A_DIVISION, none, idem, rows, freshIdentity, B };

export const FIXTURES: Record<string, Fixture> = {
  ...offersFixtures(kit),
  ...walletFixtures(kit),
  ...transfersFixtures(kit),
  ...operatorFixtures(kit),
  ...examsFixtures(kit),
  ...eventsFixtures(kit),
  ...notificationsFixtures(kit),
  ...profileFixtures(kit),
  ...accountFixtures(kit),
  ...referralFixtures(kit),
  ...progressFixtures(kit),
  ...tabletFixtures(kit),
  // system, auth
  get__config: { mine: none, other: null },
  get__auth_challenge: { mine: none, other: null },
  post__auth_login_check: { mine: ({ account }) => ({ body: { username: account.login, password: account.password } }), other: null },
  post__auth_register: { mine: () => ({ body: registerBody() }), other: null },
  get__auth_me: { mine: none, other: null },
  get__auth_social_providers: { mine: none, other: null },
  post__auth_social_provider_start: { mine: () => ({ params: { provider: "google" }, body: { nextPage: "offres" } }), other: null },
  post__auth_social_provider_link: { mine: () => ({ params: { provider: "facebook" } }), other: null },
  get__auth_social_provider_callback: { mine: () => ({ params: { provider: "google" }, query: { code: "a-code", state: "a-state" } }), other: null },
  delete__auth_social_provider_: { mine: () => ({ params: { provider: "facebook" } }), other: null },
  get__auth_my_profile: { mine: none, other: null },
  get__auth_logout: { mine: none, other: null },
  post__auth_confirm_registration: { mine: ({ account }) => ({ query: { token: account.code ?? "ABC234" } }), other: null },
  get__auth_resend_code: { mine: none, other: null },
  get__auth_request_password: { mine: ({ account }) => ({ query: { credentiel: account.login } }), other: null },
  post__auth_request_password: { mine: ({ account }) => ({ query: { credentiel: account.login } }), other: null },
  post__auth_reset_password: {
    mine: async ({ account }) => {
      await h.request("POST", "/api/auth/request-password", { query: { credentiel: account.login }, ip: h.freshIp() });
      const code = await h.lastCode(account.codeTo, "reset");
      const next = nextPassword(account);
      return {
        body: { token: code, credential: account.login, newPassword: next, retypePassword: next },
        onSuccess: () => void (account.password = next),
      };
    },
    other: null,
  },
  put__user_change_password: {
    mine: ({ account }) => {
      const next = nextPassword(account);
      return {
        body: { oldPassword: account.password, newPassword: next, new_password_confirmation: next },
        onSuccess: () => void (account.password = next),
      };
    },
    other: null,
  },
  post__auth_switch: {
    mine: async () => {
      const link = await createImpersonation(h.deps, A.login);
      return { body: { token: link.token, adminId: link.adminId, userId: link.userId } };
    },
    other: null,
  },
  // operator commands: called without the X-Admin-Key, which no role has
  post__admin_impersonations: { mine: () => ({ body: { login: A.login } }), other: null },
  post__admin_expire_password: { mine: () => ({ body: { login: A.login } }), other: null },
  // reference data
  get__countries: { mine: none, other: null },
  get__countries_id_states: { mine: () => ({ params: { id: 1 } }), other: null },
  get__deleg_stateId_delegation: { mine: () => ({ params: { stateId: 1 } }), other: null },
  get__state_stateId_institutes: { mine: () => ({ params: { stateId: 1 } }), other: null },
  get__divisions: { mine: none, other: null },
  get__edit_division_reasons: { mine: none, other: null },
  get__optional_subjects_id_: { mine: () => ({ params: { id: A_DIVISION } }), other: null },
  // learning
  get__student_subjects: { mine: none, other: null },
  get__student_subjects_slug_chapters: { mine: (_, r) => ({ params: { slug: r.subject } }), other: (_, r) => ({ params: { slug: r.subject } }) },
  get__student_subjects_subject_chapters_chapter_contents: {
    mine: (_, r) => ({ params: { subject: r.subject, chapter: r.chapter } }),
    other: (_, r) => ({ params: { subject: r.subject, chapter: r.chapter } }),
  },
  get__student_subjects_subject_chapters_chapter_contents_lessonSlug_: {
    mine: (_, r) => ({ params: lessonParams(r) }),
    other: (_, r) => ({ params: lessonParams(r) }),
  },
  get__student_subjects_subject_chapters_chapter_offline_manifest: {
    mine: (_, r) => ({ params: { subject: r.subject, chapter: r.chapter } }),
    other: (_, r) => ({ params: { subject: r.subject, chapter: r.chapter } }),
  },
  get__chapters_recording_chapter_contents: {
    mine: (_, r) => ({ params: { chapter: r.recordingChapter } }),
    other: (_, r) => ({ params: { chapter: r.recordingChapter } }),
  },
  post__user_subjects_subject_chapters_chapter_contents_content_bookmark: {
    mine: (_, r) => ({ params: { subject: r.subject, chapter: r.chapter, content: r.lesson }, body: {}, headers: idem() }),
    other: (_, r) => ({ params: { subject: r.subject, chapter: r.chapter, content: r.lesson }, body: {}, headers: idem() }),
  },
  get__student_bookmarked_contents: { mine: () => ({ query: { page: 1, perPage: 10 } }), other: null },
  get__student_chapters_free_contents: { mine: none, other: null },
  get__student_chapters_new_contents: { mine: none, other: null },
  get__student_pubs_cards: { mine: none, other: null },
  get__student_latest_recordings: { mine: () => ({ query: { limit: 4 } }), other: null },
  get__latest_posts: { mine: () => ({ query: { limit: 4 } }), other: null },
  get__alerts: { mine: none, other: null },
  post__search_autocomplete: { mine: () => ({ body: { term: "math" } }), other: null },
  get__student_report_reasons: { mine: none, other: null },
  get__student_video_reports: { mine: () => ({ query: { page: 1, perPage: 10 } }), other: null },
  post__student_video_reports: {
    mine: (_, r) => ({ body: { content: r.lessonId, reportReason: 1, description: "Le son est coupé à 2:10" } }),
    other: (_, r) => ({ body: { content: r.lessonId, reportReason: 1, description: "Le son est coupé à 2:10" } }),
  },
  // services
  post__progress: {
    mine: (_, r) => ({ body: progressBody(r), headers: { "x-api-key": h.deps.env.PROGRESS_API_KEY, ...idem() } }),
    other: (_, r) => ({ body: progressBody(r), headers: { "x-api-key": h.deps.env.PROGRESS_API_KEY, ...idem() } }),
  },
  post__login: { mine: none, other: null },
  get__quizzes_id_: {
    mine: async (actor, r) => ({ params: { id: r.quizId }, token: await quizToken(actor) }),
    other: async (actor, r) => ({ params: { id: r.quizId }, token: await quizToken(actor) }),
  },
  post__quizzes_id_attempts: {
    mine: async (actor, r) => ({ params: { id: r.quizId }, body: { answers: r.answers }, token: await quizToken(actor), headers: idem() }),
    other: async (actor, r) => ({ params: { id: r.quizId }, body: { answers: r.answers }, token: await quizToken(actor), headers: idem() }),
  },
  get__reactions: { mine: (_, r) => ({ query: { content_id: r.lessonId } }), other: (_, r) => ({ query: { content_id: r.lessonId } }) },
  post__reactions: {
    mine: (_, r) => ({ body: { content_id: r.lessonId, reaction_type: "love" } }),
    other: (_, r) => ({ body: { content_id: r.lessonId, reaction_type: "love" } }),
  },
  post__views: { mine: (_, r) => ({ body: { content_id: r.lessonId }, headers: idem() }), other: (_, r) => ({ body: { content_id: r.lessonId }, headers: idem() }) },
  // dev tools (mounted with DEV_OUTBOX=true, as in every test server)
  get__dev_outbox: { mine: none, other: null },
  post__admin_ledger_check: { mine: none, other: null },
  post__admin_affiliations_id_refund: { mine: () => ({ params: { id: 1 }, body: {} }), other: null },
};

/** Operations that show other users' data by design, with the reason; the leak check skips them (nothing else). */
export const SHOWS_OTHERS_BY_DESIGN: Record<string, string> = {
  get__dev_outbox: "the local SMS/e-mail gateway's outbox: every message sent, for developers; never mounted in production",
};

