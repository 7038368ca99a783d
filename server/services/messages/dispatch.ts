/**
 * The message dispatcher: delivers the queue of e-mails and SMS (`outbox_messages`, migration 0015), modelled on the
 * push dispatcher (../notifications/dispatch.ts).
 *
 * - `deliverPendingMessages(deps)` claims due messages with `FOR UPDATE SKIP LOCKED` and a one-minute lease (two
 *   processes never send the same one at once; a crash mid-send sends it again after the lease), sends each outside any
 *   transaction through its channel's transport, and records the outcome: sent (with the provider's message id); failed
 *   at once when the provider refuses the address or number for good; otherwise retried later with exponential
 *   backoff (30 s, 2 min, 8 min, 32 min, 2 h 8 min; longer when the provider said so) and failed after 6 tries.
 *   In production a message leaves no code behind: its body, subject and HTML are emptied once it is sent or failed.
 * - `startMessageDispatcher(deps)` runs it every few seconds and as soon as a message is queued (`kickMessages`), in
 *   every server process (createApp). A message may thus arrive twice (a lease that ran out mid-send), never zero times
 *   while the server runs.
 */
import { sql } from "drizzle-orm";
import { selectRows } from "../../db/rows";
import type { Deps } from "../../lib/deps";
import { createTransports, type QueuedMessage, type Transports } from "../../adapters/messaging";

export const MAX_MESSAGE_ATTEMPTS = 6;
const BATCH = 50;
const POLL_MS = 5000;

/** The wait before try `attempts + 1`, in seconds: 30 s × 4^(attempts − 1), at least what the provider asked. */
export function retryDelayS(attempts: number, retryAfterS = 0): number {
  return Math.max(30 * 4 ** (attempts - 1), retryAfterS);
}

const transports = new WeakMap<object, Transports>();
/** The transports of these deps (SMTP / Twilio when configured, else the local outbox). */
export function messageTransports(deps: Pick<Deps, "env" | "log">): Transports {
  let t = transports.get(deps);
  if (!t) transports.set(deps, (t = createTransports(deps.env, deps.log)));
  return t;
}

type Claimed = QueuedMessage & { attempts: number };

/** Sends the due messages once; returns how many were delivered. */
export async function deliverPendingMessages(deps: Deps): Promise<number> {
  const rows = await selectRows<Claimed>(deps.db, sql`
    with due as (
      select id from outbox_messages
       where status = 'pending' and channel in ('sms', 'email') and next_attempt_at <= now()
         and (leased_until is null or leased_until <= now())
       order by id
       limit ${BATCH}
       for update skip locked
    )
    update outbox_messages m
       set attempts = m.attempts + 1, leased_until = now() + interval '1 minute'
      from due
     where m.id = due.id
    returning m.id, m."to", m.channel, m.kind, m.language, m.body, m.subject, m.html, m.attempts`);
  const redact = deps.env.NODE_ENV === "production";
  const via = messageTransports(deps);
  let delivered = 0;
  for (const m of rows) {
    const transport = via[m.channel];
    const result = await transport.deliver(m);
    if (result.ok) {
      delivered += 1;
      await deps.db.execute(sql`
        update outbox_messages
           set status = 'sent', sent_at = now(), leased_until = null, provider = ${transport.name},
               provider_id = ${result.providerId}, last_error = null
               ${redact ? sql`, body = '', subject = null, html = null, code = null` : sql``}
         where id = ${m.id}`);
      continue;
    }
    const attempts = Number(m.attempts);
    const failed = result.permanent || attempts >= MAX_MESSAGE_ATTEMPTS;
    deps.log.warn(failed ? "message failed" : "message delivery will be retried", {
      id: m.id,
      channel: m.channel,
      kind: m.kind,
      attempts,
      error: result.error,
    });
    await deps.db.execute(sql`
      update outbox_messages
         set status = ${failed ? "failed" : "pending"}, leased_until = null, provider = ${transport.name}, last_error = ${result.error},
             next_attempt_at = now() + make_interval(secs => ${retryDelayS(attempts, result.retryAfterS)})
             ${failed && redact ? sql`, body = '', subject = null, html = null, code = null` : sql``}
       where id = ${m.id}`);
  }
  return delivered;
}

const running = new Set<() => void>();

/** Asks every dispatcher of this process to look at the queue now (and again shortly, once the caller committed). */
export function kickMessages(): void {
  for (const kick of running) kick();
}

/** Starts the dispatcher of a server process; returns its stop function. */
export function startMessageDispatcher(deps: Deps): () => void {
  let busy = false;
  let again = false;
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        await deliverPendingMessages(deps);
      } while (again && !stopped);
    } catch (err) {
      const msg = String(err);
      // The database was closed under us (tests, shutdown): this dispatcher is done.
      if (/closed|terminated|ended|not open/i.test(msg)) stop();
      else deps.log.warn("message dispatch failed", { error: msg.slice(0, 200) });
    } finally {
      busy = false;
    }
  };
  // One wake-up of each delay at a time: a burst of messages (a class notified, a flood of resends) is one claim, not one per message.
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const kick = () => {
    // A message may be queued inside the caller's transaction: look now and again once it has most likely committed.
    for (const ms of [0, 300]) {
      if (timers.has(ms)) continue;
      const t = setTimeout(() => {
        timers.delete(ms);
        void tick();
      }, ms);
      t.unref?.();
      timers.set(ms, t);
    }
  };
  const interval = setInterval(() => void tick(), POLL_MS);
  interval.unref?.();
  const stop = () => {
    stopped = true;
    clearInterval(interval);
    for (const t of timers.values()) clearTimeout(t);
    running.delete(kick);
  };
  running.add(kick);
  return stop;
}
