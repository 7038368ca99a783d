/**
 * E-mail over SMTP with nodemailer (`SMTP_URL`, e.g. `smtps://user:password@smtp.example.com:465`, and `MAIL_FROM`):
 * one connection pool per server, a plain-text and an HTML part, `Content-Language` set to the message's language.
 *
 * Failures: a recipient the server refuses for good (a 5xx answer to `RCPT TO`, or an address nodemailer cannot use)
 * fails the message at once; anything else (connection refused or cut, timeout, 4xx "try later", authentication) is
 * retried by the dispatcher with backoff.
 */
import { createTransport } from "nodemailer";
import type { Transport } from "./types";

interface SmtpError {
  code?: string;
  command?: string;
  responseCode?: number;
  message?: string;
}

function permanent(err: SmtpError): boolean {
  if (err.code === "EENVELOPE" && err.command === "API") return true;
  return err.command === "RCPT TO" && typeof err.responseCode === "number" && err.responseCode >= 500;
}

export function createSmtpTransport(config: { url: string; from: string }): Transport {
  const mailer = createTransport({
    url: config.url,
    // A dead server must not hold the dispatcher: connect within 10 s, each answer within 20 s.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: "smtp",
    async deliver(m) {
      try {
        const info = await mailer.sendMail({
          from: config.from,
          to: m.to,
          subject: m.subject ?? "Darsi",
          text: m.body,
          ...(m.html ? { html: m.html } : {}),
          headers: { "Content-Language": m.language },
        });
        return { ok: true, providerId: typeof info.messageId === "string" ? info.messageId : null };
      } catch (e) {
        const err = e as SmtpError;
        const detail = [err.code, err.command, err.responseCode].filter((x) => x !== undefined).join(" ");
        return { ok: false, permanent: permanent(err), error: `smtp ${detail}: ${String(err.message ?? e)}`.slice(0, 300) };
      }
    },
  };
}
