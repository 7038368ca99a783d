import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema";
import type { Messaging } from "./types";

/**
 * The queue of e-mails and SMS: `send` writes the message (pending) and tells the dispatcher (`onQueued`); the
 * dispatcher delivers it through the channel's transport. `keepCodes`: the code in its own column for the dev outbox
 * (never in production, where nobody may read it back).
 */
export function createMessageQueue(db: Db, opts: { keepCodes: boolean; onQueued: () => void }): Messaging {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({
        to: message.to,
        channel: message.channel,
        kind: message.kind,
        code: opts.keepCodes ? (message.code ?? null) : null,
        language: message.language,
        body: message.body,
        subject: message.subject ?? null,
        html: message.html ?? null,
      });
      opts.onQueued();
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
