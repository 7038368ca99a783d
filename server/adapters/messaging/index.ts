/**
 * E-mail and SMS (DESIGN §1 adapters). Services render a message in the pupil's language (server/services/messages)
 * and `send` it: the message is written to the queue (`outbox_messages`) and the request goes on; the dispatcher
 * (server/services/messages/dispatch.ts) delivers it through its channel's transport, chosen by environment:
 *
 * - e-mail: SMTP with nodemailer when `SMTP_URL` is set (required in production), else the local outbox;
 * - SMS: Twilio with `SMS_PROVIDER=twilio` (required in production), else the local outbox.
 *
 * The local outbox keeps every message readable at `GET /api/dev/outbox` (DEV_OUTBOX=true, never in production).
 */
import type { Env } from "../../env";
import type { Logger } from "../../lib/logger";
import { createOutboxTransport } from "./outbox";
import { createSmtpTransport } from "./smtp";
import { createTwilioTransport } from "./twilio";
import type { Transport } from "./types";

export type { DeliveryResult, Messaging, OutboxEntry, OutgoingMessage, QueuedMessage, Transport } from "./types";
export { createMessageQueue } from "./queue";

export interface Transports {
  email: Transport;
  sms: Transport;
}

/** The transports of this environment (its settings were checked at boot by server/env.ts). */
export function createTransports(env: Env, log: Logger): Transports {
  const local = createOutboxTransport(log, { logBodies: env.NODE_ENV !== "production" });
  return {
    email: env.SMTP_URL ? createSmtpTransport({ url: env.SMTP_URL, from: env.MAIL_FROM ?? "" }) : local,
    sms:
      env.SMS_PROVIDER === "twilio"
        ? createTwilioTransport({
            apiUrl: env.TWILIO_API_URL,
            accountSid: env.TWILIO_ACCOUNT_SID ?? "",
            authToken: env.TWILIO_AUTH_TOKEN ?? "",
            from: env.TWILIO_FROM,
            messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
          })
        : local,
  };
}
