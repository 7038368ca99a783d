/**
 * Cross-process events (issue 24 item 4): PostgreSQL `NOTIFY` on a few channels, heard by every process over the same
 * database (`Database.listen`, db/client.ts; on the embedded PGlite, one process, the same calls work in-process).
 *
 * - Only ids travel in a message (a notification id, a session id): the tables stay the truth, a listener reads them.
 * - `notifySql(channel, payload)` is a statement to run INSIDE the writer's transaction: PostgreSQL delivers the message
 *   when that transaction commits, never when it rolls back, so a listener always finds the rows it is told about.
 * - A message can be lost (a listener reconnecting): every listener also has its periodic sweep (the dispatchers every
 *   5 s, the sockets' heartbeat), the message only makes it immediate.
 */
import { sql, type SQL } from "drizzle-orm";

export const CHANNELS = {
  /** Push deliveries were queued: the notification ids, comma-separated. */
  push: "darsi_push",
  /** E-mails or SMS were queued: the message ids, comma-separated. */
  message: "darsi_message",
  /** A session was revoked or deleted (logout, password change, account deleted): its id (migration 0019's trigger). */
  sessionEnded: "darsi_session_ended",
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** PostgreSQL caps a payload at 8000 bytes: a longer list of ids is cut (the listener sweeps its table anyway). */
const MAX_PAYLOAD = 7900;

/** The ids as a message: comma-separated, cut below PostgreSQL's limit. */
export function idsPayload(ids: ReadonlyArray<number | string>): string {
  let text = "";
  for (const id of ids) {
    const next = text ? `${text},${id}` : String(id);
    if (next.length > MAX_PAYLOAD) break;
    text = next;
  }
  return text;
}

/** The statement that sends `payload` on `channel` once the surrounding transaction commits. */
export function notifySql(channel: Channel, payload: string): SQL {
  return sql`select pg_notify(${channel}, ${payload})`;
}
