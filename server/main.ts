import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { createDeps } from "./boot";
import { loadEnv } from "./env";
import { closeAllSockets, createWebSocketServer } from "./lib/ws";

const env = loadEnv();
const deps = await createDeps(env);
// Background work (push dispatcher, batches, sockets) catches its own failures; one that slipped through is a bug to
// log, not a reason to end the process and every request it serves (Node's default for an unhandled rejection).
process.on("unhandledRejection", (reason) => {
  deps.log.error("unhandled rejection", { error: reason instanceof Error ? reason.stack : String(reason) });
});
const app = createApp(deps);
const wss = createWebSocketServer();

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, websocket: { server: wss } }, (info) => {
  deps.log.info("listening", { url: `http://localhost:${info.port}`, database: deps.database.kind });
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  deps.log.info("shutting down", { signal });
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await deps.database.close();
    process.exit(0);
  });
  // Idle keep-alive sockets would hold close() open, and a client reusing one would still reach this process: closed
  // now, and again as in-flight requests finish (their sockets go idle), until the process exits.
  const closeIdle = () => (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  closeIdle();
  setInterval(closeIdle, 100).unref();
  // Open websockets too (the players reconnect to the next process).
  closeAllSockets(wss);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
