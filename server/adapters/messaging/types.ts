import type { Locale } from "../../../domain/constants";

/** A message as the services hand it over: rendered in the recipient's language, to be queued. */
interface OutgoingMessage {
  /** An e-mail address, or the account's phone (8 digits; made E.164 by the SMS provider's adapter). */
  to: string;
  channel: "sms" | "email";
  kind: string;
  /** Kept for the dev outbox only (never stored in production). */
  code?: string;
  language: Locale;
  /** The SMS, or the e-mail's plain-text part. */
  body: string;
  /** E-mail only: the subject (the code first) and the HTML part. */
  subject?: string;
  html?: string;
}

/** What the dev outbox (`GET /api/dev/outbox`) shows of a message. */
interface OutboxEntry {
  to: string;
  channel: "sms" | "email" | "push";
  kind: string;
  code?: string;
  body: string;
  created_at: string;
}

export interface Messaging {
  /**
   * Writes the message to the durable queue (`outbox_messages`) and returns: the dispatcher delivers it
   * (server/services/messages/dispatch.ts), so a slow or failing provider never holds the request that sent it.
   */
  send(message: OutgoingMessage): Promise<void>;
  /** Newest first: every message queued, whatever its delivery (the dev outbox; never routed in production). */
  outbox(limit?: number): Promise<OutboxEntry[]>;
}

/** A queued message as a transport gets it. */
export interface QueuedMessage {
  id: number;
  to: string;
  channel: "sms" | "email";
  kind: string;
  language: Locale;
  body: string;
  subject: string | null;
  html: string | null;
}

/**
 * A provider's answer: delivered (with its message id), or not — `permanent` when retrying cannot help (a number or
 * an address the provider refuses), else retried later with backoff (`retryAfterS`: the provider's own wait, if it said).
 */
export type DeliveryResult = { ok: true; providerId: string | null } | { ok: false; permanent: boolean; error: string; retryAfterS?: number };

/** One channel's provider: SMTP, Twilio, or the local outbox. */
export interface Transport {
  readonly name: "smtp" | "twilio" | "outbox";
  deliver(message: QueuedMessage): Promise<DeliveryResult>;
}
