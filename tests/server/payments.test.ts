/**
 * Card and D17 top-ups through the local payment sandbox (issue 9 item 4 and its Reliability list): the hidden form,
 * the gateway's own page, the signed notification, the browser's return; a failure; the notification and the return
 * racing, each delivered 50 times: one credit. Nothing is credited on what a browser or a notification says alone.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE=postgres.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clicToPayGateway, clicToPayRegisterUrl } from "../../server/adapters/payments/clictopay";
import { decideSandboxOrder } from "../../server/adapters/payments/sandbox";
import { signNotification } from "../../server/adapters/payments/signing";
import { ledgerEntries, paymentSandboxOrders, topupCodes } from "../../server/db/schema";
import { balanceOf, checkLedger } from "../../server/services/wallet/ledger";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let pupil: NewStudent;

beforeAll(async () => {
  h = await startTestServer({ env: { RATE_LIMIT_FACTOR: "1000" } });
  pupil = await h.registerVerified();
});
afterAll(() => h?.close());

const idem = () => ({ "idempotency-key": randomUUID() });

async function newTopup(method: "online" | "d17", amount: number, token = pupil.token): Promise<{ id: number; orderId: string }> {
  const res = await h.request("POST", "/api/student/codes", { token, body: { amount, paymentMethod: method, comment: "test" }, headers: idem() });
  expect(res.status, res.text).toBe(201);
  const [row] = await h.deps.db.select({ orderId: topupCodes.orderId }).from(topupCodes).where(eq(topupCodes.id, res.json.payload.id));
  expect(row!.orderId).toMatch(/^[a-f0-9]{32}$/);
  return { id: res.json.payload.id, orderId: row!.orderId! };
}

/** A browser posting a form (application/x-www-form-urlencoded) to the server. */
async function postForm(path: string, fields: Record<string, string>) {
  const res = await h.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text(), csp: res.headers.get("content-security-policy") };
}

const confirm = (which: "success" | "echec", orderId: string) =>
  h.request("POST", `/api/payment/${which}`, { token: pupil.token, query: { orderId, lang: "fr" }, headers: idem() });
const credits = async (topupId: number) =>
  (await h.deps.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refType, "topup"), eq(ledgerEntries.refId, String(topupId)), eq(ledgerEntries.walletId, pupil.id)))).length;
const ledgerOk = async () => expect((await checkLedger(h.deps.db)).ok).toBe(true);

