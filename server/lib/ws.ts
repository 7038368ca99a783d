import { WebSocketServer } from "ws";

/** Largest websocket message accepted (a progress message is about 40 bytes); larger ones close the socket (1009). */
export const WS_MAX_PAYLOAD = 4 * 1024;

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
