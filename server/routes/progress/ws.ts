/**
 * The progress websocket (SPEC §7 "External services"): `GET /svc/progress/ws?content_id=…&token=…`.
 *
 * The player tells where it is — `{ "progress": <seconds>, "state": "playing" | "paused" | "skipped_forward" }`,
 * every 5 s while playing and on pause or a skip forward — and the server keeps that live position as the pupil's
 * resume point for the lesson (only `last_watched_second`: ranges and percentages come from the progress posts).
 *
 * - Authorization happens before the handshake: the token is checked like a bearer token (session row included)
 *   and the lesson must be one the pupil may open. A refusal still completes the handshake, then closes at once
 *   with a code a browser can read (4400 bad query, 4401 token, 4403 locked, 4404 unknown or another class,
 *   4429 too many connections); the reason is the error code of `domain/errors.ts`.
 * - The session and the access are checked again before a write once a minute: a logout or an offer that ends
 *   closes the socket (4401 / 4403).
 * - A malformed message (not JSON, wrong shape, binary) is logged and ignored. A client that sends faster than
 *   a token bucket allows has its extra messages dropped, and is closed (4429) when it keeps on; messages larger
 *   than `WS_MAX_PAYLOAD` close the socket (1009). A socket without a valid message for `idleMs` is closed (4408).
 * - Writes are serialized per socket and coalesced: only the newest position waits while one is written.
 */
import type { MiddlewareHandler } from "hono";
import type { WSContext, WSEvents } from "hono/ws";
import { upgradeWebSocket, type WebSocketLike } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import * as v from "valibot";
import type { ErrorCode } from "../../../domain/errors";
import { PROGRESS_SOCKET_CLOSE, ProgressSocketMessageSchema, ProgressSocketQuerySchema } from "../../../domain/schemas/progress";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { hitRateLimit, type RateRule } from "../../lib/rate-limit";
import { createSocketRegistry } from "../../lib/ws";
import { authorizeProgressSocket, recordPosition, type SocketGrant } from "../../services/progress/position";

export const PROGRESS_SOCKET_PATH = "/svc/progress/ws";

export interface ProgressSocketOptions {
  /** Close a socket that sent no valid message for this long (a paused player reconnects when it plays). */
  idleMs: number;
  /** Check the session and the lesson's access again before a write when the last check is older. */
  recheckMs: number;
  /** Token bucket per socket: burst size and refill rate (messages per second). */
  burst: number;
  refillPerSecond: number;
  /** Messages dropped by the bucket within 10 s after which the socket is closed (4429). */
  maxDrops: number;
  /** Open progress sockets per pupil across every process (tabs, devices): rows of `live_sockets` (lib/ws.ts). */
  maxSocketsPerUser: number;
  /** How often this process refreshes its sockets' rows and closes those whose session ended (lib/ws.ts). */
  heartbeatMs: number;
}

const DEFAULT_PROGRESS_SOCKET_OPTIONS: ProgressSocketOptions = {
  idleMs: 120_000,
  recheckMs: 60_000,
  burst: 10,
  refillPerSecond: 1,
  maxDrops: 20,
  maxSocketsPerUser: 5,
  heartbeatMs: 20_000,
};

/** Handshakes per client address (before any database work on the token) and per pupil (multiplied by RATE_LIMIT_FACTOR). */
const CONNECT_IP: RateRule = { name: "progress-ws:ip", limit: 300, windowSeconds: 60 };
const CONNECT_USER: RateRule = { name: "progress-ws:user", limit: 30, windowSeconds: 60 };

const CLOSE_BY_STATUS: Record<number, number> = {
  400: PROGRESS_SOCKET_CLOSE.badRequest,
  401: PROGRESS_SOCKET_CLOSE.unauthorized,
  403: PROGRESS_SOCKET_CLOSE.forbidden,
  404: PROGRESS_SOCKET_CLOSE.notFound,
  422: PROGRESS_SOCKET_CLOSE.badRequest,
  429: PROGRESS_SOCKET_CLOSE.rateLimited,
};

interface Refusal {
  code: number;
  reason: ErrorCode;
}

