/**
 * Producing notifications (issue 11 item 1). Every event of the platform calls `notify` inside its own transaction:
 *
 * - the notification is stored in the pupil's bell with its SPEC §3 preference category and its link (an app route);
 *   nothing is stored when the pupil turned that category off (`users.notification_preferences[category] = 0`);
 * - one push delivery per device of the pupil (push tokens of live sessions) is written in the same transaction — the
 *   push outbox — and sent after commit by the dispatcher (`deliverPendingPushes`): a rolled-back event sends nothing,
 *   a crash or an FCM error is retried, and the inbox row stays the truth (the bell shows it whether the push arrived
 *   or not; the service worker shows a notification id once).
 *
 * `notifyClass` does the same for every pupil of a class in two statements (operator broadcasts, new lessons).
 *
 * Texts come in the three languages (`texts`, from the templates of `./texts.ts`): French in `title` / `body`, English
 * and Arabic in `title_en`, `body_en`, `title_ar`, `body_ar` (null when empty: the French is shown). The bell shows
 * the pupil's language; the dispatcher writes each push in its device's (the token's `language`).
 */
import { sql } from "drizzle-orm";
import type { NotificationCategory } from "../../../domain/notifications";
import type { Tx } from "../../db/client";
import { CHANNELS, idsPayload, notifySql } from "../../lib/events";
import { kickPushes } from "./dispatch";
import type { NotificationTexts } from "./texts";

export interface NotifyInput {
  userId: number;
  category: NotificationCategory;
  /** What happened, for the client and analytics (`transfer_received`, `password_changed`, …). */
  type: string;
  /** Title and body in French (the reference), English and Arabic: `texts.ts` has a template per type. */
  texts: NotificationTexts;
  /** The app route the notification opens (`/porte-monnaie`, `/inbox/12`, a lesson, `/sessions?eventId=3`), or null. */
  link?: string | null;
  /** Extra string fields carried in the push's `data`. */
  data?: Record<string, string>;
}

const PUPIL_TYPES = sql`('student', 'influencer')`;

async function queueDeliveries(tx: Tx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`
    insert into push_deliveries (notification_id, token_id)
    select n.id, t.id
      from notifications n
      join push_tokens t on t.user_id = n.user_id
      join sessions s on s.id = t.session_id and s.revoked_at is null and s.expires_at > now()
     where n.id = any(${`{${ids.join(",")}}`}::int[])`);
  // Heard by the dispatcher of every process once this transaction commits (lib/events.ts); the kick is this process's own.
  await tx.execute(notifySql(CHANNELS.push, idsPayload(ids)));
  kickPushes();
}

/** The text columns of a notification, in the order of the inserts below; an empty translation is stored as null. */
function textValues(t: NotificationTexts) {
  const orNull = (x: string) => (x.trim() ? x : null);
  return sql`${t.fr.title}, ${t.fr.body}, ${orNull(t.en.title)}, ${orNull(t.en.body)}, ${orNull(t.ar.title)}, ${orNull(t.ar.body)}`;
}
const TEXT_COLUMNS = sql.raw("title, body, title_en, body_en, title_ar, body_ar");

type Inserted = { id: number; user_id: number };
const rowsOf = (r: unknown): Inserted[] => ((r as { rows?: Inserted[] }).rows ?? (r as Inserted[])).map((x) => ({ id: Number(x.id), user_id: Number(x.user_id) }));

/**
 * Stores one notification for `userId` (unless the pupil turned its category off) and queues its push to the pupil's
 * devices. Returns the notification id, or null when the preference is off (or the user does not exist).
 */
export async function notify(tx: Tx, input: NotifyInput): Promise<number | null> {
  const result = await tx.execute(sql`
    insert into notifications (user_id, category, type, ${TEXT_COLUMNS}, link, data)
    select u.id, ${input.category}, ${input.type}, ${textValues(input.texts)}, ${input.link ?? null}, ${JSON.stringify(input.data ?? {})}::jsonb
      from users u
     where u.id = ${input.userId}
       and coalesce(u.notification_preferences ->> ${input.category}, '1') <> '0'
    returning id, user_id`);
  const [row] = rowsOf(result);
  if (!row) return null;
  await queueDeliveries(tx, [row.id]);
  return row.id;
}

/**
 * The same notification for every pupil (student or influencer) of a class — or, with `userIds`, of that list —
 * honouring each one's preference. Returns how many were stored.
 */
export async function notifyClass(
  tx: Tx,
  target: { divisionId: number } | { userIds: number[] },
  input: Omit<NotifyInput, "userId">,
): Promise<number> {
  const who =
    "divisionId" in target
      ? sql`u.division_id = ${target.divisionId} and u.user_type in ${PUPIL_TYPES}`
      : sql`u.id = any(${`{${target.userIds.filter((x) => Number.isInteger(x)).join(",")}}`}::int[])`;
  const result = await tx.execute(sql`
    insert into notifications (user_id, category, type, ${TEXT_COLUMNS}, link, data)
    select u.id, ${input.category}, ${input.type}, ${textValues(input.texts)}, ${input.link ?? null}, ${JSON.stringify(input.data ?? {})}::jsonb
      from users u
     where ${who}
       and coalesce(u.notification_preferences ->> ${input.category}, '1') <> '0'
    returning id, user_id`);
  const rows = rowsOf(result);
  await queueDeliveries(tx, rows.map((r) => r.id));
  return rows.length;
}
