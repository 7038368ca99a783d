/**
 * The mobile-operator subscription end to end through the Digital Virgo sandbox (SPEC §2, §5, §6, §8): a visitor's
 * checkout, the operator's page, the signed return activating once however often it arrives (one account, one
 * affiliation of group 33, one ledger movement cash-in → revenue), the errors of §8, the failure return, unsubscribe
 * and renewal, bad input.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affiliations, ledgerEntries, operatorSubscriptions, users } from "../../server/db/schema";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { renewDue } from "../../server/services/operator/subscriptions";
import { checkLedger, PLATFORM_WALLETS } from "../../server/services/wallet/ledger";
import { createClock, startTestServer, type TestServer } from "./harness";
import { checkout, confirmedReturn, decide, idem, queryOf, ticketOf } from "./operator-flow";

let h: TestServer;
const clock = createClock(new Date("2026-11-24T10:00:00Z"));
let counter = Number.parseInt(randomBytes(2).toString("hex"), 16) * 10;
/** A phone no account has (starting with 4: the harness' pupils start with 5, the demo's with 2, the matrix's with 9). */
const freshPhone = () => `4${String((counter += 1) % 10_000_000).padStart(7, "0")}`;
const BAC_MATHS = 18;
const PRIMARY_4 = 1;

beforeAll(async () => {
  h = await startTestServer({ now: clock.now });
});
afterAll(() => h?.close());

const subOf = async (orderId: string) => (await h.deps.db.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.orderId, orderId)))[0]!;
const movementsOf = async (subId: number) =>
  h.deps.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.refType, "operator_subscription"), sql`${ledgerEntries.refId} like ${`${subId}:%`}`));

describe("public catalogue", () => {
  it("GET /offers: four levels with the prices of SPEC §9 in millimes", async () => {
    const res = await h.request("GET", "/api/offers");
    expect(res.status).toBe(200);
    expect(res.json.payload.map((o: { level: string; perDay: number; perWeek: number }) => [o.level, o.perDay, o.perWeek])).toEqual([
      ["primary", 950, 7750],
      ["basic", 1600, 12250],
      ["secondary", 1600, 12250],
      ["baccalaureate", 2300, 17250],
    ]);
    expect(res.json.payload[0].group).toEqual({ id: 33, name: "Silver", name_ar: "فضي", name_en: "Silver" });
  });

  it("GET /{level}/divisions: the classes of the level; an unknown level is refused", async () => {
    const primary = await h.request("GET", "/api/primary/divisions");
    expect(primary.json.payload.map((d: { id: number }) => d.id)).toEqual([1, 2, 3]);
    expect((await h.request("GET", "/api/college/divisions")).status).toBe(422);
  });
});