function refusalFor(err: unknown): Refusal | null {
  if (!(err instanceof AppError)) return null;
  return { code: CLOSE_BY_STATUS[err.status] ?? PROGRESS_SOCKET_CLOSE.serverError, reason: err.code };
}

function clientIp(c: Parameters<MiddlewareHandler>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? "127.0.0.1";
  } catch {
    return "127.0.0.1";
  }
}

type Log = Deps["log"];

/** Token bucket per socket: `allow()` is false when a message must be dropped; `drops` counts them within 10 s. */
function messageBudget(options: ProgressSocketOptions) {
  let tokens = options.burst;
  let refilledAt = performance.now();
  let drops = 0;
  let dropWindowStart = performance.now();
  return {
    get drops() {
      return drops;
    },
    allow(): boolean {
      const t = performance.now();
      tokens = Math.min(options.burst, tokens + ((t - refilledAt) / 1000) * options.refillPerSecond);
      refilledAt = t;
      if (tokens >= 1) {
        tokens -= 1;
        return true;
      }
      if (t - dropWindowStart > 10_000) {
        dropWindowStart = t;
        drops = 0;
      }
      drops += 1;
      return false;
    },
  };
}

/** The position a message tells, or null (logged and ignored) for a binary, non-JSON or wrongly shaped message. */
function positionOf(data: unknown, log: Log, at: { userId: number; contentId: number }): number | null {
  if (typeof data !== "string") {
    log.warn("progress socket: binary message ignored", at);
    return null;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    log.warn("progress socket: malformed message ignored", { ...at, error: "not JSON", length: data.length });
    return null;
  }
  const message = v.safeParse(ProgressSocketMessageSchema, raw);
  if (!message.success) {
    const issue = message.issues[0];
    log.warn("progress socket: malformed message ignored", {
      ...at,
      error: `${issue.path?.map((p) => String(p.key)).join(".") ?? "message"}: ${issue.message}`,
    });
    return null;
  }
  return message.output.progress;
}

/**
 * Writes the newest position told; one write at a time per socket, so only the newest waits while one is written.
 * A position told just before closing is still kept. The session and the access are checked again before a write
 * once the last check is `recheckMs` old: a refusal ends the writes and closes the socket.
 */
function positionWriter(deps: Deps, options: ProgressSocketOptions, first: SocketGrant, token: string, close: (ws: WSContext<WebSocketLike>, refusal: Refusal) => void) {
  const log = deps.log;
  let grant = first;
  const userId = grant.auth.userId;
  const contentId = grant.lesson.contentId;
  let checkedAt = Date.now();
  let pending: number | null = null;
  let writing = false;

  const flush = async (ws: WSContext<WebSocketLike>) => {
    if (writing) return;
    writing = true;
    try {
      while (pending !== null) {
        const seconds = pending;
        pending = null;
        try {
          if (Date.now() - checkedAt >= options.recheckMs) {
            grant = await authorizeProgressSocket(deps, token, contentId);
            checkedAt = Date.now();
          }
          await recordPosition(deps, userId, grant.lesson, seconds);
        } catch (err) {
          const refusal = refusalFor(err);
          if (refusal) {
            log.info("progress socket closed: access ended", { userId, contentId, code: refusal.reason });
            pending = null;
            close(ws, refusal);
            return;
          }
          log.error("progress socket: position not saved", { userId, contentId, error: err instanceof Error ? err.message : String(err) });
        }
      }
    } finally {
      writing = false;
    }
  };

  return {
    tell(seconds: number, ws: WSContext<WebSocketLike>) {
      pending = seconds;
      // Never an unhandled rejection: a database that went away is logged, the socket stays open.
      flush(ws).catch((err: unknown) => log.error("progress socket: position not saved", { userId, contentId, error: err instanceof Error ? err.message : String(err) }));
    },
  };
}

