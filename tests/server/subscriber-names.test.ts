/**
 * An operator's subscriber who has not given their name (issue 22 item 2), as other people see them through the API
 * on a real database: every answer that names another account gives null (`PersonNameSchema`, domain/user.ts) instead
 * of the stored placeholder — a transfer's counterpart (both sides' history, the sender's own answers), the wallet
 * statement, the parent's requests, the referrer's history of their code, the influencer's buyers, the class tablet's
 * grid — and the texts written about them (the receiver's notification, the sender's code message) say "Ooredoo
 * subscriber" / "مشترك Ooredoo" in English and Arabic, never "Abonné".
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIBER_PLACEHOLDER_NAME } from "../../domain/user";
import { tnd } from "../../domain/money";
import { priceOffer, toPricedOffer, type OfferDto } from "../../domain/offers";
import { ISOLATE_END, ISOLATE_LTR, ISOLATE_RTL } from "../../domain/notifications";
import { discountCodes, discountCodeUses, notifications, users } from "../../server/db/schema";
import { requestParentLink } from "../../server/services/account/parents";
import { PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let subscriber: NewStudent;
let named: NewStudent;
let keyN = 0;
const key = () => `subscriber-names-${Date.now()}-${(keyN += 1)}`;

/** What the operator's return writes for a new account (server/services/operator/subscriptions.ts). */
const makeNameless = (id: number) =>
  h.deps.db.update(users).set({ name: SUBSCRIBER_PLACEHOLDER_NAME.name, lastName: SUBSCRIBER_PLACEHOLDER_NAME.lastName }).where(eq(users.id, id));
const fund = (userId: number, amount: number) =>
  h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: userId, amount }));

async function transfer(from: NewStudent, to: NewStudent, points: number) {
  const started = await h.request("POST", "/api/student/transfer-points", { token: from.token, body: { toUser: to.phone, points }, headers: { "Idempotency-Key": key() } });
  expect(started.status, started.text).toBe(201);
  const code = await h.lastCode(from.phone, "transfer");
  const done = await h.request("POST", "/api/student/confirm-transfer-points", {
    token: from.token,
    body: { confirmationToken: code, transfer: started.json.payload.id },
    headers: { "Idempotency-Key": key() },
  });
  expect(done.status, done.text).toBe(200);
  return { started, done };
}

beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "100" } });
  subscriber = await h.registerVerified({ division: 18 });
  named = await h.registerVerified({ division: 18 });
  await makeNameless(subscriber.id);
  await fund(subscriber.id, 50_000);
  await fund(named.id, 50_000);
});
afterAll(() => h?.close());

describe("a transfer from or to a nameless subscriber", () => {
  it("names them null in the history of both sides and in the sender's answers, never the placeholder", async () => {
    const { started, done } = await transfer(subscriber, named, 10_000);
    expect(started.json.payload.from_user).toEqual({ id: subscriber.id, name: null });
    expect(done.json.payload.sender).toEqual({ id: subscriber.id, name: null });
    const theirs = await h.request("GET", "/api/student/transfer-points-history", { token: named.token });
    expect(theirs.json.payload[0]).toMatchObject({ direction: "received", from_user: { id: subscriber.id, name: null }, to_user: { id: named.id, name: expect.any(String) } });
    expect(theirs.text).not.toContain("Abonné");
    // The other way: the subscriber sends to a named pupil, a named pupil to the subscriber.
    const back = await transfer(named, subscriber, 10_000);
    expect(back.started.json.payload.to_user).toEqual({ id: subscriber.id, name: null });
    expect(back.started.json.payload.from_user.name).toEqual(expect.any(String));
  });

  it("writes the receiver's notification and the sender's code message in each language, the brand isolated", async () => {
    const [received] = await h.deps.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${named.id} and ${notifications.type} = 'transfer_received'`)
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    const brand = `${ISOLATE_LTR}Ooredoo${ISOLATE_END}`;
    expect(received!.bodyEn).toBe(`You received 10 points from ${ISOLATE_LTR}${brand} subscriber${ISOLATE_END}.`);
    expect(received!.bodyAr).toContain(`من ${ISOLATE_RTL}مشترك ${brand}${ISOLATE_END}.`);
    expect(received!.body).toContain(`${ISOLATE_LTR}Abonné ${brand}${ISOLATE_END} vous a transféré`);
    // The sender's own bell and SMS/e-mail about a transfer to the subscriber.
    const [toConfirm] = await h.deps.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${named.id} and ${notifications.type} = 'transfer_to_confirm'`)
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    expect(toConfirm!.bodyEn).toContain(`to ${ISOLATE_LTR}${brand} subscriber${ISOLATE_END} with the code`);
    expect(`${toConfirm!.bodyEn} ${toConfirm!.bodyAr}`).not.toContain("Abonné");
  });

  it("names the counterpart null in the wallet statement of the other pupil", async () => {
    const res = await h.request("GET", "/api/student/wallet/statement", { token: named.token, query: { kind: "transfer" } });
    expect(res.status, res.text).toBe(200);
    const rows = res.json.payload as Array<{ kind: string; counterpart: { name: string | null } | null }>;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.kind === "transfer" && r.counterpart !== null && r.counterpart.name === null)).toBe(true);
    // The subscriber's own statement names the named pupil.
    const own = await h.request("GET", "/api/student/wallet/statement", { token: subscriber.token, query: { kind: "transfer" } });
    expect((own.json.payload as Array<{ counterpart: { name: string | null } }>).every((r) => typeof r.counterpart.name === "string" && r.counterpart.name.length > 0)).toBe(true);
    // Rows that are not transfers have no counterpart at all.
    const all = await h.request("GET", "/api/student/wallet/statement", { token: named.token });
    expect((all.json.payload as Array<{ kind: string; counterpart: unknown }>).filter((r) => r.kind !== "transfer").every((r) => r.counterpart === null)).toBe(true);
  });
});

