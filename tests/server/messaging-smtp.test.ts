/**
 * Codes by e-mail over real SMTP (issue 18, item 3): the server's nodemailer transport talks to a local SMTP server
 * (smtp-server) started by the test, which reads the message back: the code first in the subject, a plain-text and an
 * HTML part, in the language of the app that asked; a refused address fails at once, a "try later" is retried.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";
import { registerIn, waitForMessage } from "./messaging-fixtures";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) of a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const latin1 = text.replace(/=\r?\n/g, "").replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, "latin1").toString("utf8");
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const at = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: raw.slice(at + 4) };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The message as a mail client reads it: decoded subject, headers, and its text and HTML parts. */
function readMail(raw: string) {
  const top = splitPart(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(top.headers["content-type"] ?? "")?.[1];
  const parts = boundary
    ? top.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => splitPart(p.replace(/^\r\n/, "")))
    : [top];
  const of = (type: string) => {
    const part = parts.find((p) => (p.headers["content-type"] ?? "").toLowerCase().startsWith(type));
    return part ? decodeBody(part) : undefined;
  };
  return { subject: decodeWords(top.headers.subject ?? ""), headers: top.headers, contentType: top.headers["content-type"] ?? "", text: of("text/plain"), html: of("text/html") };
}

let smtp: SMTPServer;
let received: Received[] = [];
let h: TestServer;
const tag = randomBytes(3).toString("hex");
const address = (name: string, domain = "test.darsi.tn") => `${name}.${tag}@${domain}`;

/** A recipient error as an SMTP server answers it. */
function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(rcpt, _session, callback) {
      if (rcpt.address.endsWith("@rejected.example")) return callback(smtpError("5.1.1 No such user", 550));
      if (rcpt.address.endsWith("@busy.example")) return callback(smtpError("4.2.1 Mailbox busy, try again later", 451));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  h = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Darsi <codes@darsi.example>", PUBLIC_URL: "https://app.darsi.example" } });
});

afterAll(async () => {
  await h?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function mailTo(to: string) {
  const row = await waitForMessage(h, to, (r) => r.status !== "pending");
  const mail = received.find((m) => m.to.includes(to));
  return { row, mail };
}

describe("codes by e-mail over SMTP", () => {
  it("sends the verification code in the app's language: the code first in the subject, a text and an HTML part", async () => {
    const to = address("arabe");
    expect((await registerIn(h, "ar", { email: to })).status).toBe(201);
    const { row, mail } = await mailTo(to);
    expect(row).toMatchObject({ status: "sent", provider: "smtp", attempts: 1, language: "ar" });
    expect(mail).toBeDefined();
    expect(mail!.from).toBe("codes@darsi.example");
    const code = await h.lastCode(to, "verification");
    expect(row.provider_id).toMatch(/^<.+@.+>$/);
    const read = readMail(mail!.raw);
    expect(read.subject.startsWith(`${code} `)).toBe(true);
    expect(read.subject).toContain("رمز التحقق");
    expect(read.contentType).toMatch(/^multipart\/alternative/);
    expect(read.headers["content-language"]).toBe("ar");
    expect(read.text).toContain(`رمز التحقق الخاص بك في Darsi هو ${code}.`);
    expect(read.text).toContain("https://app.darsi.example/");
    expect(read.html).toContain('<html lang="ar" dir="rtl">');
    expect(read.html).toContain(code);
    expect(read.html).toContain('href="https://app.darsi.example/"');
  });

  it("writes French by default and English when the app is in English (a reset code)", async () => {
    const to = address("anglais");
    expect((await registerIn(h, undefined, { email: to })).status).toBe(201);
    const french = await mailTo(to);
    const frenchCode = await h.lastCode(to, "verification");
    expect(readMail(french.mail!.raw).subject).toBe(`${frenchCode} est votre code de vérification Darsi`);

    received = [];
    const res = await h.request("POST", "/api/auth/request-password", { query: { credentiel: to }, ip: h.freshIp(), headers: { "accept-language": "en-GB,en;q=0.9,fr;q=0.8" } });
    expect(res.status).toBe(200);
    expect(res.json.payload).toEqual({ channel: "email" });
    const english = await mailTo(to);
    const code = await h.lastCode(to, "reset");
    const read = readMail(english.mail!.raw);
    expect(read.subject).toBe(`${code} is your Darsi password reset code`);
    expect(read.text).toContain(`Your Darsi password reset code is ${code}. It expires in 10 minutes.`);
    expect(read.html).toContain('<html lang="en" dir="ltr">');
  });

  it("fails an address the mail server refuses for good, without retrying it", async () => {
    const to = address("nobody", "rejected.example");
    expect((await registerIn(h, "fr", { email: to })).status).toBe(201);
    const row = await waitForMessage(h, to, (r) => r.status !== "pending" || r.last_error !== null);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.last_error).toMatch(/RCPT TO 550/);
  });

  it("retries later, with backoff, when the mail server says to try again", async () => {
    const to = address("later", "busy.example");
    expect((await registerIn(h, "fr", { email: to })).status).toBe(201);
    const row = await waitForMessage(h, to, (r) => r.attempts > 0 && r.last_error !== null);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.last_error).toMatch(/451/);
    expect(row.due_in).toBeGreaterThan(20);
    expect(row.due_in).toBeLessThanOrEqual(30);
  });
});
