/**
 * E-mail and SMS (DESIGN §1 adapters). Services render a message in the pupil's language (server/services/messages)
 * and `send` it: the message is written to the queue (`outbox_messages`) and the request goes on; the dispatcher
 * (server/services/messages/dispatch.ts) delivers it through its channel's transport, chosen by environment:
 *
 * - e-mail: SMTP with nodemailer when `SMTP_URL` is set (required in production), else the local outbox;
 * - SMS: Twilio with `SMS_PROVIDER=twilio` (required in production), else the local outbox.
 *
 * Every message stays readable at `GET /api/dev/outbox` (DEV_OUTBOX=true, never in production); a channel without a
 * provider is delivered by being written there (./queue.ts), and the dispatcher's local transport delivers any
 * pending row of such a channel the same way.
 */
import type { Env } from "../../env";
import type { Logger } from "../../lib/logger";
import { createOutboxTransport } from "./outbox";
import { createSmtpTransport } from "./smtp";
import { createTwilioTransport } from "./twilio";
import type { Transport } from "./types";

export type { DeliveryResult, Messaging,   QueuedMessage,  } from "./types";
export { createMessageQueue } from "./queue";

export interface Transports {
  email: Transport;
  sms: Transport;
}

/** The channels without a provider in this environment (never in production): the dev outbox is their destination. */
export function localMessageChannels(env: Pick<Env, "SMTP_URL" | "SMS_PROVIDER">): ReadonlySet<"sms" | "email"> {
  const local = new Set<"sms" | "email">();
  if (!env.SMTP_URL) local.add("email");
  if (env.SMS_PROVIDER !== "twilio") local.add("sms");
  return local;
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
