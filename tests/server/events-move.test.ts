/**
 * Operator: a live session moved (`npm run admin -- event-move`, `POST /api/admin/events/move`) keeps its length and
 * notifies, in the same transaction, its registered pupils and those who may join it (category updateSession).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { liveEventAttendees, liveEvents } from "../../server/db/schema";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let key: Record<string, string>;

async function session(division: number, inMin: number, chapter = false): Promise<number> {
  const rows = ((await h.deps.db.execute(
    sql`select s.id, (select c.id from chapters c where c.subject_id = s.id and c.type = 'course' order by c.position limit 1) as chapter_id from subjects s where s.division_id = ${division} order by s.position limit 1`,
  )) as unknown as { rows: Array<{ id: number; chapter_id: number }> }).rows;
  const start = new Date(Date.now() + inMin * 60_000);
  const [row] = await h.deps.db
    .insert(liveEvents)
    .values({
      divisionId: division,
      subjectId: Number(rows[0]!.id),
      chapterId: chapter ? Number(rows[0]!.chapter_id) : null,
      name: "Séance à déplacer",
      startAt: start,
      endAt: new Date(start.getTime() + 90 * 60_000),
      roomKey: "room-move",
    })
    .returning({ id: liveEvents.id });
  return row!.id;
}

const notificationsOf = async (userId: number, eventId: number) =>
  ((await h.deps.db.execute(sql`select category, type, link from notifications where user_id = ${userId} and data ->> 'eventId' = ${String(eventId)}`)) as unknown as {
    rows: Array<{ category: string; type: string; link: string }>;
  }).rows;

beforeAll(async () => {
  h = await startTestServer();
  key = { "x-admin-key": adminCliKey(h.deps.secret) };
});
afterAll(async () => {
  await h?.close();
});

describe("POST /api/admin/events/move", () => {
  it("moves a free session, keeps its length, and tells its class (and the registered pupils) once each", async () => {
    const a = await h.registerVerified({ division: 18 });
    const b = await h.registerVerified({ division: 12 });
    const id = await session(18, 120);
    await h.deps.db.insert(liveEventAttendees).values({ eventId: id, userId: a.id });
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCSeconds(0, 0);
    const res = await h.request("POST", "/api/admin/events/move", { headers: key, body: { id, start: start.toISOString() } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.payload.start_time).toBe(start.toISOString());
    expect(new Date(res.json.payload.end_time).getTime() - start.getTime()).toBe(90 * 60_000);
    expect(res.json.payload.notified).toBeGreaterThan(0);
    const [ev] = await h.deps.db.select().from(liveEvents).where(eq(liveEvents.id, id));
    expect(ev!.startAt.toISOString()).toBe(start.toISOString());
    expect(await notificationsOf(a.id, id)).toEqual([{ category: "updateSession", type: "session_moved", link: `/sessions?eventId=${id}` }]);
    expect(await notificationsOf(b.id, id)).toEqual([]);
  });

  it("tells only the registered pupils and the module's buyers for a module-linked session", async () => {
    const joined = await h.registerVerified({ division: 18 });
    const bystander = await h.registerVerified({ division: 18 });
    const id = await session(18, 60, true);
    await h.deps.db.insert(liveEventAttendees).values({ eventId: id, userId: joined.id });
    const res = await h.request("POST", "/api/admin/events/move", { headers: key, body: { id, start: new Date(Date.now() + 3 * 86_400_000).toISOString() } });
    expect(res.status, res.text).toBe(200);
    expect(await notificationsOf(joined.id, id)).toHaveLength(1);
    expect(await notificationsOf(bystander.id, id)).toEqual([]);
  });

  it("refuses without the operator key (403), into the past (422), a finished session (409), an unknown one (404), bad input (422)", async () => {
    const id = await session(18, 60);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await h.request("POST", "/api/admin/events/move", { body: { id, start: future } })).status).toBe(403);
    const past = await h.request("POST", "/api/admin/events/move", { headers: key, body: { id, start: new Date(Date.now() - 60_000).toISOString() } });
    expect(past.status).toBe(422);
    expect(past.json.code).toBe("start_invalid");
    const over = await session(18, -200);
    expect((await h.request("POST", "/api/admin/events/move", { headers: key, body: { id: over, start: future } })).json.code).toBe("event_closed");
    expect((await h.request("POST", "/api/admin/events/move", { headers: key, body: { id: 999_999, start: future } })).status).toBe(404);
    for (const body of [{ id, start: "demain" }, { id, start: "2026-13-45T99:99" }, { id: "x", start: future }, { start: future }]) {
      const res = await h.request("POST", "/api/admin/events/move", { headers: key, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const [ev] = await h.deps.db.select().from(liveEvents).where(and(eq(liveEvents.id, id)));
    expect(ev!.startAt.getTime()).toBeGreaterThan(Date.now());
  });
});
