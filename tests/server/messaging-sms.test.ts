/**
 * Codes by SMS through Twilio's Messages API (issue 18, item 3), against a local HTTP server that checks the request
 * as Twilio does (path, basic auth, form fields, E.164 `To`) and answers as Twilio does: 201 with a message sid,
 * 400 / 21211 for a number it refuses, 429 / 20429 when rate limited, 503 when down. The send never holds the request
 * that triggered it; a temporary failure is retried with growing waits, a refused number never, and the dispatcher
 * gives up after its last try.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTwilioTransport } from "../../server/adapters/messaging/twilio";
import { MAX_ATTEMPTS as MAX_MESSAGE_ATTEMPTS } from "../../server/lib/dispatcher";
import { kickMessages } from "../../server/services/messages/dispatch";
import { startTestServer, type TestServer } from "./harness";
import { makeDue, messageRows, registerIn, uniquePhone, waitForMessage } from "./messaging-fixtures";
import { productionEnv } from "./production-env";

const SID = `AC${randomBytes(16).toString("hex")}`;
const TOKEN = "twilio-test-token";
const FROM = "+12025550123";

type Mode = "ok" | "invalid" | "rate" | "down" | "hold";
interface TwilioRequest {
  to: string;
  from: string;
  body: string;
}

/** Twilio's answers, per destination number (E.164). */
const modes = new Map<string, Mode>();
const requests: TwilioRequest[] = [];
const shapeErrors: string[] = [];
let releaseHeld: (() => void) | undefined;

function answer(res: ServerResponse, status: number, json: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
}

async function twilio(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const problems: string[] = [];
  if (req.method !== "POST" || req.url !== `/2010-04-01/Accounts/${SID}/Messages.json`) problems.push(`${req.method} ${req.url}`);
  if (req.headers.authorization !== `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`) {
    shapeErrors.push("authorization");
    return answer(res, 401, { code: 20003, message: "Authenticate", status: 401 });
  }
  if (!String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) problems.push("content-type");
  const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
  const to = form.get("To") ?? "";
  if (form.get("From") !== FROM) problems.push(`From ${form.get("From")}`);
  if (!form.get("Body")) problems.push("Body");
  if (problems.length) {
    shapeErrors.push(...problems);
    return answer(res, 400, { code: 21602, message: problems.join(", "), status: 400 });
  }
  requests.push({ to, from: form.get("From")!, body: form.get("Body")! });
  if (!/^\+216[2459]\d{7}$/.test(to)) {
    shapeErrors.push(`To ${to}`);
    return answer(res, 400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, more_info: "https://www.twilio.com/docs/errors/21211", status: 400 });
  }
  const mode = modes.get(to) ?? "ok";
  if (mode === "invalid") return answer(res, 400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, more_info: "https://www.twilio.com/docs/errors/21211", status: 400 });
  if (mode === "rate") return answer(res, 429, { code: 20429, message: "Too Many Requests", more_info: "https://www.twilio.com/docs/errors/20429", status: 429 });
  if (mode === "down") return answer(res, 503, { code: 20503, message: "Service Unavailable", status: 503 });
  if (mode === "hold") await new Promise<void>((resolve) => (releaseHeld = resolve));
  answer(res, 201, { sid: `SM${randomBytes(16).toString("hex")}`, to, from: FROM, body: form.get("Body"), status: "queued", error_code: null });
}

let provider: Server;
let apiUrl: string;
let h: TestServer;

beforeAll(async () => {
  provider = createServer((req, res) => void twilio(req, res));
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", () => resolve()));
  apiUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  h = await startTestServer({
    env: { SMS_PROVIDER: "twilio", TWILIO_API_URL: apiUrl, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM, PUBLIC_URL: "https://app.darsi.example" },
  });
});