/** The middleware of `GET /svc/progress/ws`: a request that is not a websocket upgrade goes on (to the 404). */
export function progressSocket(deps: Deps, overrides: Partial<ProgressSocketOptions> = {}): MiddlewareHandler {
  const options = { ...DEFAULT_PROGRESS_SOCKET_OPTIONS, ...overrides };
  const log = deps.log;
  // The sockets of this process, counted with every other process's (the cap) and closed when their session ends anywhere.
  const registry = createSocketRegistry(deps, options.heartbeatMs);
  const onError = (err: unknown) => log.error("progress socket handler failed", { error: err instanceof Error ? err.stack : String(err) });

  function refused(refusal: Refusal): WSEvents<WebSocketLike> {
    return { onOpen: (_event, ws) => ws.close(refusal.code, refusal.reason) };
  }

  function live(grant: SocketGrant, token: string, socketId: string): WSEvents<WebSocketLike> {
    const userId = grant.auth.userId;
    const contentId = grant.lesson.contentId;
    let closed = false;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const budget = messageBudget(options);

    const close = (ws: WSContext<WebSocketLike>, code: number, reason: string) => {
      if (closed) return;
      closed = true;
      clearTimeout(idle);
      ws.close(code, reason);
    };
    const armIdle = (ws: WSContext<WebSocketLike>) => {
      clearTimeout(idle);
      idle = setTimeout(() => close(ws, PROGRESS_SOCKET_CLOSE.idle, "idle"), options.idleMs);
      idle.unref?.();
    };
    const writer = positionWriter(deps, options, grant, token, (ws, refusal) => close(ws, refusal.code, refusal.reason));

    return {
      onOpen: (_event, ws) => {
        // A logout (or any end of the session) on any process closes it (lib/ws.ts).
        registry.attach(socketId, {
          userId,
          sessionId: grant.auth.sessionId,
          close: () => {
            if (closed) return;
            log.info("progress socket closed: session ended", { userId, contentId });
            close(ws, PROGRESS_SOCKET_CLOSE.unauthorized, "unauthorized");
          },
        });
        armIdle(ws);
      },
      onMessage: (event, ws) => {
        if (closed) return;
        if (!budget.allow()) {
          if (budget.drops === 1) log.warn("progress socket: messages dropped (rate)", { userId, contentId });
          if (budget.drops > options.maxDrops) {
            log.warn("progress socket closed: too many messages", { userId, contentId });
            close(ws, PROGRESS_SOCKET_CLOSE.rateLimited, "rate_limited");
          }
          return;
        }
        const seconds = positionOf(event.data, log, { userId, contentId });
        if (seconds === null) return;
        armIdle(ws);
        writer.tell(seconds, ws);
      },
      onClose: () => {
        closed = true;
        clearTimeout(idle);
        registry.release(socketId);
      },
      onError: (event) => {
        log.warn("progress socket error", { userId, contentId, error: String((event as Event & { error?: unknown }).error ?? event.type) });
      },
    };
  }

  return async (c, next) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return next();
    let events: WSEvents<WebSocketLike>;
    let claimed: string | null = null;
    try {
      const now = deps.now();
      await hitRateLimit(deps.db, CONNECT_IP, clientIp(c), now, deps.env.RATE_LIMIT_FACTOR);
      const query = v.safeParse(ProgressSocketQuerySchema, c.req.query());
      if (!query.success) throw new AppError(400, "validation_failed", undefined, "content_id and token are required");
      const grant = await authorizeProgressSocket(deps, query.output.token, query.output.content_id);
      await hitRateLimit(deps.db, CONNECT_USER, String(grant.auth.userId), now, deps.env.RATE_LIMIT_FACTOR);
      claimed = await registry.claim(grant.auth.userId, grant.auth.sessionId, options.maxSocketsPerUser);
      if (claimed === null) {
        log.warn("progress socket refused: too many open sockets", { userId: grant.auth.userId, max: options.maxSocketsPerUser });
        throw new AppError(429, "rate_limited");
      }
      events = live(grant, query.output.token, claimed);
    } catch (err) {
      const refusal = refusalFor(err);
      if (!refusal) {
        onError(err);
        events = refused({ code: PROGRESS_SOCKET_CLOSE.serverError, reason: "server_error" });
      } else {
        log.info("progress socket refused", { code: refusal.reason });
        events = refused(refusal);
      }
    }
    const response = await upgradeWebSocket(c, events, { onError });
    if (!response && claimed) registry.release(claimed);
    return response ?? next();
  };
}
