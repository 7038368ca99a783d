/**
 * The push dispatcher: sends the push outbox (`push_deliveries`) after the events' transactions commit.
 *
 * - `deliverPendingPushes(deps)` first drops the tokens of ended sessions (logout, expiry: a shared tablet's next
 *   pupil never gets the last one's pushes), then claims due deliveries with `FOR UPDATE SKIP LOCKED` and a one-minute
 *   lease (two processes never send the same one at once; a crash mid-send resends it after the lease), sends each
 *   outside any transaction and marks it sent, retries it later (30 s, 2 min, 8 min, …; failed after 6 tries), or
 *   drops the token FCM says is dead. A push may thus arrive twice: the service worker shows a notification id once.
 * - Each push is written in its device's language (the token's `language`, set when the app registers it and again
 *   when the pupil changes language): the notification's `title_en` / `body_ar` …, French when it has none.
 * - `startPushDispatcher(deps)` runs it every few seconds and right after `notify` (`kickPushes`), in every server
 *   process (createApp). The operator commands that notify without a server await it themselves.
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { causeText, isDatabaseUnavailable } from "../../lib/errors";
import { createPush, type PushSender } from "../../adapters/push";
import { textIn } from "./texts";
import { publicOrigin } from "../../lib/public-url";

const MAX_ATTEMPTS = 6;
const BATCH = 100;
const POLL_MS = 5000;

const senders = new WeakMap<Deps, PushSender>();
/** The push adapter of these deps (FCM when configured, else the dev outbox). */
export function pushSender(deps: Deps): PushSender {
  let s = senders.get(deps);
  if (!s) {
    s = createPush(deps.env, deps.db, deps.log);
    senders.set(deps, s);
  }
  return s;
}

interface Claimed {
  id: number;
  attempts: number;
  token_id: number;
  token: string;
  language: string;
  notification_id: number;
  user_id: number;
  category: string;
  type: string;
  title: string;
  body: string;
  title_en: string | null;
  body_en: string | null;
  title_ar: string | null;
  body_ar: string | null;
  link: string | null;
  data: Record<string, string>;
}

/** Sends the due pushes once; returns how many were sent. */
export async function deliverPendingPushes(deps: Deps): Promise<number> {
  const sender = pushSender(deps);
  // Tokens of ended sessions go once the pushes queued while they were live are out (a password change is told to
  // every device it signs out); nothing new is queued for them (notify joins live sessions only).
  await deps.db.execute(sql`
    delete from push_tokens t using sessions s
     where t.session_id = s.id and (s.revoked_at is not null or s.expires_at < now())
       and not exists (select 1 from push_deliveries d where d.token_id = t.id and d.status = 'pending')`);
  const claimed = await deps.db.execute(sql`
    with due as (
      select id from push_deliveries
       where status = 'pending' and next_attempt_at <= now()
       order by id
       limit ${BATCH}
       for update skip locked
    )
    update push_deliveries d
       set attempts = d.attempts + 1, next_attempt_at = now() + interval '1 minute'
      from due, notifications n, push_tokens t
     where d.id = due.id and n.id = d.notification_id and t.id = d.token_id
    returning d.id, d.attempts, t.id as token_id, t.token, t.language, n.id as notification_id, n.user_id, n.category, n.type,
              n.title, n.body, n.title_en, n.body_en, n.title_ar, n.body_ar, n.link, n.data`);
  const rows = (claimed as unknown as { rows: Claimed[] }).rows;
  const origin = publicOrigin(deps.env);
  let sent = 0;
  for (const r of rows) {
    const route = r.link ?? "/";
    const { title, body } = textIn(r, r.language);
    const result = await sender.send(r.token, {
      title,
      body,
      link: origin + route,
      icon: "/icons/icon-192.png",
      badge: "/icons/maskable-192.png",
      data: {
        ...(r.data ?? {}),
        notificationId: String(r.notification_id),
        userId: String(r.user_id),
        category: r.category,
        type: r.type,
        url: route,
      },
    });
    if (result.ok) {
      sent += 1;
      await deps.db.execute(sql`update push_deliveries set status = 'sent', last_error = null where id = ${r.id}`);
    } else if (result.permanent) {
      await deps.db.execute(sql`delete from push_tokens where id = ${r.token_id}`);
    } else {
      const dead = Number(r.attempts) >= MAX_ATTEMPTS;
      const delayS = 30 * 4 ** (Number(r.attempts) - 1);
      await deps.db.execute(sql`
        update push_deliveries
           set status = ${dead ? "failed" : "pending"}, last_error = ${result.error},
               next_attempt_at = now() + make_interval(secs => ${delayS})
         where id = ${r.id}`);
    }
  }
  return sent;
}

const running = new Set<() => void>();

/** Asks every dispatcher of this process to look at the outbox now (and again shortly, once the caller committed). */
export function kickPushes(): void {
  for (const kick of running) kick();
}

/** Starts the dispatcher of a server process; returns its stop function. */
export function startPushDispatcher(deps: Deps): () => void {
  let busy = false;
  let again = false;
  let stopped = false;
  let databaseDown = false;
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
        await deliverPendingPushes(deps);
      } while (again && !stopped);
      if (databaseDown) deps.log.info("push dispatch: database back");
      databaseDown = false;
    } catch (err) {
      const msg = causeText(err);
      if (isDatabaseUnavailable(err)) {
        // Terminated, restarting, refusing connections: the next tick tries again (said once per outage).
        if (!databaseDown) deps.log.warn("push dispatch: database unavailable, retrying", { error: msg.slice(0, 200) });
        databaseDown = true;
      } else if (/closed|after calling end|not open/i.test(msg)) {
        // The database was closed by this process (tests, shutdown): this dispatcher is done.
        stop();
      } else deps.log.warn("push dispatch failed", { error: msg.slice(0, 200) });
    } finally {
      busy = false;
    }
  };
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const kick = () => {
    // notify() runs inside the caller's transaction: look now and again after it has most likely committed.
    for (const ms of [30, 300]) {
      const t = setTimeout(() => {
        timers.delete(t);
        void tick();
      }, ms);
      t.unref?.();
      timers.add(t);
    }
  };
  const interval = setInterval(() => void tick(), POLL_MS);
  interval.unref?.();
  const stop = () => {
    stopped = true;
    clearInterval(interval);
    for (const t of timers) clearTimeout(t);
    running.delete(kick);
  };
  running.add(kick);
  return stop;
}