afterAll(async () => {
  releaseHeld?.();
  await h?.close();
  provider.closeAllConnections();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

const sentTo = (e164: string) => requests.filter((r) => r.to === e164);

/** Makes the message due, wakes the dispatcher and waits for the try it makes. */
async function nextTry(phone: string, attempts: number) {
  await makeDue(h, phone);
  kickMessages();
  return waitForMessage(h, phone, (r) => r.attempts === attempts && (r.status !== "pending" || r.due_in > 1));
}

describe("codes by SMS through Twilio", () => {
  it("sends the verification code in E.164, in the app's language, and records Twilio's message sid", async () => {
    const phone = uniquePhone();
    expect((await registerIn(h, "ar", { phone })).status).toBe(201);
    const row = await waitForMessage(h, phone, (r) => r.status !== "pending");
    expect(row).toMatchObject({ status: "sent", provider: "twilio", attempts: 1, language: "ar" });
    expect(row.provider_id).toMatch(/^SM[0-9a-f]{32}$/);
    const code = await h.lastCode(phone, "verification");
    expect(sentTo(`+216${phone}`)).toEqual([{ to: `+216${phone}`, from: FROM, body: `Darsi: رمز التحقق الخاص بك في Darsi هو ${code}. تنتهي صلاحيته بعد 10 دقائق.` }]);
    expect(shapeErrors).toEqual([]);
  });

  it("answers the request at once while the provider is slow", async () => {
    const phone = uniquePhone();
    modes.set(`+216${phone}`, "hold");
    const started = Date.now();
    const res = await registerIn(h, "fr", { phone });
    expect(res.status).toBe(201);
    // The registration is answered although Twilio has not answered yet (it is held until released).
    const until = Date.now() + 20_000;
    while (!releaseHeld && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(releaseHeld).toBeDefined();
    expect(sentTo(`+216${phone}`)).toHaveLength(1);
    expect((await messageRows(h, phone)).at(-1)!.status).toBe("pending");
    releaseHeld!();
    releaseHeld = undefined;
    const row = await waitForMessage(h, phone, (r) => r.status === "sent");
    expect(row.provider_id).toMatch(/^SM/);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it("retries a rate-limited and a down provider with growing waits, then delivers once", async () => {
    const phone = uniquePhone();
    const e164 = `+216${phone}`;
    modes.set(e164, "rate");
    expect((await registerIn(h, "en", { phone })).status).toBe(201);
    const first = await waitForMessage(h, phone, (r) => r.attempts === 1 && r.last_error !== null);
    expect(first).toMatchObject({ status: "pending" });
    expect(first.last_error).toMatch(/^twilio 429 20429/);
    expect(first.due_in).toBeGreaterThan(20);
    expect(first.due_in).toBeLessThanOrEqual(30);

    modes.set(e164, "down");
    const second = await nextTry(phone, 2);
    expect(second).toMatchObject({ status: "pending" });
    expect(second.last_error).toMatch(/^twilio 503/);
    expect(second.due_in).toBeGreaterThan(100);
    expect(second.due_in).toBeLessThanOrEqual(120);

    modes.set(e164, "ok");
    const third = await nextTry(phone, 3);
    expect(third).toMatchObject({ status: "sent", attempts: 3, last_error: null });
    expect(sentTo(e164)).toHaveLength(3);
    const code = await h.lastCode(phone, "verification");
    expect(sentTo(e164).at(-1)!.body).toBe(`Darsi: Your Darsi verification code is ${code}. It expires in 10 minutes.`);
    // Delivered: a later wake-up sends nothing more.
    kickMessages();
    await new Promise((r) => setTimeout(r, 500));
    expect(sentTo(e164)).toHaveLength(3);
  });

  it("does not retry a number Twilio refuses (21211)", async () => {
    const phone = uniquePhone();
    const e164 = `+216${phone}`;
    modes.set(e164, "invalid");
    expect((await registerIn(h, "fr", { phone })).status).toBe(201);
    const row = await waitForMessage(h, phone, (r) => r.status !== "pending" || r.last_error !== null);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.last_error).toMatch(/^twilio 400 21211/);
    await h.deps.db.execute(sql`update outbox_messages set next_attempt_at = now() where id = ${row.id}`);
    kickMessages();
    await new Promise((r) => setTimeout(r, 500));
    expect(sentTo(e164)).toHaveLength(1);
  });

  it(`gives up after ${MAX_MESSAGE_ATTEMPTS} tries`, async () => {
    const phone = uniquePhone();
    modes.set(`+216${phone}`, "down");
    expect((await registerIn(h, "fr", { phone })).status).toBe(201);
    const first = await waitForMessage(h, phone, (r) => r.attempts === 1 && r.last_error !== null);
    // Tries 2 to 5 as the first: skip to the last one.
    await h.deps.db.execute(sql`update outbox_messages set attempts = ${MAX_MESSAGE_ATTEMPTS - 1} where id = ${first.id}`);
    const last = await nextTry(phone, MAX_MESSAGE_ATTEMPTS);
    expect(last).toMatchObject({ status: "failed", attempts: MAX_MESSAGE_ATTEMPTS });
    expect(last.last_error).toMatch(/^twilio 503/);
  });

  it("refuses a number that is not a Tunisian mobile before calling Twilio", async () => {
    const transport = createTwilioTransport({ apiUrl, accountSid: SID, authToken: TOKEN, from: FROM });
    const before = requests.length;
    const result = await transport.deliver({ id: 0, to: "12345", channel: "sms", kind: "verification", language: "fr", body: "x", subject: null, html: null });
    expect(result).toEqual({ ok: false, permanent: true, error: "not a Tunisian mobile number" });
    expect(requests.length).toBe(before);
    // Every spelling of a Tunisian mobile goes out as +216 and 8 digits.
    for (const spelling of ["0021695000001", "+216 95 000 001"]) {
      const ok = await transport.deliver({ id: 0, to: spelling, channel: "sms", kind: "verification", language: "fr", body: "x", subject: null, html: null });
      expect(ok.ok).toBe(true);
    }
    expect(requests.slice(before).map((r) => r.to)).toEqual(["+21695000001", "+21695000001"]);
  });
});

describe("in production", () => {
  let prod: TestServer;
  beforeAll(async () => {
    prod = await startTestServer({ env: productionEnv({ TWILIO_API_URL: apiUrl, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM }) });
  });
  afterAll(() => prod?.close());

  it("delivers the code and keeps nothing of it in the queue", async () => {
    const phone = uniquePhone();
    expect((await registerIn(prod, "fr", { phone })).status).toBe(201);
    const row = await waitForMessage(prod, phone, (r) => r.status !== "pending");
    expect(row).toMatchObject({ status: "sent", provider: "twilio" });
    const [sms] = sentTo(`+216${phone}`);
    expect(sms!.body).toMatch(/^Darsi : Votre code de vérification Darsi est [A-Za-z0-9]{6}\. Il expire dans 10 minutes\.$/);
    const stored = await prod.deps.db.execute(sql`select code, body, subject, html from outbox_messages where id = ${row.id}`);
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([{ code: null, body: "", subject: null, html: null }]);
    expect((await prod.request("GET", "/api/dev/outbox")).status).toBe(404);
  });
});