describe("online card payment through the sandbox gateway", () => {
  it("pay: the hidden form, the gateway's page, the notification and the return credit the pupil once", async () => {
    const before = await balanceOf(h.deps.db, pupil.id);
    const { id, orderId } = await newTopup("online", 30_000);
    const redirect = await h.request("GET", `/api/payment/redirect/${id}`, { token: pupil.token });
    expect(redirect.status, redirect.text).toBe(200);
    const { url, data } = redirect.json.payload as { url: string; data: Record<string, string> };
    expect(url).toBe("http://localhost/sandbox/gateway/pay");
    expect(data).toMatchObject({ merchant: "DARSI", orderId, amount: "30000", currency: "788", returnUrl: `http://localhost/payment/success?orderId=${orderId}`, failUrl: `http://localhost/payment/echec?orderId=${orderId}` });

    const page = await postForm(new URL(url).pathname, data);
    expect(page.status).toBe(200);
    expect(page.text).toContain("30,000 TND");
    expect(page.text).toContain(orderId);
    expect(page.text).toContain(">Payer<");
    expect(page.text).toContain(">Échouer<");
    expect(page.csp).toContain("form-action 'self'");

    // The return before the payer decided: nothing yet.
    expect((await confirm("success", orderId)).json.payload.status).toBe("pending");
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(before);

    const decided = await postForm("/sandbox/gateway/decide", { ...data, action: "pay" });
    expect(decided.status).toBe(303);
    expect(decided.location).toBe(`http://localhost/payment/success?orderId=${orderId}`);
    // The gateway's notification (delivered before the redirect) has credited already.
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(before + 30_000);
    const ret = await confirm("success", orderId);
    expect(ret.status).toBe(200);
    expect(ret.json.payload).toEqual({ id, status: "approved", amount: 30_000, payment_method: "online" });
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(before + 30_000);
    expect(await credits(id)).toBe(1);
    // Paid twice on the gateway's page: the gateway keeps its final state, nothing more is credited.
    expect((await postForm("/sandbox/gateway/decide", { ...data, action: "pay" })).status).toBe(303);
    expect((await confirm("echec", orderId)).json.payload.status).toBe("approved");
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(before + 30_000);
    // The order cannot be sent to the gateway again.
    expect((await h.request("GET", `/api/payment/redirect/${id}`, { token: pupil.token })).status).toBe(409);
    const history = await h.request("GET", "/api/codes", { token: pupil.token });
    expect(history.json.payload[0]).toMatchObject({ method: "online", amount: 30_000, status: "approved" });
    await ledgerOk();
  });

  it("fail: the browser goes to the failure URL, the top-up is failed, nothing is credited", async () => {
    const before = await balanceOf(h.deps.db, pupil.id);
    const { id, orderId } = await newTopup("online", 12_000);
    const { data } = (await h.request("GET", `/api/payment/redirect/${id}`, { token: pupil.token })).json.payload;
    const decided = await postForm("/sandbox/gateway/decide", { ...data, action: "fail" });
    expect(decided.status).toBe(303);
    expect(decided.location).toBe(`http://localhost/payment/echec?orderId=${orderId}`);
    const ret = await confirm("echec", orderId);
    expect(ret.json.payload).toMatchObject({ id, status: "failed" });
    // A success return afterwards (a forged URL) asks the gateway too: still failed.
    expect((await confirm("success", orderId)).json.payload.status).toBe("failed");
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(before);
    expect(await credits(id)).toBe(0);
    await ledgerOk();
  });

  it("the gateway refuses a form whose fields were changed on the way (amount, order)", async () => {
    const { id } = await newTopup("online", 5_000);
    const { data } = (await h.request("GET", `/api/payment/redirect/${id}`, { token: pupil.token })).json.payload;
    expect((await postForm("/sandbox/gateway/pay", { ...data, amount: "5" })).status).toBe(400);
    expect((await postForm("/sandbox/gateway/decide", { ...data, amount: "5", action: "pay" })).status).toBe(400);
    const { signature: _s, ...unsigned } = data as Record<string, string>;
    expect((await postForm("/sandbox/gateway/pay", unsigned)).status).toBe(400);
    expect((await postForm("/sandbox/gateway/pay", {})).status).toBe(400);
  });

  it("a notification with a bad signature is refused; a good one for an order the gateway has not paid credits nothing", async () => {
    const { id, orderId } = await newTopup("online", 8_000);
    await h.request("GET", `/api/payment/redirect/${id}`, { token: pupil.token });
    const fields = { orderId, status: "paid" as const, amount: 8_000, timestamp: 1_790_000_000 };
    const forged = await h.request("POST", "/api/payment/notify", { body: { ...fields, signature: "0".repeat(64) } });
    expect(forged.status).toBe(403);
    const otherAmount = await h.request("POST", "/api/payment/notify", { body: { ...fields, signature: signNotification(h.deps.secret, { ...fields, amount: 9_000 }) } });
    expect(otherAmount.status).toBe(403);
    const claimed = await h.request("POST", "/api/payment/notify", { body: { ...fields, signature: signNotification(h.deps.secret, fields) } });
    expect(claimed.status).toBe(200);
    expect(claimed.json.payload.status).toBe("pending");
    expect(await credits(id)).toBe(0);
    const unknown = { ...fields, orderId: "f".repeat(32) };
    expect((await h.request("POST", "/api/payment/notify", { body: { ...unknown, signature: signNotification(h.deps.secret, unknown) } })).status).toBe(404);
  });

  it("a gateway that says paid with another amount credits nothing: the top-up stays pending for an operator", async () => {
    const before = await balanceOf(h.deps.db, pupil.id);
    const { id, orderId } = await newTopup("online", 60_000);
    await h.request("GET", `/api/payment/redirect/${id}`, { token: pupil.token });
    await decideSandboxOrder(h.deps, "card", orderId, "paid");
    await h.deps.db.update(paymentSandboxOrders).set({ amount: 6_000 }).where(eq(paymentSandboxOrders.orderId, orderId));
    expect((await confirm("success", orderId)).json.payload.status).toBe("pending");
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(before);
    expect(await credits(id)).toBe(0);
  });

  it("the notification and the browser's return racing, each delivered 50 times: one credit", async () => {
    const before = await balanceOf(h.deps.db, pupil.id);
    const { id, orderId } = await newTopup("online", 45_000);
    await h.request("GET", `/api/payment/redirect/${id}`, { token: pupil.token });
    // The payer pays on the gateway's page (its state only; the deliveries below race each other).
    await decideSandboxOrder(h.deps, "card", orderId, "paid");
    const fields = { orderId, status: "paid" as const, amount: 45_000, timestamp: 1_790_000_100 };
    const body = { ...fields, signature: signNotification(h.deps.secret, fields) };
    const calls = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? h.request("POST", "/api/payment/notify", { body }) : confirm("success", orderId)));
    const answers = await Promise.all(calls);
    for (const a of answers) expect(a.status, a.text).toBe(200);
    expect(answers.every((a) => a.json.payload.status === "approved")).toBe(true);
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(before + 45_000);
    expect(await credits(id)).toBe(1);
    await ledgerOk();
  });
});

