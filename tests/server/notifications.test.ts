/**
 * Notifications, messages, pop-ups and push (issue 11), through the API: the events that produce a notification (and
 * not when the pupil turned its category off), the push outbox (one FCM request per device of a live session, sent
 * after commit, none after logout), pagination 24 a page newest first, seen and mark-all, preferences, tokens,
 * messages, pop-up hiding, bad input and other users' ids.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tnd } from "../../domain/money";
import type { OfferDto } from "../../domain/offers";
import { contents, chapters, inboxMessages, notifications, popups, pushDeliveries, subjects, users } from "../../server/db/schema";
import { deliverPendingPushes } from "../../server/services/notifications/dispatch";
import { notify } from "../../server/services/notifications/notify";
import { operatorTexts } from "../../server/services/notifications/texts";
import { PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { DEMO_PASSWORD, startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;

const fund = (userId: number, amount: number) =>
  h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: userId, amount }));
const list = (token: string, query: Record<string, string | number> = {}) => h.request("GET", "/api/student/notifications", { token, query });
const setPref = (token: string, body: unknown) => h.request("PUT", "/api/user/update-notification-preferences", { token, body });
const setToken = (token: string, push: string, language?: "fr" | "en" | "ar") =>
  h.request("POST", "/api/user/set-notification-token", { token, body: { token: push, ...(language ? { language } : {}) } });
const rowsOf = async (userId: number) =>
  h.deps.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

/** The FCM requests the dev outbox holds for a device token, oldest first. */
/**
 * The pushes written to the dev outbox for a device, once its due deliveries are out: sent here, or by the server's own
 * dispatcher (kicked by `notify`), which may hold one under its lease while this call runs — so wait (3 s at most)
 * until none is pending.
 */
async function pushesTo(deviceToken: string) {
  const deadline = Date.now() + 3_000;
  for (;;) {
    await deliverPendingPushes(h.deps);
    const pending = await h.deps.db.execute(sql`
      select 1 from push_deliveries d join push_tokens t on t.id = d.token_id
       where t.token = ${deviceToken} and d.status = 'pending' limit 1`);
    if (!(pending as unknown as { rows: unknown[] }).rows.length || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const out = await h.outbox();
  return out
    .filter((m) => (m as { channel: string }).channel === "push" && m.to === deviceToken)
    .map((m) => JSON.parse(m.body) as { url: string; body: { message: { token: string; notification: { title: string; body: string }; data: Record<string, string>; webpush: { fcm_options: { link: string } } } } })
    .reverse();
}

beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "100" } });
});
afterAll(() => h?.close());

