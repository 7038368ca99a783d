/**
 * The message dispatcher: delivers the queue of e-mails and SMS (`outbox_messages`, migration 0015) through the
 * dispatcher loop the push outbox shares (server/lib/dispatcher.ts).
 *
 * - `deliverPendingMessages(deps)` claims the due messages (a one-minute lease in `leased_until`), sends each through
 *   its channel's transport and records the outcome: sent (with the provider's message id); failed at once when the
 *   provider refuses the address or number for good; otherwise retried later with exponential backoff (30 s, 2 min,
 *   8 min, 32 min, 2 h 8 min; longer when the provider said so) and failed after 6 tries.
 *   In production a message leaves no code behind: its body, subject and HTML are emptied once it is sent or failed.
 * - `startMessageDispatcher(deps)` runs it every few seconds and as soon as a message is queued (`kickMessages`), in
 *   every server process (createApp). A message may thus arrive twice (a lease that ran out mid-send), never zero times
 *   while the server runs.
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { createDispatcher, deliverDue } from "../../lib/dispatcher";
import { CHANNELS } from "../../lib/events";
import { createTransports, type DeliveryResult, type QueuedMessage, type Transports } from "../../adapters/messaging";

const BATCH = 50;

const transports = new WeakMap<object, Transports>();
/** The transports of these deps (SMTP / Twilio when configured, else the local outbox). */
function messageTransports(deps: Pick<Deps, "env" | "log">): Transports {
  let t = transports.get(deps);
  if (!t) transports.set(deps, (t = createTransports(deps.env, deps.log)));
  return t;
}

type Claimed = QueuedMessage & { attempts: number };

/** Sends the due messages once; returns how many were delivered. */
async function deliverPendingMessages(deps: Deps): Promise<number> {
  const redact = deps.env.NODE_ENV === "production";
  const via = messageTransports(deps);
  return deliverDue<Claimed, DeliveryResult>(deps, {
    name: "message",
    table: "outbox_messages",
    lease: "leased_until",
    batch: BATCH,
    where: sql`and channel in ('sms', 'email')`,
    returning: sql`q.id, q."to", q.channel, q.kind, q.language, q.body, q.subject, q.html, q.attempts`,
    send: (m) => via[m.channel].deliver(m),
    also: (m, verdict, result) => {
      const provider = sql`, provider = ${via[m.channel].name}`;
      const wipe = redact && verdict !== "retry" ? sql`, body = '', subject = null, html = null, code = null` : sql``;
      return result.ok ? sql`${provider}, sent_at = now(), provider_id = ${result.providerId}${wipe}` : sql`${provider}${wipe}`;
    },
    describe: (m) => ({ channel: m.channel, kind: m.kind }),
  });
}

const dispatcher = createDispatcher("message", deliverPendingMessages, CHANNELS.message);

/** Asks every dispatcher of this process to look at the queue now (and again shortly, once the caller committed). */
export const kickMessages = dispatcher.kick;

/** Starts the dispatcher of a server process; returns its stop function. */
export const startMessageDispatcher = dispatcher.start;
