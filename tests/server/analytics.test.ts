/**
 * Analytics service (SPEC §3 "Reaction", §4, §7 "External services"): reactions (counts and the caller's own; love,
 * sad or none) and views (magazine open). Driven as two Bac Maths pupils and one without any offer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { affiliations, chapters, contents, contentViews, reactions, subjects } from "../../server/db/schema";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let eleve: string;
let gold: { token: string; id: number };
let noOffer: { token: string; id: number };
let eleveId: number;

/** A Bac Maths mathematics lesson: free or not, of a content type. */
async function lesson(where: { free: boolean; typeId?: number; skip?: number }): Promise<number> {
  const rows = await h.deps.db
    .select({
      id: contents.id,
      isFree: contents.isFree,
      typeId: contents.typeId,
    })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, 18), eq(subjects.slug, "mathematiques")))
    .orderBy(contents.id);
  const found = rows.filter((r) => r.isFree === where.free && (where.typeId === undefined || r.typeId === where.typeId))[where.skip ?? 0];
  if (!found) throw new Error("no lesson");
  return found.id;
}

const getReactions = (token: string | undefined, contentId: unknown) =>
  h.request("GET", "/svc/analytics/reactions", {
    ...(token ? { token } : {}),
    ...(contentId === undefined ? {} : { query: { content_id: String(contentId) } }),
  });
const react = (token: string | undefined, body: unknown) =>
  h.request("POST", "/svc/analytics/reactions", {
    ...(token ? { token } : {}),
    body,
  });

beforeAll(async () => {
  h = await startTestServer();
  eleve = await h.login("eleve@darsi.tn");
  eleveId = (await h.request("GET", "/api/auth/me", { token: eleve })).json.payload.id;
  const p = await h.registerVerified();
  await h.deps.db.insert(affiliations).values({
    userId: p.id,
    offerId: 36,
    groupId: 36,
    period: "year",
    startDate: "2020-09-15",
    endDate: "2099-06-30",
  });
  gold = { token: p.token, id: p.id };
  const n = await h.registerVerified();
  noOffer = { token: n.token, id: n.id };
});
afterAll(async () => {
  await h?.close();
});

