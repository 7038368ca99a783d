import type { Logger } from "../../lib/logger";
import type { Transport } from "./types";

/**
 * The local SMS and e-mail gateway (outside production only): the message is already in the outbox table, read by
 * `GET /api/dev/outbox` when DEV_OUTBOX=true; "delivering" it writes a line to the log, like a provider's console.
 */
export function createOutboxTransport(log: Logger, opts: { logBodies: boolean }): Transport {
  return {
    name: "outbox",
    async deliver(m) {
      log.info("message sent", { to: m.to, channel: m.channel, kind: m.kind, language: m.language, ...(opts.logBodies ? { body: m.body } : {}) });
      return { ok: true, providerId: null };
    },
  };
}