describe("events produce notifications", () => {
  let sender: NewStudent;
  let receiver: NewStudent;
  const device = `fcm-${randomUUID()}`;

  beforeAll(async () => {
    sender = await h.registerVerified();
    receiver = await h.registerVerified();
    await fund(sender.id, tnd(100));
    expect((await setToken(receiver.token, device)).status).toBe(200);
  });

  async function transfer(points: number) {
    const res = await h.request("POST", "/api/student/transfer-points", { token: sender.token, body: { toUser: receiver.phone, points }, headers: { "Idempotency-Key": randomUUID() } });
    expect(res.status, res.text).toBe(201);
    const code = await h.lastCode(sender.phone, "transfer");
    const done = await h.request("POST", "/api/student/confirm-transfer-points", {
      token: sender.token,
      query: { confirmationToken: code, transfer: res.json.payload.id },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(done.status, done.text).toBe(200);
  }

  it("a transfer: the sender is told to confirm, the receiver that points arrived — in the bell and as one FCM request", async () => {
    await transfer(tnd(10));
    const [toConfirm] = await rowsOf(sender.id);
    expect(toConfirm).toMatchObject({ category: "transferPoint", type: "transfer_to_confirm", link: "/porte-monnaie", seen: false });
    const [received] = await rowsOf(receiver.id);
    expect(received).toMatchObject({ category: "transferPoint", type: "transfer_received", link: "/porte-monnaie" });
    expect(received!.body).toContain("10 points");
    const pushes = await pushesTo(device);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.url).toMatch(/^https:\/\/fcm\.googleapis\.com\/v1\/projects\/[a-z0-9-]+\/messages:send$/);
    expect(pushes[0]!.body.message).toMatchObject({
      token: device,
      notification: { title: "Points reçus" },
      data: { notificationId: String(received!.id), userId: String(receiver.id), category: "transferPoint", url: "/porte-monnaie" },
    });
    expect(pushes[0]!.body.message.webpush.fcm_options.link).toMatch(/\/porte-monnaie$/);
    // Sent once: the dispatcher does not send it again.
    expect(await pushesTo(device)).toHaveLength(1);
    const res = await list(receiver.token);
    expect(res.json.meta).toMatchObject({ total: 1, unread: 1 });
  });

  it("not when the pupil turned transfers off: nothing stored, nothing pushed", async () => {
    expect((await setPref(receiver.token, { transferPoint: 0 })).json.payload).toMatchObject({ transferPoint: 0, giftCodeUsed: 1 });
    await transfer(tnd(10));
    expect(await rowsOf(receiver.id)).toHaveLength(1);
    expect(await pushesTo(device)).toHaveLength(1);
    expect((await setPref(receiver.token, { transferPoint: 1 })).json.payload.transferPoint).toBe(1);
  });

  it("a password change: the pupil's devices hear of it, then the signed-out device's token is gone", async () => {
    const p = await h.registerVerified();
    const phone = `fcm-${randomUUID()}`;
    await setToken(p.token, phone);
    const res = await h.request("PUT", "/api/user/change-password", {
      token: p.token,
      body: { oldPassword: p.password, newPassword: "Nouveau#2027", new_password_confirmation: "Nouveau#2027" },
    });
    expect(res.status, res.text).toBe(200);
    expect(await rowsOf(p.id)).toMatchObject([{ category: "changePassword", type: "password_changed" }]);
    const pushes = await pushesTo(phone);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.body.message.notification.title).toBe("Mot de passe modifié");
    await deliverPendingPushes(h.deps);
    const left = await h.deps.db.execute(sql`select count(*)::int as n from push_tokens where token = ${phone}`);
    expect(Number((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(0);
  });

  it("a password change with the preference off stores nothing", async () => {
    const p = await h.registerVerified();
    await setPref(p.token, { changePassword: "0" });
    const res = await h.request("PUT", "/api/user/change-password", {
      token: p.token,
      body: { oldPassword: p.password, newPassword: "Nouveau#2027", new_password_confirmation: "Nouveau#2027" },
    });
    expect(res.status).toBe(200);
    expect(await rowsOf(p.id)).toHaveLength(0);
  });

  it("a referral gift code used: its owner (eleve) is told", async () => {
    const [eleve] = await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "eleve@darsi.tn"));
    const before = (await rowsOf(eleve!.id)).length;
    const p = await h.registerVerified({ division: 7 });
    await fund(p.id, tnd(100));
    const offers = (await h.request("GET", "/api/student/offers", { token: p.token })).json.payload as OfferDto[];
    const silverPlus = offers.find((o) => o.offer_id === 33)!;
    const week = silverPlus.pricing.find((x) => x.period === "week")!.final_price;
    expect((await h.request("POST", "/api/student/discount-code", { token: p.token, body: { code: "CP-YASMINE", offerId: 33, period: "week" } })).status).toBe(201);
    const buy = await h.request("POST", "/api/student/checkout/buy", {
      token: p.token,
      body: { offerDivisionDetail: silverPlus.id, period: "week", amount: Math.round((week * 95) / 100) },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(buy.status, buy.text).toBe(201);
    const after = await rowsOf(eleve!.id);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ category: "giftCodeUsed", type: "gift_code_used", link: "/porte-monnaie" });
    expect(after.at(-1)!.body).toContain("CP-YASMINE");
  });

  it("the « Code cadeau utilisé » preference is that event's: turned off, the owner hears nothing of a use", async () => {
    const [eleve] = await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "eleve@darsi.tn"));
    const owner = { token: await h.login("eleve@darsi.tn", DEMO_PASSWORD) };
    expect((await setPref(owner.token, { giftCodeUsed: 0 })).json.payload).toMatchObject({ giftCodeUsed: 0 });
    const before = (await rowsOf(eleve!.id)).length;
    const p = await h.registerVerified({ division: 7 });
    await fund(p.id, tnd(100));
    const offers = (await h.request("GET", "/api/student/offers", { token: p.token })).json.payload as OfferDto[];
    const silverPlus = offers.find((o) => o.offer_id === 33)!;
    const week = silverPlus.pricing.find((x) => x.period === "week")!.final_price;
    expect((await h.request("POST", "/api/student/discount-code", { token: p.token, body: { code: "CP-YASMINE", offerId: 33, period: "week" } })).status).toBe(201);
    const buy = await h.request("POST", "/api/student/checkout/buy", {
      token: p.token,
      body: { offerDivisionDetail: silverPlus.id, period: "week", amount: Math.round((week * 95) / 100) },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(buy.status, buy.text).toBe(201);
    expect(await rowsOf(eleve!.id)).toHaveLength(before);
    expect((await setPref(owner.token, { giftCodeUsed: 1 })).json.payload).toMatchObject({ giftCodeUsed: 1 });
  });

  it("a new lesson announced by the operator reaches the pupils of its class, with the lesson's route", async () => {
    const [lesson] = await h.deps.db
      .select({ id: contents.id, slug: contents.slug, chapter: chapters.slug, subject: subjects.slug, divisionId: subjects.divisionId })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(eq(chapters.type, "course"))
      .limit(1);
    const inClass = await h.registerVerified({ division: lesson!.divisionId });
    const offPref = await h.registerVerified({ division: lesson!.divisionId });
    await setPref(offPref.token, { uploadNewContent: 0 });
    const { announceContent } = await import("../../server/services/notifications/operator");
    const done = await announceContent(h.deps, lesson!.id);
    expect(done.link).toBe(`/subjects/${lesson!.subject}/chapters/${lesson!.chapter}/lessons/${lesson!.slug}/content`);
    expect(await rowsOf(inClass.id)).toMatchObject([{ category: "uploadNewContent", link: done.link }]);
    expect(await rowsOf(offPref.id)).toHaveLength(0);
    expect(sender.id).not.toBe(inClass.id);
  });

  it("a rolled-back event leaves neither a notification nor a push", async () => {
    const p = await h.registerVerified();
    const phone = `fcm-${randomUUID()}`;
    await setToken(p.token, phone);
    await expect(
      h.deps.db.transaction(async (tx) => {
        await notify(tx, { userId: p.id, category: "updateSession", type: "x", texts: operatorTexts({ title: "T", body: "B" }), link: "/sessions" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await rowsOf(p.id)).toHaveLength(0);
    expect(await pushesTo(phone)).toHaveLength(0);
  });
});

describe("in the pupil's language (bell and push)", () => {
  const points = (token: string, body: unknown) =>
    h.request("POST", "/api/student/transfer-points", { token, body, headers: { "Idempotency-Key": randomUUID() } });
  async function transfer(from: NewStudent, to: NewStudent, amount: number) {
    const res = await points(from.token, { toUser: to.phone, points: amount });
    expect(res.status, res.text).toBe(201);
    const done = await h.request("POST", "/api/student/confirm-transfer-points", {
      token: from.token,
      query: { confirmationToken: await h.lastCode(from.phone, "transfer"), transfer: res.json.payload.id },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(done.status, done.text).toBe(200);
  }

  it("a transfer to a pupil whose device is in Arabic: an Arabic push, and a row (and bell entry) in the three languages", async () => {
    const sender = await h.registerVerified({ name: "Yasmine", lastName: "Trabelsi" });
    const receiver = await h.registerVerified();
    await fund(sender.id, tnd(50));
    const device = `fcm-${randomUUID()}`;
    expect((await setToken(receiver.token, device, "ar")).status).toBe(200);
    await transfer(sender, receiver, tnd(12));

    const [row] = await rowsOf(receiver.id);
    expect(row).toMatchObject({ type: "transfer_received", title: "Points reçus", titleEn: "Points received", titleAr: "وصلتك نقاط" });
    expect(row!.body).toBe("\u2068Yasmine Trabelsi\u2069 vous a transféré 12 points.");
    expect(row!.bodyEn).toBe("You received 12 points from \u2068Yasmine Trabelsi\u2069.");
    expect(row!.bodyAr).toBe("استلمت 12 نقطة من \u2068Yasmine Trabelsi\u2069.");

    const pushes = await pushesTo(device);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.body.message.notification).toEqual({ title: "وصلتك نقاط", body: row!.bodyAr });
    expect(pushes[0]!.body.message.data).toMatchObject({ type: "transfer_received", notificationId: String(row!.id) });

    // The bell sends the three languages; the client picks its own.
    const [item] = (await list(receiver.token)).json.payload;
    expect(item).toMatchObject({ id: row!.id, title: "Points reçus", title_en: "Points received", title_ar: "وصلتك نقاط", body: row!.body, body_en: row!.bodyEn, body_ar: row!.bodyAr });
    // The sender (no device language: French) was told to confirm, in the three languages too.
    const [toConfirm] = await rowsOf(sender.id);
    expect(toConfirm).toMatchObject({ type: "transfer_to_confirm", title: "Transfert à confirmer", titleEn: "Transfer to confirm", titleAr: "تحويل في انتظار التأكيد" });
  });

  it("a token registered in English then again in Arabic: its pushes switch language; the language is stored on the token", async () => {
    const p = await h.registerVerified();
    const device = `fcm-${randomUUID()}`;
    const language = async () =>
      ((await h.deps.db.execute(sql`select language from push_tokens where token = ${device}`)) as unknown as { rows: Array<{ language: string }> }).rows.map((r) => r.language);
    const changePassword = async (from: string, to: string) => {
      const res = await h.request("PUT", "/api/user/change-password", { token: p.token, body: { oldPassword: from, newPassword: to, new_password_confirmation: to } });
      expect(res.status, res.text).toBe(200);
      return res.json.payload.token as string;
    };
    expect((await setToken(p.token, device, "en")).json.payload).toEqual({ registered: true });
    expect(await language()).toEqual(["en"]);
    await h.deps.db.transaction((tx) => notify(tx, { userId: p.id, category: "updateSession", type: "t", texts: { fr: { title: "Bonjour", body: "Texte" }, en: { title: "Hello", body: "Text" }, ar: { title: "مرحبا", body: "نص" } } }));
    expect((await pushesTo(device)).map((x) => x.body.message.notification)).toEqual([{ title: "Hello", body: "Text" }]);

    expect((await setToken(p.token, device, "ar")).status).toBe(200);
    expect(await language()).toEqual(["ar"]);
    // A real event after the switch: the password change (its push is queued while this session still lives).
    await changePassword(p.password, "Nouveau#2027");
    const pushes = await pushesTo(device);
    expect(pushes).toHaveLength(2);
    expect(pushes[1]!.body.message.notification.title).toBe("تم تغيير كلمة المرور");

    // Without a language: French; a language other than fr, en, ar is refused.
    const other = await h.registerVerified();
    const plain = `fcm-${randomUUID()}`;
    await setToken(other.token, plain);
    await h.deps.db.transaction((tx) => notify(tx, { userId: other.id, category: "updateSession", type: "t", texts: { fr: { title: "Bonjour", body: "Texte" }, en: { title: "", body: "" }, ar: { title: "مرحبا", body: "" } } }));
    expect((await pushesTo(plain)).map((x) => x.body.message.notification)).toEqual([{ title: "Bonjour", body: "Texte" }]);
    for (const bad of ["de", "AR", "", 3]) {
      const res = await h.request("POST", "/api/user/set-notification-token", { token: other.token, body: { token: plain, language: bad } });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.json.errors.language).toContain("language_invalid");
    }
  });

  it("the demo notifications are seeded in the three languages; migration 0012 gives them to a database seeded before it", async () => {
    const [eleve] = await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "eleve@darsi.tn"));
    const seeded = async () => (await rowsOf(eleve!.id)).filter((n) => ["welcome", "new_content", "session_moved", "message"].includes(n.type) && n.createdAt < new Date(Date.now() - 3600_000));
    const before = await seeded();
    expect(before).toHaveLength(4);
    for (const n of before) for (const t of [n.titleEn, n.bodyEn, n.titleAr, n.bodyAr]) expect(t?.trim(), `${n.type}`).toBeTruthy();
    // As a database seeded before 0012 has them: French only. The migration's updates put the same texts back.
    const ids = before.map((n) => n.id);
    await h.deps.db.execute(sql`update notifications set title_en = null, body_en = null, title_ar = null, body_ar = null where id = any(${`{${ids.join(",")}}`}::int[])`);
    const migration = readFileSync(new URL("../../server/db/migrations/0012_notification_texts.sql", import.meta.url), "utf8");
    const updates = migration.split("--> statement-breakpoint").map((x) => x.replace(/^\s*--.*$/gm, "").trim()).filter((x) => x.startsWith("UPDATE"));
    expect(updates).toHaveLength(4);
    for (const statement of updates) await h.deps.db.execute(sql.raw(statement));
    const after = await seeded();
    expect(after.map(({ titleEn, bodyEn, titleAr, bodyAr }) => ({ titleEn, bodyEn, titleAr, bodyAr }))).toEqual(before.map(({ titleEn, bodyEn, titleAr, bodyAr }) => ({ titleEn, bodyEn, titleAr, bodyAr })));
  });

  it("an empty translation is stored as missing, and a push to an Arabic device then falls back on the French", async () => {
    const p = await h.registerVerified();
    const device = `fcm-${randomUUID()}`;
    await setToken(p.token, device, "ar");
    const { notifyLogin } = await import("../../server/services/notifications/operator");
    await notifyLogin(h.deps, p.phone, { title: "Réunion", body: "Réunion des parents samedi", titleEn: "Meeting", bodyEn: "Parents' meeting on Saturday" });
    const [row] = await rowsOf(p.id);
    expect(row).toMatchObject({ title: "Réunion", titleEn: "Meeting", bodyEn: "Parents' meeting on Saturday", titleAr: null, bodyAr: null });
    expect((await pushesTo(device)).map((x) => x.body.message.notification)).toEqual([{ title: "Réunion", body: "Réunion des parents samedi" }]);
  });
});

describe("the bell", () => {
  let p: NewStudent;
  beforeAll(async () => {
    p = await h.registerVerified();
    await h.deps.db.transaction(async (tx) => {
      for (let i = 1; i <= 30; i += 1) await notify(tx, { userId: p.id, category: "updateSession", type: "test", texts: operatorTexts({ title: `N${i}`, body: `Corps ${i}` }), link: "/sessions" });
    });
  });

  it("pages 24 at a time, newest first (orderBy=id&sortedBy=desc), with total, last page and unread", async () => {
    const first = await list(p.token, { page: 1, orderBy: "id", sortedBy: "desc", perPage: 24 });
    expect(first.status).toBe(200);
    expect(first.json.payload).toHaveLength(24);
    expect(first.json.payload[0]).toMatchObject({ title: "N30", seen: false, link: "/sessions", url: "/sessions", category: "updateSession" });
    expect(first.json.meta).toEqual({ current_page: 1, last_page: 2, total: 30, unread: 30 });
    const second = await list(p.token, { page: 2 });
    expect(second.json.payload.map((n: { title: string }) => n.title)).toEqual(["N6", "N5", "N4", "N3", "N2", "N1"]);
  });

  it("seen on click (idempotent), the unread tab, mark all", async () => {
    const first = await list(p.token);
    const id = first.json.payload[0].id as number;
    const seen = await h.request("POST", `/api/student/notifications/${id}/mark-as-seen`, { token: p.token });
    expect(seen.json.payload).toMatchObject({ id, seen: true, unread: 29 });
    expect((await h.request("POST", `/api/student/notifications/${id}/mark-as-seen`, { token: p.token })).json.payload.unread).toBe(29);
    const unread = await list(p.token, { search: "seen:false" });
    expect(unread.json.meta.total).toBe(29);
    expect(unread.json.payload.every((n: { seen: boolean }) => !n.seen)).toBe(true);
    const all = await h.request("POST", "/api/student/notifications/mark-all-as-seen", { token: p.token });
    expect(all.json.payload).toEqual({ marked: 29, unread: 0 });
    expect((await list(p.token, { search: "seen:false" })).json.meta).toMatchObject({ total: 0, unread: 0 });
  });

  it("another user's notification is 404 and stays unseen; a missing one 404", async () => {
    const other = await h.registerVerified();
    const id = await h.deps.db.transaction((tx) => notify(tx, { userId: other.id, category: "updateSession", type: "t", texts: operatorTexts({ title: "x", body: "y" }) }));
    expect((await h.request("POST", `/api/student/notifications/${id}/mark-as-seen`, { token: p.token })).status).toBe(404);
    expect((await rowsOf(other.id))[0]!.seen).toBe(false);
    expect((await h.request("POST", "/api/student/notifications/2147483647/mark-as-seen", { token: p.token })).status).toBe(404);
  });

  it("bad input is 422 with the field, never a 500; no token is 401; a parent is 403", async () => {
    const bad: Array<[Record<string, string>, string]> = [
      [{ page: "0" }, "page"],
      [{ page: "x" }, "page"],
      [{ perPage: "1000" }, "perPage"],
      [{ orderBy: "title" }, "orderBy"],
      [{ sortedBy: "up" }, "sortedBy"],
      [{ search: "seen:maybe" }, "search"],
    ];
    for (const [query, field] of bad) {
      const res = await list(p.token, query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(Object.keys(res.json.errors)).toContain(field);
    }
    expect((await h.request("POST", "/api/student/notifications/abc/mark-as-seen", { token: p.token })).status).toBe(422);
    expect((await list("")).status).toBe(401);
    const parent = await h.login("parent@darsi.tn", DEMO_PASSWORD);
    expect((await list(parent)).status).toBe(403);
  });
});

describe("preferences", () => {
  it("every category of the four groups, on by default; changes merge; bad names and values are 422", async () => {
    const p = await h.registerVerified();
    const get = await h.request("GET", "/api/user/notification-preferences", { token: p.token });
    expect(get.json.payload).toEqual({
      completeInformation: 1, giftCodeUsed: 1, parentRequest: 1, changePassword: 1,
      uploadNewSessionRecord: 1, uploadNewContent: 1, updateSession: 1, updateVideoReport: 1, paySlice: 1, transferPoint: 1,
    });
    expect((await setPref(p.token, { updateSession: 0, paySlice: 0 })).json.payload).toMatchObject({ updateSession: 0, paySlice: 0, transferPoint: 1 });
    expect((await setPref(p.token, { updateSession: 1 })).json.payload).toMatchObject({ updateSession: 1, paySlice: 0 });
    for (const body of [{}, { nope: 1 }, { transferPoint: 2 }, { transferPoint: "yes" }, { transferPoint: null }]) {
      const res = await setPref(p.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.code).toBe("validation_failed");
    }
    const [row] = await h.deps.db.select({ p: users.notificationPreferences }).from(users).where(eq(users.id, p.id));
    expect(row!.p).toEqual({ updateSession: 1, paySlice: 0 });
  });
});

describe("push tokens", () => {
  it("register, re-register by another pupil on the same device (moves), delete; bad tokens 422", async () => {
    const a = await h.registerVerified();
    const b = await h.registerVerified();
    const device = `fcm-${randomUUID()}`;
    expect((await setToken(a.token, device)).json.payload).toEqual({ registered: true });
    expect((await setToken(a.token, device)).status).toBe(200);
    // b signs in on the same tablet: the token is b's now; a's notifications no longer go there.
    await setToken(b.token, device);
    await h.deps.db.transaction((tx) => notify(tx, { userId: a.id, category: "updateSession", type: "t", texts: operatorTexts({ title: "pour A", body: "x" }) }));
    await h.deps.db.transaction((tx) => notify(tx, { userId: b.id, category: "updateSession", type: "t", texts: operatorTexts({ title: "pour B", body: "x" }) }));
    const pushes = await pushesTo(device);
    expect(pushes.map((x) => x.body.message.notification.title)).toEqual(["pour B"]);
    const del = await h.request("POST", "/api/user/delete-notification-token", { token: b.token, body: { token: device } });
    expect(del.json.payload).toEqual({ deleted: 1 });
    await h.deps.db.transaction((tx) => notify(tx, { userId: b.id, category: "updateSession", type: "t", texts: operatorTexts({ title: "après", body: "x" }) }));
    expect(await pushesTo(device)).toHaveLength(1);
    for (const body of [{}, { token: "" }, { token: "a b" }, { token: 12 }, { token: "x".repeat(5000) }, { token: "ok", platform: "fax" }]) {
      expect((await h.request("POST", "/api/user/set-notification-token", { token: a.token, body })).status, JSON.stringify(body)).toBe(422);
    }
  });

  it("logout: a push for the signed-out pupil goes nowhere, even when the device did not delete its token", async () => {
    const p = await h.registerVerified();
    const device = `fcm-${randomUUID()}`;
    await setToken(p.token, device);
    expect((await h.request("GET", "/api/auth/logout", { token: p.token })).status).toBe(200);
    await h.deps.db.transaction((tx) => notify(tx, { userId: p.id, category: "updateSession", type: "t", texts: operatorTexts({ title: "après logout", body: "x" }) }));
    expect(await pushesTo(device)).toHaveLength(0);
    expect(await rowsOf(p.id)).toHaveLength(1);
    const queued = await h.deps.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, (await rowsOf(p.id))[0]!.id));
    expect(queued).toHaveLength(0);
  });
});

describe("messages and pop-ups (/svc/notify)", () => {
  it("messages: tabs all / unread, opening one marks it seen, another user's is 404", async () => {
    const p = await h.registerVerified();
    const other = await h.registerVerified();
    const [m1, m2] = await h.deps.db
      .insert(inboxMessages)
      .values([
        { userId: p.id, name: "Premier", body: "Bonjour" },
        { userId: p.id, name: "Second", body: "Au revoir" },
      ])
      .returning();
    const all = await h.request("GET", "/svc/notify/messages", { token: p.token });
    expect(all.json.payload.map((m: { message: { name: string } }) => m.message.name)).toEqual(["Second", "Premier"]);
    expect(all.json.payload[0]).toMatchObject({ _id: m2!.id, seen: false, message: { name: "Second", body: "Au revoir" } });
    expect(all.json.meta).toMatchObject({ total: 2, unread: 2 });
    const one = await h.request("GET", `/svc/notify/messages/${m1!.id}`, { token: p.token });
    expect(one.json.payload).toMatchObject({ _id: m1!.id, seen: true });
    expect((await h.request("GET", "/svc/notify/messages", { token: p.token, query: { search: "seen:false" } })).json.payload).toHaveLength(1);
    expect((await h.request("GET", `/svc/notify/messages/${m2!.id}`, { token: other.token })).status).toBe(404);
    expect((await h.request("GET", "/svc/notify/messages/0", { token: p.token })).status).toBe(422);
  });

  it("the operator's notify with message: true puts it in /inbox and links the notification there", async () => {
    const p = await h.registerVerified();
    const { notifyLogin } = await import("../../server/services/notifications/operator");
    const done = await notifyLogin(h.deps, p.phone, { title: "Réunion", body: "Réunion des parents samedi", message: true });
    const [n] = await rowsOf(p.id);
    expect(n).toMatchObject({ link: `/inbox/${done.messageId}`, title: "Réunion" });
  });

  it("pop-ups: everyone's and the class's; Do not show again hides it for that pupil only; user_id must be the caller", async () => {
    const p = await h.registerVerified();
    const q = await h.registerVerified();
    const [mine] = await h.deps.db.insert(popups).values({ name: "Pour tous", body: "Bonjour à tous" }).returning();
    const [otherClass] = await h.deps.db.insert(popups).values({ name: "Autre classe", body: "x", divisionId: 1 }).returning();
    const shown = await h.request("GET", "/svc/notify/popups", { token: p.token });
    const ids = shown.json.payload.map((x: { _id: number }) => x._id);
    expect(ids).toContain(mine!.id);
    expect(shown.json.payload.find((x: { _id: number }) => x._id === mine!.id)).toEqual({ _id: mine!.id, name: "Pour tous", name_ar: null, name_en: null, body: "Bonjour à tous", body_ar: null, body_en: null });
    const hide = (token: string, popup: number, user: number) => h.request("GET", "/svc/notify/popup/hide", { token, query: { popup_id: popup, user_id: user } });
    expect((await hide(p.token, mine!.id, q.id)).status).toBe(403);
    expect((await hide(p.token, mine!.id, p.id)).json.payload).toEqual({ hidden: true });
    expect((await hide(p.token, mine!.id, p.id)).status).toBe(200);
    expect((await h.request("GET", "/svc/notify/popups", { token: p.token })).json.payload.map((x: { _id: number }) => x._id)).not.toContain(mine!.id);
    expect((await h.request("GET", "/svc/notify/popups", { token: q.token })).json.payload.map((x: { _id: number }) => x._id)).toContain(mine!.id);
    if (ids.includes(otherClass!.id)) throw new Error("a pop-up of another class was shown");
    expect((await hide(p.token, otherClass!.id, p.id)).status).toBe(404);
    expect((await h.request("GET", "/svc/notify/popup/hide", { token: p.token, query: { popup_id: "x", user_id: p.id } })).status).toBe(422);
    expect((await h.request("GET", "/svc/notify/popups")).status).toBe(401);
  });
});
