import cluster from "node:cluster";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { createDeps } from "./boot";
import { runPrimary } from "./cluster";
import { loadEnv, type Env } from "./env";
import { startScheduler } from "./lib/jobs";
import { createLogger } from "./lib/logger";
import { closeAllSockets, createWebSocketServer } from "./lib/ws";
import { JOBS } from "./services/housekeeping/jobs";

/** One server process: the app on PORT, the scheduled jobs, and a graceful shutdown on SIGTERM/SIGINT. */
async function serveProcess(env: Env): Promise<void> {
  const deps = await createDeps(env);
  // Background work (push dispatcher, batches, sockets) catches its own failures; one that slipped through is a bug to
  // log, not a reason to end the process and every request it serves (Node's default for an unhandled rejection).
  process.on("unhandledRejection", (reason) => {
    deps.log.error("unhandled rejection", { error: reason instanceof Error ? reason.stack : String(reason) });
  });
  const app = createApp(deps);
  const wss = createWebSocketServer();
  // Housekeeping and scheduled work (services/housekeeping/jobs.ts): every process ticks, each job runs once across them.
  const stopJobs = startScheduler(deps, JOBS);

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, websocket: { server: wss } }, (info) => {
    deps.log.info("listening", { url: `http://localhost:${info.port}`, database: deps.database.kind, pid: process.pid });
  });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    deps.log.info("shutting down", { signal, pid: process.pid });
    stopJobs();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await deps.database.close();
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open, and a client reusing one would still reach this process: closed
    // now, and again as in-flight requests finish (their sockets go idle), until the process exits.
    const closeIdle = () => {
      if ("closeIdleConnections" in server) server.closeIdleConnections();
    };
    closeIdle();
    setInterval(closeIdle, 100).unref();
    // Open websockets too (the players reconnect to the next process).
    closeAllSockets(wss);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

const env = loadEnv();
// WORKERS above 1 (PostgreSQL only, checked by loadEnv): this process is the primary of a cluster (server/cluster.ts),
// each worker runs this file again as one server process.
if (env.WORKERS > 1 && cluster.isPrimary) runPrimary(env.WORKERS, createLogger(env.LOG_LEVEL));
else await serveProcess(env);
