import { CHANNELS, idsPayload, notifySql } from "../../lib/events";
import { desc, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { Messaging } from "./types";

export interface QueueOptions {
  /** The code in its own column for the dev outbox (never in production, where nobody may read it back). */
  keepCodes: boolean;
  /** The channels without a provider (outside production): their message is delivered by being written here. */
  localChannels: ReadonlySet<"sms" | "email">;
  /** Log the bodies of local deliveries (never in production). */
  logBodies: boolean;
  /** Tells the dispatcher a message waits. */
  onQueued: () => void;
}

/**
 * The queue of e-mails and SMS: `send` writes the message and returns. For a channel with a provider it is pending,
 * and the dispatcher delivers it; for a channel without one (the local SMS/e-mail gateway, outside production) the
 * table is the destination: the message is written as delivered, with a line in the log like a provider's console.
 */
export function createMessageQueue(db: Db, log: Logger, opts: QueueOptions): Messaging {
  return {
    async send(message) {
      const local = opts.localChannels.has(message.channel);
      const [row] = await db.insert(outboxMessages).values({
        to: message.to,
        channel: message.channel,
        kind: message.kind,
        code: opts.keepCodes ? (message.code ?? null) : null,
        language: message.language,
        body: message.body,
        subject: message.subject ?? null,
        html: message.html ?? null,
        ...(local ? { status: "sent" as const, provider: "outbox", attempts: 1, sentAt: sql`now()` } : {}),
      }).returning({ id: outboxMessages.id });
      if (local) {
        log.info("message sent", {
          to: message.to,
          channel: message.channel,
          kind: message.kind,
          language: message.language,
          ...(opts.logBodies ? { body: message.body } : {}),
        });
      } else {
        // The row is committed: every process's dispatcher hears it (lib/events.ts); the kick is this process's own.
        await db.execute(notifySql(CHANNELS.message, idsPayload(row ? [row.id] : [])));
        opts.onQueued();
      }
    },
    async outbox(limit = 50) {
      const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
      return rows.map((r) => ({
        to: r.to,
        channel: r.channel as "sms" | "email" | "push",
        kind: r.kind,
        ...(r.code ? { code: r.code } : {}),
        body: r.body,
        created_at: r.createdAt.toISOString(),
      }));
    },
  };
}