describe("a visitor subscribes through the sandbox", () => {
  it("checkout → the operator's page → Confirm → success twice: one account, one affiliation, one movement, signed in", async () => {
    const phone = freshPhone();
    const res = await checkout(h, { recurrence: 7, phone, division: BAC_MATHS });
    expect(res.status, res.text).toBe(200);
    const { redirectUrl, orderId } = res.json.payload;
    expect(redirectUrl).toMatch(/^\/sandbox\/digitalvirgo\/pay\?t=/);
    expect((await subOf(orderId)).status).toBe("pending");

    // The operator's page shows the price of a week of the bac level.
    const page = await h.request("GET", redirectUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.text).toContain("17,25 DT / semaine");
    expect(page.text).toContain('value="confirm"');

    // A real browser posts the form: 303 back to the app's return page with a signed query.
    const form = await h.request("POST", "/sandbox/digitalvirgo/pay", {
      body: new URLSearchParams({ t: ticketOf(redirectUrl), action: "confirm" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(303);
    const location = form.headers.get("location")!;
    expect(location).toMatch(/^\/digitalvirgo\/success\?orderId=/);
    const query = { ...queryOf(location), checkFromFront: "1" };

    const before = await checkLedger(h.deps.db);
    const first = await h.request("GET", "/api/digitalvirgo/success", { query });
    expect(first.status, first.text).toBe(200);
    expect(first.json.payload).toMatchObject({ orderId, status: "active", recurrence: 7, price: 17_250, newAccount: true, user_type: "student" });
    expect(first.json.payload.token).toEqual(expect.any(String));
    // The callback arrives again (a reload, a second tab): the same activation, nothing more — and no second session
    // (the link signs in once).
    const second = await h.request("GET", "/api/digitalvirgo/success", { query });
    expect(second.status).toBe(200);
    expect(second.json.payload).toMatchObject({ orderId, status: "active", end_date: first.json.payload.end_date });
    expect(second.json.payload.token).toBeUndefined();

    const sub = await subOf(orderId);
    expect(sub).toMatchObject({ status: "active", recurrence: 7, price: 17_250 });
    expect(sub.renewsAt!.toISOString()).toBe("2026-12-01T10:00:00.000Z");
    const [account] = await h.deps.db.select().from(users).where(eq(users.phone, phone));
    expect(account).toMatchObject({ id: sub.userId, verified: true, divisionId: BAC_MATHS, userType: "student" });
    const affs = await h.deps.db.select().from(affiliations).where(eq(affiliations.userId, account!.id));
    expect(affs).toHaveLength(1);
    expect(affs[0]).toMatchObject({ offerId: 33, groupId: 33, period: "week", startDate: "2026-11-24", endDate: "2026-12-01", amountPaid: 17_250 });
    const entries = await movementsOf(sub.id);
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => [e.walletId, e.amount, e.kind]).sort()).toEqual([
      [PLATFORM_WALLETS.cashIn, -17_250, "operator"],
      [PLATFORM_WALLETS.revenue, 17_250, "operator"],
    ].sort());
    expect(affs[0]!.movementId).toBe(entries[0]!.movementId);
    const after = await checkLedger(h.deps.db);
    expect(after.ok).toBe(true);
    expect(after.entries - before.entries).toBe(2);

    // The session works: the pupil has access (Silver) and is an operator client; the pupil's points did not move.
    const me = await h.request("GET", "/api/auth/me", { token: first.json.payload.token });
    expect(me.status).toBe(200);
    expect(me.json.payload.affiliations.map((a: { group: { id: number } }) => a.group.id)).toEqual([33]);
    expect(me.json.payload.points).toBe(0);
    expect(me.json.payload.digitalVirgoClient).toBe(true);
    // The SMS with a code to choose a password (the reset flow).
    const sms = (await h.outbox()).find((m) => m.to === phone);
    expect(sms).toMatchObject({ channel: "sms", kind: "subscriber_welcome" });
    const reset = await h.request("POST", "/api/auth/reset-password", {
      body: { token: sms!.code, credential: phone, newPassword: "Abonne#2026", retypePassword: "Abonne#2026" },
      ip: h.freshIp(),
    });
    expect(reset.status, reset.text).toBe(200);
    expect(await h.login(phone, "Abonne#2026")).toEqual(expect.any(String));
  });

  it("the return link signs in once: of the same link used twice at once, one answer carries a session", async () => {
    const query = await confirmedReturn(h, { recurrence: 1, phone: freshPhone(), division: PRIMARY_4 });
    const both = await Promise.all([1, 2].map(() => h.request("GET", "/api/digitalvirgo/success", { query })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.filter((r) => typeof r.json.payload.token === "string")).toHaveLength(1);
    const third = await h.request("GET", "/api/digitalvirgo/success", { query });
    expect(third.json.payload).toMatchObject({ status: "active", newAccount: true });
    expect(third.json.payload.token).toBeUndefined();
    const sub = await subOf(query.orderId!);
    expect(sub.sessionIssuedAt).not.toBeNull();
    expect(await movementsOf(sub.id)).toHaveLength(2);
  });

  it("the same return after the session window: still one activation, no new session", async () => {
    const phone = freshPhone();
    const query = await confirmedReturn(h, { recurrence: 1, phone, division: PRIMARY_4 });
    const first = await h.request("GET", "/api/digitalvirgo/success", { query });
    expect(first.json.payload).toMatchObject({ price: 950, recurrence: 1 });
    clock.advance(20 * 60_000);
    const late = await h.request("GET", "/api/digitalvirgo/success", { query });
    expect(late.status).toBe(200);
    expect(late.json.payload.token).toBeUndefined();
    const sub = await subOf(query.orderId!);
    expect(await movementsOf(sub.id)).toHaveLength(2);
  });

  it("concurrent returns of one order: one activation", async () => {
    const query = await confirmedReturn(h, { recurrence: 1, phone: freshPhone(), division: 5 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.request("GET", "/api/digitalvirgo/success", { query })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const sub = await subOf(query.orderId!);
    expect(await movementsOf(sub.id)).toHaveLength(2);
    expect(await h.deps.db.select().from(affiliations).where(eq(affiliations.userId, sub.userId!))).toHaveLength(1);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("a retried checkout with its key replays the same order", async () => {
    const headers = idem();
    const body = { recurrence: "7", phone: `+216 ${freshPhone()}`, division: "12" };
    const a = await h.request("POST", "/api/checkout", { body, headers });
    const b = await h.request("POST", "/api/checkout", { body, headers });
    expect(a.status, a.text).toBe(200);
    expect(b.json.payload).toEqual(a.json.payload);
    expect(b.headers.get("idempotency-replayed")).toBe("true");
    expect((await subOf(a.json.payload.orderId)).price).toBe(12_250);
  });

  it("a forged or altered return is refused and activates nothing", async () => {
    const query = await confirmedReturn(h, { recurrence: 1, phone: freshPhone(), division: BAC_MATHS });
    for (const bad of [{ ...query, sig: "x".repeat(43) }, { ...query, status: "success", tx: "DVother" }, { ...query, sig: "" }]) {
      const res = await h.request("GET", "/api/digitalvirgo/success", { query: bad });
      expect(res.status).toBe(403);
    }
    expect((await subOf(query.orderId!)).status).toBe("pending");
    const unknown = await h.request("GET", "/api/digitalvirgo/success", { query: { ...query, orderId: "dv_unknownorder000" } });
    expect(unknown.status).toBe(403);
  });
});

describe("errors of SPEC §8", () => {
  it("a phone with an account: 'Le numéro existe déjà' on the phone field", async () => {
    const res = await checkout(h, { recurrence: 1, phone: "22000002", division: BAC_MATHS });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: "operator_phone_exists", errors: { phone: ["operator_phone_exists"] } });
  });

  it("a phone with a live subscription: 'You are already registered' (409)", async () => {
    const phone = freshPhone();
    const query = await confirmedReturn(h, { recurrence: 7, phone, division: BAC_MATHS });
    expect((await h.request("GET", "/api/digitalvirgo/success", { query })).status).toBe(200);
    const again = await checkout(h, { recurrence: 1, phone, division: BAC_MATHS });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("operator_already_client");
  });

  it("Cancel on the operator's page: the echec return records the failure once, success is then refused", async () => {
    const res = await checkout(h, { recurrence: 1, phone: freshPhone(), division: BAC_MATHS });
    const back = await decide(h, res.json.payload.redirectUrl, "cancel");
    expect(back).toMatch(/^\/digitalvirgo\/echec\?/);
    const query = queryOf(back);
    const echec = await h.request("POST", "/api/digitalvirgo/echec", { body: query });
    expect(echec.status, echec.text).toBe(200);
    expect(echec.json.payload).toEqual({ orderId: query.orderId, status: "failed" });
    expect((await h.request("POST", "/api/digitalvirgo/echec", { body: query })).json.payload.status).toBe("failed");
    expect((await subOf(query.orderId!)).status).toBe("failed");
    // A cancelled return cannot be turned into a success.
    expect((await h.request("GET", "/api/digitalvirgo/success", { query })).status).toBe(422);
    expect((await h.request("POST", "/api/digitalvirgo/echec", { body: { ...query, sig: "forged" } })).status).toBe(403);
  });

  it("an abandoned confirmation does not block the phone: the next checkout closes it", async () => {
    const phone = freshPhone();
    const first = await checkout(h, { recurrence: 1, phone, division: BAC_MATHS });
    const second = await checkout(h, { recurrence: 7, phone, division: BAC_MATHS });
    expect(second.status).toBe(200);
    expect((await subOf(first.json.payload.orderId)).status).toBe("failed");
  });
});

describe("a signed-in pupil", () => {
  it("subscribes their own phone, the return keeps their session, unsubscribe ends the renewal but not the access", async () => {
    const pupil = await h.registerVerified({ division: 7 });
    const query = await confirmedReturn(h, { recurrence: 7 }, pupil.token);
    const res = await h.request("GET", "/api/digitalvirgo/success", { query, token: pupil.token });
    expect(res.status, res.text).toBe(200);
    expect(res.json.payload).toMatchObject({ newAccount: false, price: 12_250 });
    expect(res.json.payload.token).toBeUndefined();
    expect((await h.request("POST", "/api/digitalvirgo/checkout", { body: { recurrence: 1 }, token: pupil.token, headers: idem() })).status).toBe(409);

    const un = await h.request("POST", "/api/digitalvirgo/unsubscribe", { token: pupil.token });
    expect(un.status, un.text).toBe(200);
    expect(un.json.payload).toMatchObject({ status: "cancelled", end_date: res.json.payload.end_date });
    const sub = await subOf(query.orderId!);
    expect(sub.status).toBe("cancelled");
    expect(sub.cancelledAt).not.toBeNull();
    const me = await h.request("GET", "/api/auth/me", { token: pupil.token });
    expect(me.json.payload.affiliations.map((a: { group: { id: number } }) => a.group.id)).toContain(33);
    expect(me.json.payload.digitalVirgoClient).toBe(false);
    // Nothing left to cancel.
    const twice = await h.request("POST", "/api/digitalvirgo/unsubscribe", { token: pupil.token });
    expect(twice.status).toBe(404);
    expect(twice.json.code).toBe("operator_not_subscribed");
    // Cancelled subscriptions are not renewed.
    clock.advance(8 * 24 * 3600_000);
    await renewDue(h.deps);
    expect(await movementsOf(sub.id)).toHaveLength(2);
  });

  it("renewal charges each due period once, with its own affiliation and movement", async () => {
    const query = await confirmedReturn(h, { recurrence: 1, phone: freshPhone(), division: BAC_MATHS });
    expect((await h.request("GET", "/api/digitalvirgo/success", { query })).status).toBe(200);
    const sub = await subOf(query.orderId!);
    clock.advance(24 * 3600_000 + 1000);
    // The operator command (npm run admin -- operator-renew) through its route: only with the server's key.
    expect((await h.request("POST", "/api/admin/operator-renew", { body: {} })).status).toBe(403);
    const first = await h.request("POST", "/api/admin/operator-renew", { body: {}, headers: { "x-admin-key": adminCliKey(h.deps.secret) } });
    expect(first.status, first.text).toBe(200);
    expect(first.json.payload.renewed).toBeGreaterThanOrEqual(1);
    await renewDue(h.deps);
    expect(await movementsOf(sub.id)).toHaveLength(4);
    const renewed = await subOf(query.orderId!);
    expect(renewed.renewsAt!.getTime()).toBe(sub.renewsAt!.getTime() + 24 * 3600_000);
    expect(await h.deps.db.select().from(affiliations).where(eq(affiliations.userId, sub.userId!))).toHaveLength(2);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("parents and teachers cannot subscribe as pupils", async () => {
    const parent = await h.login("parent@darsi.tn");
    expect((await h.request("POST", "/api/digitalvirgo/checkout", { body: { recurrence: 1 }, token: parent, headers: idem() })).status).toBe(403);
  });
});

describe("bad input: 422, nothing recorded", () => {
  it.each([
    [{ recurrence: 2, phone: "41234567", division: 18 }, "recurrence", "recurrence_invalid"],
    [{ recurrence: "30", phone: "41234567", division: 18 }, "recurrence", "recurrence_invalid"],
    [{ phone: "41234567", division: 18 }, "recurrence", "recurrence_invalid"],
    [{ recurrence: 1, phone: "", division: 18 }, "phone", "phone_required"],
    [{ recurrence: 1, phone: "1234567", division: 18 }, "phone", "phone_invalid"],
    [{ recurrence: 1, phone: "31234567", division: 18 }, "phone", "phone_invalid"],
    [{ recurrence: 1, phone: "41234567" }, "division", "division_required"],
    [{ recurrence: 1, phone: "41234567", division: 99_999 }, "division", "division_invalid"],
    [{ recurrence: 1, phone: "41234567", division: 99_999_999_999 }, "division", "division_invalid"],
    [{ recurrence: 1, phone: "41234567", division: -3 }, "division", "division_invalid"],
  ])("%j → %s %s", async (body, field, code) => {
    const [count] = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(operatorSubscriptions);
    const res = await h.request("POST", "/api/checkout", { body, headers: idem(), ip: h.freshIp() });
    expect(res.status).toBe(422);
    expect(res.json.errors[field]).toEqual([code]);
    const [after] = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(operatorSubscriptions);
    expect(after!.n).toBe(count!.n);
  });

  it("without an Idempotency-Key: 422", async () => {
    const res = await h.request("POST", "/api/checkout", { body: { recurrence: 1, phone: freshPhone(), division: 18 } });
    expect(res.json.code).toBe("idempotency_key_required");
  });

  it("a huge or malformed order id or ticket: 4xx, never 5xx", async () => {
    for (const orderId of ["9".repeat(80), "../../etc", "dv_\u0000abc12345"]) {
      const res = await h.request("GET", "/api/digitalvirgo/success", { query: { orderId, status: "success", sig: "x", ts: "1" } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await h.request("GET", "/sandbox/digitalvirgo/pay", { query: { t: "forged.ticket-value" } })).status).toBe(404);
    expect((await h.request("POST", "/sandbox/digitalvirgo/pay", { body: { t: "forged.ticket-value", action: "confirm" } })).status).toBe(404);
    expect((await h.request("POST", "/sandbox/digitalvirgo/pay", { body: { t: "forged.ticket-value", action: "steal" } })).status).toBe(422);
  });
});
