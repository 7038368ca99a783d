/**
 * The push dispatcher: sends the push outbox (`push_deliveries`) after the events' transactions commit.
 *
 * - `deliverPendingPushes(deps)` first drops the tokens of ended sessions (logout, expiry: a shared tablet's next
 *   pupil never gets the last one's pushes), then runs the dispatcher loop the message queue shares
 *   (server/lib/dispatcher.ts): due deliveries claimed with a one-minute lease (in `next_attempt_at`), each sent outside
 *   any transaction and marked sent, retried later (30 s, 2 min, 8 min, …, not before FCM's `Retry-After`; failed
 *   after 6 tries), or failed at once when FCM refuses the message; the token FCM says is dead (UNREGISTERED) is
 *   dropped with its pending pushes. A push may thus arrive twice: the service worker shows a notification id once.
 * - Each push is written in its device's language (the token's `language`, set when the app registers it and again
 *   when the pupil changes language): the notification's `title_en` / `body_ar` …, French when it has none.
 * - `startPushDispatcher(deps)` runs it every few seconds and right after `notify` (`kickPushes`), in every server
 *   process (createApp). The operator commands that notify without a server await it themselves.
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { createDispatcher, deliverDue } from "../../lib/dispatcher";
import { CHANNELS } from "../../lib/events";
import { createPush, type PushResult, type PushSender } from "../../adapters/push";
import { textIn } from "./texts";
import { publicOrigin } from "../../lib/public-url";

const BATCH = 100;

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
  const origin = publicOrigin(deps.env);
  return deliverDue<Claimed, PushResult>(deps, {
    name: "push",
    table: "push_deliveries",
    lease: "next_attempt_at",
    batch: BATCH,
    join: { from: sql`, notifications n, push_tokens t`, where: sql`and n.id = q.notification_id and t.id = q.token_id` },
    returning: sql`q.id, q.attempts, t.id as token_id, t.token, t.language, n.id as notification_id, n.user_id, n.category, n.type,
                   n.title, n.body, n.title_en, n.body_en, n.title_ar, n.body_ar, n.link, n.data`,
    send: (r) => {
      const route = r.link ?? "/";
      const { title, body } = textIn(r, r.language);
      return sender.send(r.token, {
        title,
        body,
        link: origin + route,
        icon: "/icons/icon-192.png",
        badge: "/icons/maskable-192.png",
        data: { ...(r.data ?? {}), notificationId: String(r.notification_id), userId: String(r.user_id), category: r.category, type: r.type, url: route },
      });
    },
    // A dead token goes, and its deliveries with it (cascade): no later push is queued for it.
    handled: async (r, result) => {
      if (result.ok || !result.dropToken) return false;
      deps.log.info("push token dropped", { tokenId: r.token_id, error: result.error });
      await deps.db.execute(sql`delete from push_tokens where id = ${r.token_id}`);
      return true;
    },
    describe: (r) => ({ type: r.type, tokenId: r.token_id }),
  });
}

const dispatcher = createDispatcher("push", deliverPendingPushes, CHANNELS.push);

/** Asks every dispatcher of this process to look at the outbox now (and again shortly, once the caller committed). */
export const kickPushes = dispatcher.kick;

/** Starts the dispatcher of a server process; returns its stop function. */
export const startPushDispatcher = dispatcher.start;
