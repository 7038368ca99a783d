import { desc } from "drizzle-orm";
import type { Db } from "../db/client";
import { outboxMessages } from "../db/schema";
import type { Logger } from "../lib/logger";

export interface OutgoingMessage {
  to: string;
  channel: "sms" | "email";
  kind: string;
  code?: string;
  body: string;
}

export interface Messaging {
  send(message: OutgoingMessage): Promise<void>;
  /** Newest first; only the local adapter keeps them. */
  outbox(limit?: number): Promise<Array<OutgoingMessage & { created_at: string }>>;
}

/**
 * The local SMS and e-mail gateway: stores every message in the outbox table (read by
 * `GET /api/dev/outbox` when DEV_OUTBOX=true, never in production) and writes a line to the log, like a provider's console.
 */
export function createOutboxMessaging(db: Db, log: Logger, opts: { logBodies: boolean }): Messaging {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({
        to: message.to,
        channel: message.channel,
        kind: message.kind,
        code: message.code ?? null,
        body: message.body,
      });
      log.info("message sent", {
        to: message.to,
        channel: message.channel,
        kind: message.kind,
        ...(opts.logBodies ? { body: message.body } : {}),
      });
    },
    async outbox(limit = 50) {
      const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
      return rows.map((r) => ({
        to: r.to,
        channel: r.channel as "sms" | "email",
        kind: r.kind,
        ...(r.code ? { code: r.code } : {}),
        body: r.body,
        created_at: r.createdAt.toISOString(),
      }));
    },
  };
}
