import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { WebSocketServer } from "ws";
import { selectRows } from "../db/rows";
import type { Deps } from "./deps";
import { causeText } from "./errors";
import { CHANNELS } from "./events";

/** Largest websocket message accepted (a progress message is about 40 bytes); larger ones close the socket (1009). */
const WS_MAX_PAYLOAD = 4 * 1024;

/**
 * The websocket server shared by every websocket route, attached to the HTTP server by
 * `serve({ …, websocket: { server } })` (@hono/node-server). Routes accept sockets with `upgradeWebSocket`.
 */
export function createWebSocketServer(): WebSocketServer {
  return new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD, perMessageDeflate: false });
}

/** Closes every open socket (server shutting down), so that `server.close()` can finish. */
export function closeAllSockets(wss: WebSocketServer, code = 1001, reason = "server shutting down"): void {
  for (const socket of wss.clients) socket.close(code, reason);
}

/** How often a process refreshes its sockets' rows and looks for ended sessions (the safety net of the NOTIFY). */
const HEARTBEAT_MS = 20_000;
/** A row this old belongs to a process that died: it no longer counts, and the next heartbeat deletes it. */
const STALE_S = 60;

/** One open socket as the registry knows it: its pupil and session, and how to close it. */
interface LiveSocket {
  userId: number;
  sessionId: string;
  close(): void;
}

export interface SocketRegistry {
  /**
   * Counts a socket about to open for `userId` across every process (a row of `live_sockets`); null when the pupil
   * already has `max` open ones (nothing kept). Otherwise the socket's id: `attach` it once open, `release` it when closed.
   */
  claim(userId: number, sessionId: string, max: number): Promise<string | null>;
  /** The socket is open: `close` is called when its session ends on any process. */
  attach(id: string, socket: LiveSocket): void;
  /** The socket is closed (or never opened): its row goes. */
  release(id: string): void;
  /** Open sockets of this process. */
  size(): number;
  stop(): void;
}

/** Open sockets of every registry of this process (the open-websockets gauge of /metrics). */
export const openSockets = { count: 0 };

/**
 * The live sockets of a process (issue 24 item 4), over `live_sockets` (migration 0019):
 * - the per-pupil cap counts the rows of every process: a row is written, then the pupil's fresh rows counted (two
 *   processes admitting together each see the other's row: never more than `max`);
 * - every `heartbeatMs` the process refreshes its rows, deletes the stale rows of dead processes, and closes its sockets
 *   whose session has ended (revoked, expired, deleted);
 * - a session that ends is also announced at once (`darsi_session_ended`, a trigger on `sessions`): every process closes
 *   its sockets of that session without waiting for the heartbeat.
 */
export function createSocketRegistry(deps: Pick<Deps, "db" | "database" | "log">, heartbeatMs = HEARTBEAT_MS): SocketRegistry {
  const live = new Map<string, LiveSocket>();
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let unlisten: Promise<(() => Promise<void>) | undefined> | undefined;

  const closeSession = (sessionId: string) => {
    for (const s of live.values()) if (s.sessionId === sessionId) s.close();
  };
  const heartbeat = async () => {
    if (stopped) return;
    const ids = [...live.keys()];
    try {
      await deps.db.execute(sql`delete from live_sockets where heartbeat_at < now() - make_interval(secs => ${STALE_S})`);
      if (!ids.length) return;
      const list = `{${ids.join(",")}}`;
      await deps.db.execute(sql`update live_sockets set heartbeat_at = now() where id = any(${list}::uuid[])`);
      const ended = await selectRows<{ session_id: string }>(deps.db, sql`
        select distinct l.session_id from live_sockets l
          left join sessions s on s.id = l.session_id
         where l.id = any(${list}::uuid[]) and (s.id is null or s.revoked_at is not null or s.expires_at <= now())`);
      for (const r of ended) closeSession(String(r.session_id));
    } catch (err) {
      const msg = causeText(err);
      if (/closed|after calling end|not open/i.test(msg)) stop();
      else deps.log.warn("socket heartbeat failed", { error: msg.slice(0, 200) });
    }
  };
  const start = () => {
    if (timer || stopped) return;
    timer = setInterval(() => void heartbeat(), heartbeatMs);
    timer.unref?.();
    unlisten = deps.database
      .listen(CHANNELS.sessionEnded, (payload) => (payload ? closeSession(payload) : void heartbeat()))
      .catch((err: unknown) => {
        deps.log.warn("sockets: not listening for ended sessions (the heartbeat still closes them)", { error: causeText(err).slice(0, 200) });
        return undefined;
      });
  };
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    void unlisten?.then((off) => off?.()).catch(() => undefined);
  };

  return {
    async claim(userId, sessionId, max) {
      start();
      const id = randomUUID();
      await deps.db.execute(sql`insert into live_sockets (id, user_id, session_id) values (${id}, ${userId}, ${sessionId})`);
      const [row] = await selectRows<{ n: number }>(deps.db, sql`
        select count(*)::int as n from live_sockets
         where user_id = ${userId} and heartbeat_at >= now() - make_interval(secs => ${STALE_S})`);
      if (Number(row?.n ?? 0) > max) {
        await deps.db.execute(sql`delete from live_sockets where id = ${id}`);
        return null;
      }
      return id;
    },
    attach(id, socket) {
      live.set(id, socket);
      openSockets.count += 1;
    },
    release(id) {
      if (live.delete(id)) openSockets.count -= 1;
      deps.db.execute(sql`delete from live_sockets where id = ${id}`).catch((err: unknown) => {
        // A row left behind stops counting once stale.
        deps.log.warn("socket row not deleted", { error: causeText(err).slice(0, 200) });
      });
    },
    size: () => live.size,
    stop,
  };
}