describe("other people's lists", () => {
  it("a parent's request from a nameless subscriber: names null, the parent's notification in each language", async () => {
    const parent = await h.login("parent@darsi.tn");
    const parentId = (await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "parent@darsi.tn")))[0]!.id;
    expect(await h.deps.db.transaction((tx) => requestParentLink(tx, { childId: subscriber.id, parentPhone: "22000005" }))).toMatchObject({ id: expect.any(Number) });
    const res = await h.request("GET", "/api/request-parent-user-children", { token: parent });
    expect(res.status, res.text).toBe(200);
    const mine = (res.json.payload as Array<{ child_user: { id: number; name: string | null; last_name: string | null } }>).find((r) => r.child_user.id === subscriber.id);
    expect(mine?.child_user).toMatchObject({ name: null, last_name: null });
    const [notice] = await h.deps.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${parentId} and ${notifications.type} = 'parent_request_created'`)
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    expect(notice!.bodyEn).toMatch(/^\u2066\u2066Ooredoo\u2069 subscriber\u2069 has added you/);
    expect(notice!.bodyAr).toContain("مشترك");
    expect(`${notice!.bodyEn}${notice!.bodyAr}`).not.toContain("Abonné");
  });

  it("the referrer's history of their code and the influencer's buyers name a nameless buyer null", async () => {
    // A friend buys Gold with the demo pupil's referral code, then is the operator's nameless subscriber.
    const friend = await h.registerVerified({ division: 7 });
    await fund(friend.id, tnd(200));
    const gold = ((await h.request("GET", "/api/student/offers", { token: friend.token })).json.payload as OfferDto[]).find((o) => o.offer_id === 35)!;
    const priced = priceOffer(toPricedOffer(gold), { period: "month", subjectIds: null, code: { type: "percentage", amount: 5 } });
    if (!priced.ok) throw new Error("Gold has no monthly price");
    expect((await h.request("POST", "/api/student/discount-code", { token: friend.token, body: { code: "CP-YASMINE", offerId: 35, period: "month" } })).status).toBe(201);
    const bought = await h.request("POST", "/api/student/checkout/buy", {
      token: friend.token,
      body: { offerDivisionDetail: gold.id, period: "month", amount: priced.price.final },
      headers: { "idempotency-key": key() },
    });
    expect(bought.status, bought.text).toBe(201);
    const [buyer] = await h.deps.db
      .select({ userId: discountCodeUses.userId, codeId: discountCodes.id })
      .from(discountCodeUses)
      .innerJoin(discountCodes, eq(discountCodes.id, discountCodeUses.codeId))
      .where(eq(discountCodes.code, "SAMI10"))
      .limit(1);
    await makeNameless(friend.id);
    await makeNameless(buyer!.userId);
    const gifts = await h.request("GET", "/api/student/history/generated-gifts", { token: await h.login("eleve@darsi.tn") });
    expect(gifts.status, gifts.text).toBe(200);
    expect(gifts.json.payload).toEqual(expect.arrayContaining([expect.objectContaining({ name: null, last_name: null })]));
    expect(gifts.text).not.toContain("Abonné");
    const buyers = await h.request("GET", `/api/discount-code-histories/${buyer!.codeId}`, { token: await h.login("influenceur@darsi.tn") });
    expect(buyers.status, buyers.text).toBe(200);
    expect(buyers.json.payload).toEqual(expect.arrayContaining([expect.objectContaining({ user: { name: null, last_name: null } })]));
    expect(buyers.text).not.toContain("Abonné");
  });
});