describe("D17", () => {
  it("gives the QR code's payment URL; 'Continuer' is pending until paid on D17's page, then credits once", async () => {
    const before = await balanceOf(h.deps.db, pupil.id);
    const { id, orderId } = await newTopup("d17", 20_000);
    const info = await h.request("GET", `/api/payment/d17/${id}`, { token: pupil.token });
    expect(info.status, info.text).toBe(200);
    expect(info.json.payload).toEqual({ id, url: `http://localhost/sandbox/d17/${orderId}`, amount: 20_000, status: "pending" });
    const check = () => h.request("GET", `/api/payment/d17/check/${id}`, { token: pupil.token, headers: idem() });
    expect((await check()).json.payload.status).toBe("pending");

    const page = await h.app.request(`/sandbox/d17/${orderId}`);
    const text = await page.text();
    expect(page.status).toBe(200);
    expect(text).toContain("20,000 TND");
    const token = /name="token" value="([0-9a-f]{64})"/.exec(text)![1]!;
    expect((await postForm(`/sandbox/d17/${orderId}`, { token: "0".repeat(64), action: "pay" })).status).toBe(400);
    const paid = await postForm(`/sandbox/d17/${orderId}`, { token, action: "pay" });
    expect(paid.status).toBe(303);
    expect(await (await h.app.request(`/sandbox/d17/${orderId}`)).text()).toContain("Paiement effectué");

    const checks = await Promise.all(Array.from({ length: 20 }, check));
    expect(checks.every((c) => c.status === 200 && c.json.payload.status === "approved")).toBe(true);
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(before + 20_000);
    expect(await credits(id)).toBe(1);
    await ledgerOk();
  });

  it("refused on D17's page: failed, nothing credited", async () => {
    const before = await balanceOf(h.deps.db, pupil.id);
    const { id, orderId } = await newTopup("d17", 3_000);
    await h.request("GET", `/api/payment/d17/${id}`, { token: pupil.token });
    const token = /name="token" value="([0-9a-f]{64})"/.exec(await (await h.app.request(`/sandbox/d17/${orderId}`)).text())![1]!;
    await postForm(`/sandbox/d17/${orderId}`, { token, action: "fail" });
    const res = await h.request("GET", `/api/payment/d17/check/${id}`, { token: pupil.token, headers: idem() });
    expect(res.json.payload.status).toBe("failed");
    expect(await balanceOf(h.deps.db, pupil.id)).toBe(before);
    await ledgerOk();
  });

  it("an unknown D17 order has no page", async () => {
    expect((await h.app.request(`/sandbox/d17/${"a".repeat(32)}`)).status).toBe(404);
    expect((await h.app.request("/sandbox/d17/not-an-order")).status).toBe(404);
  });
});

describe("the ClicToPay adapter (not reachable here: the requests it builds, the statuses it reads)", () => {
  const order = {
    orderId: "0123456789abcdef0123456789abcdef",
    amount: 25_000,
    description: "Darsi — recharge #1",
    returnUrl: "https://app.darsi.tn/payment/success?orderId=0123456789abcdef0123456789abcdef",
    failUrl: "https://app.darsi.tn/payment/echec?orderId=0123456789abcdef0123456789abcdef",
    notifyUrl: "https://app.darsi.tn/api/payment/notify",
    lang: "fr" as const,
  };
  const config = { url: "https://test.clictopay.com/payment/rest", user: "merchant", password: "secret" };

  it("registers with register.do in millimes and TND (788), and posts the browser to the form URL", async () => {
    const url = clicToPayRegisterUrl(config, order);
    expect(url.origin + url.pathname).toBe("https://test.clictopay.com/payment/rest/register.do");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ userName: "merchant", orderNumber: order.orderId, amount: "25000", currency: "788", returnUrl: order.returnUrl, failUrl: order.failUrl, language: "fr" });
    const seen: string[] = [];
    const gateway = clicToPayGateway({
      ...config,
      fetch: (async (input: URL) => {
        seen.push(input.pathname);
        const body = input.pathname.endsWith("register.do")
          ? { orderId: "md-1", formUrl: "https://test.clictopay.com/payment/merchants/rbs/payment_fr.html?mdOrder=md-1" }
          : { orderStatus: 2, amount: 25_000 };
        return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      }) as typeof fetch,
    });
    expect(await gateway.register(order)).toEqual({ url: "https://test.clictopay.com/payment/merchants/rbs/payment_fr.html", data: { mdOrder: "md-1" } });
    expect(await gateway.status(order.orderId)).toEqual({ status: "paid", amount: 25_000 });
    expect(seen).toEqual(["/payment/rest/register.do", "/payment/rest/getOrderStatusExtended.do"]);
  });

  it("reads declined and open orders as failed and pending", async () => {
    for (const [orderStatus, status] of [[6, "failed"], [3, "failed"], [0, "pending"], [1, "pending"]] as const) {
      const gateway = clicToPayGateway({ ...config, fetch: (async () => new Response(JSON.stringify({ orderStatus, amount: 1 }))) as unknown as typeof fetch });
      expect((await gateway.status(order.orderId)).status).toBe(status);
    }
  });
});
