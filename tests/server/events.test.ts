/**
 * Live sessions (issue 10, SPEC §7 "Events", reviews and attendance): the calendar, joining, the join link over time,
 * the live room's presence, rating once and the attendance history. Driven on a server with a clock of its own, as
 * fresh Bac Maths pupils (class 18) and one of another class.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { affiliations, liveEventAttendees, liveEvents, users } from "../../server/db/schema";
import { PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { createClock, startTestServer, type TestServer } from "./harness";

const clock = createClock(new Date("2026-11-24T09:17:00Z"));
let h: TestServer;
let pupil: { token: string; id: number };
let other: { token: string; id: number };
const CLASS = 18;

/** A session of a class made for one test (relative to the clock): minutes from now and length. */
async function session(opts: { inMin: number; minutes?: number; division?: number; chapter?: boolean; versPilote?: boolean; disabled?: boolean }): Promise<number> {
  const start = new Date(clock.now().getTime() + opts.inMin * 60_000);
  const division = opts.division ?? CLASS;
  const rows = ((await h.deps.db.execute(sql`select s.id, (select c.id from chapters c where c.subject_id = s.id and c.type = 'course' order by c.position limit 1) as chapter_id from subjects s where s.division_id = ${division} order by s.position limit 1`)) as unknown as { rows: Array<{ id: number; chapter_id: number }> }).rows;
  const [row] = await h.deps.db
    .insert(liveEvents)
    .values({
      divisionId: division,
      subjectId: Number(rows[0]!.id),
      chapterId: opts.chapter ? Number(rows[0]!.chapter_id) : null,
      name: "Séance de test",
      startAt: start,
      endAt: new Date(start.getTime() + (opts.minutes ?? 60) * 60_000),
      versPilote: opts.versPilote ?? false,
      disabled: opts.disabled ?? false,
      price: opts.chapter ? 15_000 : null,
      roomKey: "room-test",
    })
    .returning({ id: liveEvents.id });
  return row!.id;
}

const get = (token: string, path: string, query?: Record<string, string | number>) => h.request("GET", path, { token, ...(query ? { query } : {}) });
const post = (token: string, path: string, body: unknown) => h.request("POST", path, { token, body });
const join = (token: string, id: unknown) => post(token, "/api/events/join-user", { content_id: id, domain_id: 1 });

beforeAll(async () => {
  h = await startTestServer({ now: clock.now });
  const a = await h.registerVerified({ division: CLASS });
  pupil = { token: a.token, id: a.id };
  const b = await h.registerVerified({ division: 12 });
  other = { token: b.token, id: b.id };
});

afterAll(async () => {
  await h?.close();
});