describe("reactions", () => {
  it("need the pupil's token", async () => {
    const id = await lesson({ free: true });
    expect((await getReactions(undefined, id)).status).toBe(401);
    expect((await react(undefined, { content_id: id, reaction_type: "love" })).status).toBe(401);
  });

  it("count every reaction and give the caller's own; love, switch to sad, clear with none", async () => {
    const id = await lesson({ free: false, skip: 1 });
    const empty = await getReactions(eleve, id);
    expect(empty.status).toBe(200);
    expect(empty.json.payload).toEqual({
      content_id: id,
      counts: { angry: 0, sad: 0, thinking: 0, happy: 0, love: 0 },
      reaction_type: "none",
    });

    const love = await react(eleve, { content_id: id, reaction_type: "love" });
    expect(love.status).toBe(200);
    expect(love.json.payload).toMatchObject({
      counts: { love: 1, sad: 0 },
      reaction_type: "love",
    });
    // Idempotent by nature: the same post again changes nothing.
    expect((await react(eleve, { content_id: id, reaction_type: "love" })).json.payload).toMatchObject({
      counts: { love: 1 },
      reaction_type: "love",
    });

    const other = await react(gold.token, {
      content_id: id,
      reaction_type: "love",
    });
    expect(other.json.payload).toMatchObject({
      counts: { love: 2 },
      reaction_type: "love",
    });

    const sad = await react(eleve, { content_id: id, reaction_type: "sad" });
    expect(sad.json.payload).toMatchObject({
      counts: { love: 1, sad: 1 },
      reaction_type: "sad",
    });

    const cleared = await react(eleve, {
      content_id: id,
      reaction_type: "none",
    });
    expect(cleared.json.payload).toMatchObject({
      counts: { love: 1, sad: 0 },
      reaction_type: "none",
    });
    expect((await getReactions(gold.token, id)).json.payload).toMatchObject({
      counts: { love: 1, sad: 0 },
      reaction_type: "love",
    });
  });

  it("one reaction per pupil and lesson, even when posts race", async () => {
    const id = await lesson({ free: false, skip: 2 });
    await Promise.all([
      react(eleve, { content_id: id, reaction_type: "love" }),
      react(eleve, { content_id: id, reaction_type: "sad" }),
      react(eleve, { content_id: id, reaction_type: "love" }),
    ]);
    const rows = await h.deps.db
      .select()
      .from(reactions)
      .where(and(eq(reactions.userId, eleveId), eq(reactions.contentId, id)));
    expect(rows).toHaveLength(1);
  });

  it("two pupils: each reads and writes only their own reaction", async () => {
    const id = await lesson({ free: false, skip: 3 });
    await react(eleve, { content_id: id, reaction_type: "sad" });
    const seen = await getReactions(gold.token, id);
    expect(seen.json.payload).toMatchObject({
      counts: { sad: 1 },
      reaction_type: "none",
    });
    // Only aggregates and the caller's own reaction: no list of who reacted.
    expect(Object.keys(seen.json.payload).sort()).toEqual(["content_id", "counts", "reaction_type"]);
    // Clearing as the other pupil does not touch eleve's reaction.
    await react(gold.token, { content_id: id, reaction_type: "none" });
    expect((await getReactions(eleve, id)).json.payload).toMatchObject({
      counts: { sad: 1 },
      reaction_type: "sad",
    });
    // Body fields naming another user are ignored (there is no way to act as someone else).
    await react(gold.token, {
      content_id: id,
      reaction_type: "love",
      user_id: eleveId,
    });
    expect((await getReactions(eleve, id)).json.payload.reaction_type).toBe("sad");
  });

  it("bad input is refused with a code and changes nothing", async () => {
    const id = await lesson({ free: false, skip: 4 });
    const cases: Array<[unknown, number, string]> = [
      [{ content_id: id, reaction_type: "happy" }, 422, "reaction_type_invalid"],
      [{ content_id: id, reaction_type: "" }, 422, "reaction_type_invalid"],
      [{ content_id: id }, 422, "reaction_type_invalid"],
      [{ reaction_type: "love" }, 422, "content_invalid"],
      [{ content_id: "abc", reaction_type: "love" }, 422, "id_invalid"],
      [{ content_id: -4, reaction_type: "love" }, 422, "id_invalid"],
      [{ content_id: 99999999, reaction_type: "love" }, 404, "not_found"],
    ];
    for (const [body, status, code] of cases) {
      const res = await react(eleve, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.json), JSON.stringify(body)).toContain(code);
    }
    expect((await getReactions(eleve, undefined)).status).toBe(422);
    expect((await getReactions(eleve, "x")).status).toBe(422);
    const rows = await h.deps.db.select().from(reactions).where(eq(reactions.contentId, id));
    expect(rows).toHaveLength(0);
  });

  it("a locked lesson: 403 content_locked, nothing read or written; another class's lesson: 404", async () => {
    const id = await lesson({ free: false });
    await react(eleve, { content_id: id, reaction_type: "love" });
    const read = await getReactions(noOffer.token, id);
    expect(read.status).toBe(403);
    expect(read.json.code).toBe("content_locked");
    expect(read.text).not.toContain("counts");
    const write = await react(noOffer.token, {
      content_id: id,
      reaction_type: "sad",
    });
    expect(write.status).toBe(403);
    expect(write.json.code).toBe("content_locked");
    expect(await h.deps.db.select().from(reactions).where(eq(reactions.userId, noOffer.id))).toHaveLength(0);
    // A free lesson is open to everyone of the class.
    const free = await lesson({ free: true });
    expect((await react(noOffer.token, { content_id: free, reaction_type: "love" })).status).toBe(200);
    const nouveau = await h.login("nouveau@darsi.tn");
    expect((await getReactions(nouveau, free)).status).toBe(404);
  });
});

describe("views", () => {
  it("records a view of a magazine the pupil opens; a replayed Idempotency-Key counts once", async () => {
    const id = await lesson({ free: false, typeId: 3 });
    expect(
      (
        await h.request("POST", "/svc/analytics/views", {
          body: { content_id: id },
        })
      ).status,
    ).toBe(401);
    const first = await h.request("POST", "/svc/analytics/views", {
      token: eleve,
      body: { content_id: id },
    });
    expect(first.status).toBe(201);
    expect(first.json.payload).toEqual({ content_id: id, views: 1 });
    const keyed = {
      token: eleve,
      body: { content_id: id },
      headers: { "idempotency-key": "view-key-0001" },
    };
    expect((await h.request("POST", "/svc/analytics/views", keyed)).json.payload.views).toBe(2);
    const replay = await h.request("POST", "/svc/analytics/views", keyed);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.json.payload.views).toBe(2);
    expect(
      (
        await h.request("POST", "/svc/analytics/views", {
          token: gold.token,
          body: { content_id: id },
        })
      ).json.payload.views,
    ).toBe(3);
    const rows = await h.deps.db.select().from(contentViews).where(eq(contentViews.contentId, id));
    expect(rows).toHaveLength(3);
  });

  it("bad input and locked lessons record nothing", async () => {
    const id = await lesson({ free: false, typeId: 3, skip: 1 });
    const bad = await h.request("POST", "/svc/analytics/views", {
      token: eleve,
      body: { content_id: "x" },
    });
    expect(bad.status).toBe(422);
    expect(
      (
        await h.request("POST", "/svc/analytics/views", {
          token: eleve,
          body: {},
        })
      ).status,
    ).toBe(422);
    const lockedRes = await h.request("POST", "/svc/analytics/views", {
      token: noOffer.token,
      body: { content_id: id },
    });
    expect(lockedRes.status).toBe(403);
    expect(lockedRes.json.code).toBe("content_locked");
    expect(await h.deps.db.select().from(contentViews).where(eq(contentViews.contentId, id))).toHaveLength(0);
  });
});
