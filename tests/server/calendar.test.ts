/**
 * One calendar (issue 18 item 6): every rule that depends on the day counts Africa/Tunis days (`domain/days.ts`). The
 * clock stands at 23:30 UTC, which is already 00:30 of the next day in Tunis: access that ends "today" (yesterday in
 * Tunis) is over, a purchase starts on the Tunis day, a refund ends on the Tunis yesterday.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tnd } from "../../domain/money";
import type { OfferDto } from "../../domain/offers";
import { affiliations, chapters, contents, subjects } from "../../server/db/schema";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { createClock, startTestServer, type NewStudent, type TestServer } from "./harness";

// Friday 27 November 2026, 23:30 in Tunis (22:30 UTC): still the 27th there.
const EVENING = new Date("2026-11-27T22:30:00Z");
// 23:30 UTC: 00:30 on Saturday the 28th in Tunis, while the UTC day is still the 27th.
const AFTER_MIDNIGHT = new Date("2026-11-27T23:30:00Z");

const clock = createClock(EVENING);
let h: TestServer;
let pupil: NewStudent;
let lesson: { id: number; slug: string; chapterId: number; chapter: string; subjectId: number; subject: string };

beforeAll(async () => {
  h = await startTestServer({ now: clock.now });
  pupil = await h.registerVerified({ division: 7 });
  const [row] = await h.deps.db
    .select({ id: contents.id, slug: contents.slug, chapterId: chapters.id, chapter: chapters.slug, subjectId: subjects.id, subject: subjects.slug })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, 7), eq(contents.isFree, false), eq(contents.typeId, 2)))
    .limit(1);
  lesson = row!;
});
afterAll(() => h?.close());

/** Gold (group 35: every subject of the class) from `start` to `end` included. */
const grantGold = (start: string, end: string) =>
  h.deps.db.insert(affiliations).values({ userId: pupil.id, offerId: 35, groupId: 35, period: "day", startDate: start, endDate: end, amountPaid: 0 });

/** What the pupil gets of the lesson: whether it is locked, and whether a progress post is taken. */
async function access() {
  const token = pupil.token;
  const got = await h.request("GET", `/api/student/subjects/${lesson.subject}/chapters/${lesson.chapter}/contents/${lesson.slug}`, { token });
  expect(got.status, got.text).toBe(200);
  const post = await h.request("POST", "/svc/progress/progress", {
    token,
    headers: { "x-api-key": "darsi-web-progress" },
    body: { contentId: lesson.id, chapterId: lesson.chapterId, subjectId: lesson.subjectId, position: 5 },
  });
  const me = await h.request("GET", "/api/auth/me", { token });
  return {
    locked: got.json.payload.locked as boolean,
    media: got.json.payload.content_videos !== null,
    post: post.status === 200 ? "taken" : `${post.status} ${post.json?.code as string}`,
    offers: (me.json.payload.affiliations as unknown[]).length,
  };
}

describe("access that ends today ends at Tunis midnight", () => {
  it("is open at 23:30 in Tunis and closed at 00:30, while the UTC day is still the same", async () => {
    await grantGold("2026-11-27", "2026-11-27");
    clock.set(EVENING);
    expect(await access()).toEqual({ locked: false, media: true, post: "taken", offers: 1 });

    clock.set(AFTER_MIDNIGHT);
    expect(await access()).toEqual({ locked: true, media: false, post: "403 content_locked", offers: 0 });
  });

  it("an offer that ends on the 28th runs until 00:00 of the 29th in Tunis (23:00 UTC on the 28th), not one hour more", async () => {
    await grantGold("2026-11-28", "2026-11-28");
    clock.set(AFTER_MIDNIGHT);
    expect((await access()).locked).toBe(false);
    clock.set(new Date("2026-11-28T22:59:59Z"));
    expect((await access()).locked).toBe(false);
    clock.set(new Date("2026-11-28T23:00:00Z"));
    expect(await access()).toEqual({ locked: true, media: false, post: "403 content_locked", offers: 0 });
  });
});

describe("purchases and refunds count Tunis days", () => {
  it("a day bought at 00:30 in Tunis is that day; its refund ends it on the Tunis yesterday", async () => {
    clock.set(AFTER_MIDNIGHT);
    const buyer = await h.registerVerified({ division: 7 });
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: buyer.id, amount: tnd(50) }));
    const offers = (await h.request("GET", "/api/student/offers", { token: buyer.token })).json.payload as OfferDto[];
    const offer = offers.find((o) => o.pricing.some((p) => p.period === "day"))!;
    const price = offer.pricing.find((p) => p.period === "day")!.final_price;
    const bought = await h.request("POST", "/api/student/checkout/buy", {
      token: buyer.token,
      body: { offerDivisionDetail: offer.id, period: "day", amount: price },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(bought.status, bought.text).toBe(201);
    expect(bought.json.payload.affiliation).toMatchObject({ start_date: "2026-11-28", end_date: "2026-11-28" });

    const refunded = await h.request("POST", `/api/admin/affiliations/${bought.json.payload.affiliation.id as number}/refund`, {
      body: {},
      headers: { "x-admin-key": adminCliKey(h.deps.secret) },
    });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.json.payload.end_date).toBe("2026-11-27");
    expect((await h.request("GET", "/api/auth/me", { token: buyer.token })).json.payload.affiliations).toEqual([]);
  });

  it("the live-session week of Sunday 23:30 UTC is the next one (Monday 00:30 in Tunis)", async () => {
    clock.set(new Date("2026-11-29T23:30:00Z"));
    const week = await h.request("GET", "/api/events", { token: pupil.token });
    expect(week.status, week.text).toBe(200);
    expect(week.json.payload.days[0]).toEqual({ day: 1, date: "2026-11-30" });
    expect(week.json.payload.currentWeek.start).toBe("2026-11-29T23:00:00.000Z");
  });
});