describe("GET /events", () => {
  it("gives the week of the pupil's class: seven days from Monday, the demo's sessions, an ongoing one to join", async () => {
    const res = await get(pupil.token, "/api/events", { offset: 0 });
    expect(res.status, res.text).toBe(200);
    const p = res.json.payload;
    expect(p.days.map((d: { day: number }) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(p.days[0].date).toBe("2026-11-23");
    expect(p.currentWeek.now).toBe(clock.now().toISOString());
    expect(p.student_levels).toEqual([expect.objectContaining({ id: CLASS })]);
    const ongoing = p.contents.filter((e: { status: string; action: string }) => e.status === "ongoing" && e.action === "join");
    expect(ongoing.length).toBeGreaterThan(0);
    // A module-linked session the pupil did not buy: "Acheter", with its module's counts.
    const module = p.contents.find(
      (e: { status: string; event: { has_hessaty_chapter: boolean; versPilote: boolean } }) => e.status === "upcoming" && e.event.has_hessaty_chapter && !e.event.versPilote,
    );
    expect(module.action).toBe("buy");
    expect(module.event.totalSeances).toBeGreaterThan(1);
    expect(module.event.comingContentHessaty + module.event.depassedContentHessaty).toBeLessThanOrEqual(module.event.totalSeances);
    expect(module.teacher === null || typeof module.teacher.name === "string").toBe(true);
    // Only the class's own sessions.
    for (const e of p.contents) expect(e.subject.id).toBeGreaterThan(0);
    const ids = p.contents.map((e: { id: number }) => e.id);
    const foreign = await h.deps.db.select({ id: liveEvents.id }).from(liveEvents).where(eq(liveEvents.divisionId, 12));
    expect(foreign.length).toBeGreaterThan(0);
    for (const f of foreign) expect(ids).not.toContain(f.id);
  });

  it("moves by weeks with offset; the closed session of next week says Fermer; finished ones are closed too", async () => {
    const next = await get(pupil.token, "/api/events", { offset: 1 });
    expect(next.status).toBe(200);
    expect(next.json.payload.days[0].date).toBe("2026-11-30");
    expect(next.json.payload.contents.some((e: { action: string; status: string }) => e.action === "close" && e.status === "upcoming")).toBe(true);
    const now = await get(pupil.token, "/api/events", { offset: 0 });
    for (const e of now.json.payload.contents.filter((x: { status: string }) => x.status === "finished")) expect(e.action).toBe("close");
  });

  it("today=1 gives today's and tomorrow's sessions only", async () => {
    const res = await get(pupil.token, "/api/events", { offset: 0, today: 1 });
    expect(res.status).toBe(200);
    const days = new Set(res.json.payload.contents.map((e: { event: { dayDate: string } }) => e.event.dayDate));
    for (const d of days) expect(["2026-11-24", "2026-11-25"]).toContain(d);
    expect(res.json.payload.contents.length).toBeGreaterThan(0);
  });

  it("refuses a bad offset or today with 422 and the field", async () => {
    const bad: Array<Record<string, string | number>> = [{ offset: 53 }, { offset: "abc" }, { offset: "1.5" }, { today: "yes" }];
    for (const query of bad) {
      const res = await get(pupil.token, "/api/events", query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.json.code).toBe("validation_failed");
    }
    expect((await h.request("GET", "/api/events")).status).toBe(401);
  });

  it("versPilote and teachers' children join non-versPilote module sessions directly; versPilote ones only in division 31", async () => {
    const plain = await session({ inMin: 60, chapter: true });
    const pilote = await session({ inMin: 90, chapter: true, versPilote: true });
    const actions = async () => {
      const res = await get(pupil.token, "/api/events", { offset: 0 });
      const of = (id: number) => res.json.payload.contents.find((e: { id: number }) => e.id === id).action;
      return [of(plain), of(pilote)];
    };
    expect(await actions()).toEqual(["buy", "buy"]);
    await h.deps.db.update(users).set({ versPilote: true }).where(eq(users.id, pupil.id));
    expect(await actions()).toEqual(["join", "buy"]);
    await h.deps.db.update(users).set({ versPilote: false }).where(eq(users.id, pupil.id));
    // Group 107 (a teacher's child) counts as isProfSon.
    const [aff] = await h.deps.db
      .insert(affiliations)
      .values({ userId: pupil.id, offerId: 1, groupId: 107, period: "year", startDate: "2026-09-01", endDate: "2027-06-30" })
      .returning({ id: affiliations.id })
      .catch(() => [undefined]);
    if (aff) {
      expect(await actions()).toEqual(["join", "buy"]);
      await h.deps.db.delete(affiliations).where(eq(affiliations.id, aff.id));
    }
  });
});

describe("POST /events/join-user and GET /events/{id}/get-join-link", () => {
  it("joins once (twice is one registration), counts down before the start, opens the room from the start, closes after the end", async () => {
    const id = await session({ inMin: 30, minutes: 60 });
    const before = await get(pupil.token, `/api/events/${id}/get-join-link`);
    expect(before.status).toBe(403);
    expect(before.json.code).toBe("event_not_joined");

    const first = await join(pupil.token, id);
    expect(first.status, first.text).toBe(200);
    expect(first.json.payload).toEqual({ event_id: id, participated: true });
    expect((await join(pupil.token, id)).status).toBe(200);
    const regs = await h.deps.db.select().from(liveEventAttendees).where(and(eq(liveEventAttendees.eventId, id), eq(liveEventAttendees.userId, pupil.id)));
    expect(regs).toHaveLength(1);

    const week = await get(pupil.token, "/api/events", { offset: 0 });
    expect(week.json.payload.contents.find((e: { id: number }) => e.id === id).action).toBe("start");

    const early = await get(pupil.token, `/api/events/${id}/get-join-link`);
    expect(early.status).toBe(200);
    expect(early.json.payload.eventStartTime).toBe(new Date(clock.now().getTime() + 30 * 60_000).toISOString());
    expect(early.json.payload.url).toBeUndefined();

    clock.advance(31 * 60_000);
    const live = await get(pupil.token, `/api/events/${id}/get-join-link`);
    expect(live.status).toBe(200);
    expect(live.json.payload).toEqual({ url: `/live/${id}`, external: false });

    clock.advance(60 * 60_000);
    const late = await get(pupil.token, `/api/events/${id}/get-join-link`);
    expect(late.status).toBe(409);
    expect(late.json.code).toBe("event_closed");
    expect((await join(pupil.token, id)).json.code).toBe("event_closed");
    clock.set(new Date("2026-11-24T09:17:00Z"));
  });

  it("refuses: another class's session (404), a closed one (409), an unbought module (403), no e-mail (403), bad input (422)", async () => {
    const theirs = await session({ inMin: 10, division: 12 });
    const r404 = await join(pupil.token, theirs);
    expect(r404.status).toBe(404);
    expect(r404.json.code).toBe("event_invalid");
    expect((await get(pupil.token, `/api/events/${theirs}/get-join-link`)).status).toBe(404);
    expect((await join(pupil.token, 999_999)).status).toBe(404);

    const closed = await session({ inMin: 10, disabled: true });
    expect((await join(pupil.token, closed)).json.code).toBe("event_closed");

    const module = await session({ inMin: 10, chapter: true });
    const buy = await join(pupil.token, module);
    expect(buy.status).toBe(403);
    expect(buy.json.code).toBe("event_purchase_required");

    const noMail = await h.registerVerified({ division: CLASS });
    await h.deps.db.update(users).set({ email: null }).where(eq(users.id, noMail.id));
    const open = await session({ inMin: 10 });
    const mail = await join(noMail.token, open);
    expect(mail.status).toBe(403);
    expect(mail.json.code).toBe("email_required");

    for (const body of [{}, { content_id: "x" }, { content_id: 0 }, { content_id: open, domain_id: "a" }]) {
      const res = await post(pupil.token, "/api/events/join-user", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await post(pupil.token, "/api/events/join-user", {})).json.errors.content_id).toEqual(["event_invalid"]);
    expect((await get(pupil.token, "/api/events/abc/get-join-link")).status).toBe(422);
    const parent = await h.login("parent@darsi.tn");
    expect((await join(parent, open)).status).toBe(403);
  });
});

describe("the live room's presence, the rating and the attendance history", () => {
  it("counts the time between beats (at most 60 s a beat), rates once, and lists the attendance", async () => {
    const id = await session({ inMin: -5, minutes: 120 });
    expect((await post(pupil.token, `/api/events/${id}/attendance`, {})).json.code).toBe("event_not_joined");
    expect((await join(pupil.token, id)).status).toBe(200);

    // Joined but never in the room: not attended, not rateable.
    const notYet = await post(pupil.token, "/svc/reviews/review", { content_event_id: id, rating: 4 });
    expect(notYet.status).toBe(403);
    expect(notYet.json.code).toBe("session_not_attended");

    const first = await post(pupil.token, `/api/events/${id}/attendance`, {});
    expect(first.status, first.text).toBe(200);
    expect(first.json.payload.attendanceTimeInSeconds).toBe(0);
    clock.advance(20_000);
    expect((await post(pupil.token, `/api/events/${id}/attendance`, { leaving: false })).json.payload.attendanceTimeInSeconds).toBe(20);
    clock.advance(10 * 60_000);
    expect((await post(pupil.token, `/api/events/${id}/attendance`, { leaving: true })).json.payload.attendanceTimeInSeconds).toBe(80);
    expect((await post(pupil.token, `/api/events/${id}/attendance`, { leaving: "yes" })).status).toBe(422);

    const rateables = await get(pupil.token, "/svc/reviews/rateables");
    expect(rateables.status).toBe(200);
    const mine = rateables.json.payload.find((r: { content_event: { id: number } }) => r.content_event.id === id);
    expect(mine.attendee.attendanceTimeInSeconds).toBe(80);
    expect(mine.content_event.content.name).toBe("Séance de test");

    for (const body of [{ content_event_id: id }, { content_event_id: id, rating: 0 }, { content_event_id: id, rating: 6 }, { content_event_id: id, rating: 3, comment: "x".repeat(501) }, { rating: 3 }]) {
      const res = await post(pupil.token, "/svc/reviews/review", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await post(pupil.token, "/svc/reviews/review", { content_event_id: id })).json.errors.rating).toEqual(["rating_required"]);

    const rated = await post(pupil.token, "/svc/reviews/review", { content_event_id: id, rating: 5, comment: " Très claire " });
    expect(rated.status, rated.text).toBe(201);
    expect(rated.json.payload).toEqual({ content_event_id: id, rating: 5, comment: "Très claire" });
    const twice = await post(pupil.token, "/svc/reviews/review", { content_event_id: id, rating: 4 });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe("review_exists");
    expect((await post(pupil.token, "/svc/reviews/dont-want-to-rate", { content_event_id: id })).json.code).toBe("review_exists");
    const after = await get(pupil.token, "/svc/reviews/rateables");
    expect(after.json.payload.some((r: { content_event: { id: number } }) => r.content_event.id === id)).toBe(false);

    const history = await get(pupil.token, "/svc/analytics/attendance-history", { limit: 10, from: 0 });
    expect(history.status).toBe(200);
    expect(history.json.payload[0]).toEqual({ event_id: id, session_start_date: expect.any(String), title: "Séance de test", attendance_duration: 80 });
    expect(history.json.meta.total).toBe(1);
    const badPages: Array<Record<string, string | number>> = [{ limit: 0 }, { limit: 101 }, { from: -1 }, { limit: "x" }];
    for (const query of badPages) {
      expect((await get(pupil.token, "/svc/analytics/attendance-history", query)).status).toBe(422);
    }
    clock.set(new Date("2026-11-24T09:17:00Z"));
  });

  it("declining with an empty body answers every pending session once; another class's session is not found", async () => {
    const a = await session({ inMin: -20, minutes: 120 });
    const b = await session({ inMin: -30, minutes: 120 });
    for (const id of [a, b]) await h.deps.db.insert(liveEventAttendees).values({ eventId: id, userId: pupil.id, attendanceS: 30 });
    const declined = await post(pupil.token, "/svc/reviews/dont-want-to-rate", {});
    expect(declined.status).toBe(200);
    expect(declined.json.payload.declined).toBeGreaterThanOrEqual(2);
    expect((await get(pupil.token, "/svc/reviews/rateables")).json.payload).toEqual([]);
    expect((await post(pupil.token, "/svc/reviews/dont-want-to-rate", {})).json.payload.declined).toBe(0);
    expect((await post(pupil.token, "/svc/reviews/review", { content_event_id: a, rating: 3 })).json.code).toBe("review_exists");

    const theirs = await session({ inMin: -20, division: 12 });
    await h.deps.db.insert(liveEventAttendees).values({ eventId: theirs, userId: other.id, attendanceS: 30 });
    const foreign = await post(pupil.token, "/svc/reviews/review", { content_event_id: theirs, rating: 3 });
    expect(foreign.status).toBe(404);
    // The other pupil's history is theirs only.
    const mine = await get(pupil.token, "/svc/analytics/attendance-history");
    expect(mine.json.payload.some((r: { event_id: number }) => r.event_id === theirs)).toBe(false);
    const theirHistory = await get(other.token, "/svc/analytics/attendance-history");
    expect(theirHistory.json.payload.map((r: { event_id: number }) => r.event_id)).toEqual([theirs]);
  });
});

describe("buying a session's module", () => {
  it("a module bought at the checkout (chapter and event) turns Acheter into Participer, and the session can be joined", async () => {
    const buyer = await h.registerVerified({ division: CLASS });
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: buyer.id, amount: 500_000, description: "test funding" }));
    const id = await session({ inMin: 60, chapter: true });
    const before = await get(buyer.token, "/api/events", { offset: 0 });
    const ev = before.json.payload.contents.find((e: { id: number }) => e.id === id);
    expect(ev.action).toBe("buy");
    expect((await join(buyer.token, id)).json.code).toBe("event_purchase_required");

    const offers = (await get(buyer.token, "/api/student/offers")).json.payload as Array<{ id: number; per_subject?: boolean; pricing: Array<{ period: string; final_price: number }> }>;
    const offer = offers.find((o) => o.pricing.some((p) => p.period === "day"))!;
    const amount = offer.pricing.find((p) => p.period === "day")!.final_price;
    const bought = await h.request("POST", "/api/student/checkout/buy", {
      token: buyer.token,
      headers: { "idempotency-key": randomUUID() },
      body: { offerDivisionDetail: offer.id, period: "day", chapter: ev.event.chapterId, event: id, amount },
    });
    expect(bought.status, bought.text).toBe(201);
    expect(bought.json.payload.event_id).toBe(id);

    const after = await get(buyer.token, "/api/events", { offset: 0 });
    const now = after.json.payload.contents.find((e: { id: number }) => e.id === id);
    expect([now.owned, now.action]).toEqual([true, "join"]);
    expect((await join(buyer.token, id)).status).toBe(200);
  });
});

describe("at the same time", () => {
  it("five beats at once count the time since the last beat once; two ratings at once are one review", async () => {
    const id = await session({ inMin: -5, minutes: 120 });
    expect((await join(pupil.token, id)).status).toBe(200);
    expect((await post(pupil.token, `/api/events/${id}/attendance`, {})).status).toBe(200);
    clock.advance(20_000);
    const beats = await Promise.all(Array.from({ length: 5 }, () => post(pupil.token, `/api/events/${id}/attendance`, {})));
    expect(beats.map((b) => b.status)).toEqual([200, 200, 200, 200, 200]);
    const [row] = await h.deps.db.select().from(liveEventAttendees).where(and(eq(liveEventAttendees.eventId, id), eq(liveEventAttendees.userId, pupil.id)));
    expect(row!.attendanceS).toBe(20);
    const answers = await Promise.all([4, 5].map((rating) => post(pupil.token, "/svc/reviews/review", { content_event_id: id, rating })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    clock.set(new Date("2026-11-24T09:17:00Z"));
  });
});
