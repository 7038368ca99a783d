/**
 * The pupil's account beyond the profile (issue 12 items 5–8), through the API on a real database: parent requests seen
 * by two families (a parent answers only their own requests, once; never sees another family's child), the pupil's list
 * and the menu's pending flag, the subscriptions history (paged, the pupil's own), video reports edited and deleted while
 * pending only and only by their author, the staff's status change with its rules, and the help videos (signed, playable).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affiliations, users, videoReports } from "../../server/db/schema";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { requestParentLink } from "../../server/services/account/parents";
import { DEMO_PASSWORD, startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let parent1: string; // parent@darsi.tn (family 1: eleve)
let parent2: string; // parent2@darsi.tn (family 2: amine)
let eleve: string;
let pupil: NewStudent;
let other: NewStudent;
let lessonId: number;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows
const rows = async (q: ReturnType<typeof sql>): Promise<any[]> => ((await h.deps.db.execute(q)) as unknown as { rows: any[] }).rows;
const idOf = async (email: string) => Number((await rows(sql`select id from users where email = ${email}`))[0].id);
const notices = async (userId: number, type: string) =>
  Number((await rows(sql`select count(*)::int as n from notifications where user_id = ${userId} and type = ${type}`))[0].n);
const link = (childId: number, parentPhone: string) => h.deps.db.transaction((tx) => requestParentLink(tx, { childId, parentPhone }));

beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "100" } });
  parent1 = await h.login("parent@darsi.tn", DEMO_PASSWORD);
  parent2 = await h.login("parent2@darsi.tn", DEMO_PASSWORD);
  eleve = await h.login("eleve@darsi.tn", DEMO_PASSWORD);
  pupil = await h.registerVerified({ division: 18 });
  other = await h.registerVerified({ division: 18 });
  const [lesson] = await rows(sql`
    select c.id from contents c join chapters ch on ch.id = c.chapter_id join subjects s on s.id = ch.subject_id
    where s.division_id = 18 and ch.type = 'course' and c.is_free order by c.id limit 1`);
  lessonId = Number(lesson.id);
});
afterAll(() => h?.close());

describe("parent requests", () => {
  it("a parent lists only the requests addressed to them: the demo pending one, never another family's child", async () => {
    const res = await h.request("GET", "/api/request-parent-user-children", { token: parent1 });
    expect(res.status, res.text).toBe(200);
    const list = res.json.payload as Array<{ approved: boolean | null; child_user: { name: string; last_name: string }; parent_user: { id: number } }>;
    expect(list.some((r) => r.child_user.name === "Yasmine" && r.approved === null)).toBe(true);
    expect(res.text).not.toContain("Mansouri");
    expect(res.text).not.toMatch(/22000001|eleve@darsi\.tn/); // no phone or e-mail of the child
    const res2 = await h.request("GET", "/api/request-parent-user-children", { token: parent2 });
    expect(res2.json.payload).toEqual([expect.objectContaining({ approved: true, child_user: expect.objectContaining({ name: "Amine" }) })]);
    expect(res2.text).not.toContain("Yasmine");
  });

  it("pupils, teachers and anonymous callers cannot read or answer a parent's requests", async () => {
    expect((await h.request("GET", "/api/request-parent-user-children", { token: eleve })).status).toBe(403);
    expect((await h.request("GET", "/api/request-parent-user-children")).status).toBe(401);
    const teacher = await h.login("prof@darsi.tn", DEMO_PASSWORD);
    expect((await h.request("GET", "/api/request-parent-user-children", { token: teacher })).status).toBe(403);
    const [pending] = await rows(sql`select id from parent_requests where approved is null order by id limit 1`);
    const put = await h.request("PUT", `/api/request-parent-user-children/${pending.id}`, { token: eleve, body: { approved: true } });
    expect(put.status).toBe(403);
  });

  it("requestParentLink opens one pending request per parent and child, only for a parent account's phone", async () => {
    const parentId = await idOf("parent@darsi.tn");
    const before = await notices(parentId, "parent_request_created");
    expect(await link(pupil.id, "22000005")).toMatchObject({ id: expect.any(Number) });
    // The parent is told, in the same transaction.
    expect(await notices(parentId, "parent_request_created")).toBe(before + 1);
    expect(await link(pupil.id, "+216 22 000 005")).toBeNull(); // already pending
    expect(await link(pupil.id, "22000001")).toBeNull(); // a pupil's phone, not a parent's
    expect(await link(pupil.id, "99999999")).toBeNull(); // nobody
    const mine = await h.request("GET", "/api/student/parent-requests", { token: pupil.token });
    expect(mine.status).toBe(200);
    expect(mine.json.payload).toEqual([expect.objectContaining({ approved: null, parent_user: expect.objectContaining({ name: "Leila" }) })]);
    const me = await h.request("GET", "/api/auth/me", { token: pupil.token });
    expect(me.json.payload).toMatchObject({ hasParent: true, hasParentRequest: true });
  });

  it("another family's parent cannot answer it (404); its parent answers once, then it is final (409)", async () => {
    const [req] = (await h.request("GET", "/api/student/parent-requests", { token: pupil.token })).json.payload as Array<{ id: number }>;
    const id = req!.id;
    const foreign = await h.request("PUT", `/api/request-parent-user-children/${id}`, { token: parent2, body: { approved: true } });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain(pupil.email);
    const ok = await h.request("PUT", `/api/request-parent-user-children/${id}`, { token: parent1, body: { approved: false } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.payload).toMatchObject({ id, approved: false });
    expect(await notices(pupil.id, "parent_request_refused")).toBe(1);
    const again = await h.request("PUT", `/api/request-parent-user-children/${id}`, { token: parent1, body: { approved: true } });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("parent_request_answered");
    const mine = await h.request("GET", "/api/student/parent-requests", { token: pupil.token });
    expect(mine.json.payload[0]).toMatchObject({ id, approved: false });
    const me = await h.request("GET", "/api/auth/me", { token: pupil.token });
    expect(me.json.payload).toMatchObject({ hasParent: true, hasParentRequest: false });
    // A refused request may be asked again; an approved link is not asked twice.
    const again2 = await link(pupil.id, "22000005");
    expect(again2).not.toBeNull();
    const approve = await h.request("PUT", `/api/request-parent-user-children/${again2!.id}`, { token: parent1, body: { approved: "true" } });
    expect(approve.json.payload).toMatchObject({ approved: true });
    expect(await link(pupil.id, "22000005")).toBeNull();
  });

  it("two answers at once: one wins, the other is 409", async () => {
    const child = await h.registerVerified();
    const req = await link(child.id, "22000005");
    const answers = await Promise.all([
      h.request("PUT", `/api/request-parent-user-children/${req!.id}`, { token: parent1, body: { approved: true } }),
      h.request("PUT", `/api/request-parent-user-children/${req!.id}`, { token: parent1, body: { approved: false } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it("refuses bad answers and ids with 422 and a field code", async () => {
    const child = await h.registerVerified();
    const req = await link(child.id, "22000005");
    for (const body of [{}, { approved: "yes" }, { approved: null }, { approved: 2 }, []]) {
      const res = await h.request("PUT", `/api/request-parent-user-children/${req!.id}`, { token: parent1, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.errors?.approved ?? res.json.errors?._, JSON.stringify(body)).toBeDefined();
    }
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const res = await h.request("PUT", `/api/request-parent-user-children/${id}`, { token: parent1, body: { approved: true } });
      expect(res.status, id).toBe(422);
    }
    expect((await h.request("PUT", "/api/request-parent-user-children/2147483000", { token: parent1, body: { approved: true } })).status).toBe(404);
  });

  it("a parent cannot use the pupils' routes", async () => {
    expect((await h.request("GET", "/api/student/parent-requests", { token: parent1 })).status).toBe(403);
    expect((await h.request("GET", "/api/student/history/subscriptions", { token: parent1 })).status).toBe(403);
    expect((await h.request("GET", "/api/student/video-reports", { token: parent1 })).status).toBe(403);
  });
});

describe("subscriptions history", () => {
  it("pages the pupil's own subscriptions, newest first, and shows nobody else's", async () => {
    const base = { offerId: 35, groupId: 35, period: "month", amountPaid: 49_000 };
    await h.deps.db.insert(affiliations).values(
      Array.from({ length: 12 }, (_, i) => ({ ...base, userId: pupil.id, startDate: `2025-${String((i % 12) + 1).padStart(2, "0")}-01`, endDate: `2025-${String((i % 12) + 1).padStart(2, "0")}-28` })),
    );
    const p1 = await h.request("GET", "/api/student/history/subscriptions", { token: pupil.token });
    expect(p1.status).toBe(200);
    expect(p1.json.payload).toHaveLength(10);
    expect(p1.json.meta).toEqual({ current_page: 1, last_page: 2, total: 12 });
    expect(p1.json.payload[0]).toMatchObject({ start_date: "2025-12-01", amount_paid: 49_000, group: { id: 35 } });
    const p2 = await h.request("GET", "/api/student/history/subscriptions", { token: pupil.token, query: { page: 2, perPage: 10 } });
    expect(p2.json.payload).toHaveLength(2);
    const all = await h.request("GET", "/api/student/history/subscriptions", { token: pupil.token, query: { perPage: 25 } });
    expect(all.json.payload).toHaveLength(12);
    const empty = await h.request("GET", "/api/student/history/subscriptions", { token: other.token });
    expect(empty.json).toMatchObject({ payload: [], meta: { total: 0 } });
  });

  it("refuses a bad page or page size with 422", async () => {
    const queries: Array<Record<string, string>> = [{ page: "0" }, { page: "x" }, { perPage: "7" }, { perPage: "1000" }];
    for (const query of queries) {
      const res = await h.request("GET", "/api/student/history/subscriptions", { token: pupil.token, query });
      expect(res.status, JSON.stringify(query)).toBe(422);
    }
  });
});

describe("video reports", () => {
  const create = async (token: string, description = "La vidéo se bloque") => {
    const res = await h.request("POST", "/api/student/video-reports", { token, body: { content: lessonId, reportReason: 1, description } });
    expect(res.status, res.text).toBe(201);
    return res.json.payload.id as number;
  };

  it("the demo pupil has seeded reports of every status, with a reject reason on the rejected one", async () => {
    const res = await h.request("GET", "/api/student/video-reports", { token: eleve });
    const statuses = (res.json.payload as Array<{ status: string }>).map((r) => r.status);
    expect(statuses).toEqual(expect.arrayContaining(["Pending", "In progress", "Rejected", "Resolved"]));
    const rejected = (res.json.payload as Array<{ status: string; reject_reason: string | null }>).find((r) => r.status === "Rejected");
    expect(rejected?.reject_reason).toBeTruthy();
  });

  it("edits and deletes a pending report of one's own; another pupil's is not found and unchanged", async () => {
    const id = await create(pupil.token);
    const foreignPut = await h.request("PUT", `/api/student/video-reports/${id}`, { token: other.token, body: { reportReason: 2, description: "piraté" } });
    expect(foreignPut.status).toBe(404);
    const foreignDelete = await h.request("DELETE", `/api/student/video-reports/${id}`, { token: other.token });
    expect(foreignDelete.status).toBe(404);
    const put = await h.request("PUT", `/api/student/video-reports/${id}`, { token: pupil.token, body: { reportReason: 2, description: "  Son coupé à 1:30  " } });
    expect(put.status, put.text).toBe(200);
    expect(put.json.payload).toMatchObject({ id, description: "Son coupé à 1:30", report_reason: { id: 2 }, status: "Pending" });
    const del = await h.request("DELETE", `/api/student/video-reports/${id}`, { token: pupil.token });
    expect(del.status).toBe(200);
    const [left] = await rows(sql`select count(*)::int as n from video_reports where id = ${id}`);
    expect(left.n).toBe(0);
    expect((await h.request("DELETE", `/api/student/video-reports/${id}`, { token: pupil.token })).status).toBe(404);
  });

  it("refuses bad edits with 422 and its field code", async () => {
    const id = await create(pupil.token);
    const cases: Array<[unknown, string, string]> = [
      [{ description: "x" }, "reportReason", "report_reason_required"],
      [{ reportReason: 1 }, "description", "description_required"],
      [{ reportReason: 1, description: "   " }, "description", "description_required"],
      [{ reportReason: 1, description: "x".repeat(1001) }, "description", "description_too_long"],
      [{ reportReason: 999, description: "x" }, "reportReason", "report_reason_invalid"],
      [{ reportReason: "abc", description: "x" }, "reportReason", "report_reason_invalid"],
    ];
    for (const [body, field, code] of cases) {
      const res = await h.request("PUT", `/api/student/video-reports/${id}`, { token: pupil.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.errors?.[field], JSON.stringify(body)).toContain(code);
    }
    expect((await h.request("PUT", "/api/student/video-reports/abc", { token: pupil.token, body: { reportReason: 1, description: "x" } })).status).toBe(422);
    expect((await h.request("DELETE", "/api/student/video-reports/0", { token: pupil.token })).status).toBe(422);
  });

  it("staff change a status with the admin key only; a rejection needs its reason; past pending the pupil can no longer edit or delete", async () => {
    const id = await create(pupil.token, "Image floue");
    const key = { "x-admin-key": adminCliKey(h.deps.secret) };
    expect((await h.request("POST", `/api/admin/video-reports/${id}/status`, { body: { status: "Resolved" } })).status).toBe(403);
    expect((await h.request("POST", `/api/admin/video-reports/${id}/status`, { token: pupil.token, body: { status: "Resolved" } })).status).toBe(403);
    const noReason = await h.request("POST", `/api/admin/video-reports/${id}/status`, { headers: key, body: { status: "Rejected" } });
    expect(noReason.status).toBe(422);
    expect(noReason.json.errors?.rejectReason).toContain("reject_reason_required");
    const bad = await h.request("POST", `/api/admin/video-reports/${id}/status`, { headers: key, body: { status: "Done" } });
    expect(bad.json.errors?.status).toContain("report_status_invalid");
    const ok = await h.request("POST", `/api/admin/video-reports/${id}/status`, { headers: key, body: { status: "Rejected", rejectReason: "Vidéo conforme" } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.payload).toMatchObject({ status: "Rejected", reject_reason: "Vidéo conforme" });
    const [notice] = await rows(sql`select title, body, link from notifications where user_id = ${pupil.id} and type = 'video_report_status' order by id desc limit 1`);
    expect(notice).toMatchObject({ link: "/reports" });
    expect(notice.body).toContain("rejeté");
    // The same status again changes nothing and tells no one.
    const count = await notices(pupil.id, "video_report_status");
    await h.request("POST", `/api/admin/video-reports/${id}/status`, { headers: key, body: { status: "Rejected", rejectReason: "Vidéo conforme" } });
    expect(await notices(pupil.id, "video_report_status")).toBe(count);
    const list = await h.request("GET", "/api/student/video-reports", { token: pupil.token });
    expect(list.json.payload.find((r: { id: number }) => r.id === id)).toMatchObject({ status: "Rejected", reject_reason: "Vidéo conforme" });
    const put = await h.request("PUT", `/api/student/video-reports/${id}`, { token: pupil.token, body: { reportReason: 1, description: "x" } });
    expect(put.status).toBe(409);
    expect(put.json.code).toBe("report_not_pending");
    expect((await h.request("DELETE", `/api/student/video-reports/${id}`, { token: pupil.token })).status).toBe(409);
    const unknown = await h.request("POST", "/api/admin/video-reports/2147483000/status", { headers: key, body: { status: "Resolved" } });
    expect(unknown.status).toBe(404);
    const resolved = await h.request("POST", `/api/admin/video-reports/${id}/status`, { headers: key, body: { status: "Resolved", rejectReason: "ignored" } });
    expect(resolved.json.payload).toMatchObject({ status: "Resolved", reject_reason: null, is_confirmed: true });
    const [row] = await h.deps.db.select().from(videoReports).where(sql`${videoReports.id} = ${id}`);
    expect(row?.status).toBe("Resolved");
  });
});

describe("assistance videos", () => {
  it("lists the seeded help videos by topic, in three languages, signed for the caller and playable", async () => {
    const res = await h.request("GET", "/api/video-links", { token: pupil.token });
    expect(res.status).toBe(200);
    const videos = res.json.payload as Array<{ topic: string; topic_ar: string; title_en: string; url: string; poster: string | null }>;
    expect(videos.length).toBeGreaterThanOrEqual(6);
    expect(new Set(videos.map((v) => v.topic)).size).toBeGreaterThanOrEqual(3);
    expect(videos.every((v) => v.topic_ar && v.title_en)).toBe(true);
    const media = await h.request("GET", videos[0]!.url, { token: pupil.token, headers: { range: "bytes=0-99" } });
    expect([200, 206]).toContain(media.status);
    const unsigned = await h.request("GET", videos[0]!.url.split("?")[0]!, {});
    expect(unsigned.status).toBe(403);
    // Every video has a poster (its topic's picture), public like the subject thumbnails: it loads without a session.
    const posters = videos.map((v) => v.poster);
    expect(posters.every((p) => p !== null && /^\/media\/public\/posters\/help-\w+\.svg$/.test(p))).toBe(true);
    const poster = await h.request("GET", posters[0]!, {});
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toContain("svg");
    const forParent = await h.request("GET", "/api/video-links", { token: parent1 });
    expect(forParent.status).toBe(200);
    expect((await h.request("GET", "/api/video-links")).status).toBe(401);
  });
});

describe("the seeded families", () => {
  it("two parents, each with their own child", async () => {
    const parents = await h.deps.db.select({ email: users.email }).from(users).where(sql`${users.userType} = 'parent'`);
    expect(parents.map((p) => p.email)).toEqual(expect.arrayContaining(["parent@darsi.tn", "parent2@darsi.tn"]));
    expect(await idOf("amine@darsi.tn")).toBeGreaterThan(0);
  });
});
