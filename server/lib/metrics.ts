/**
 * `GET /metrics` (issue 24 item 7): the Prometheus text format through `prom-client`, protected by METRICS_TOKEN.
 *
 * - One registry per app (`createMetrics`): requests by route pattern and status, latency histograms by route, the
 *   database pool (in use, idle, waiting), open websockets, ledger movements by kind, and — read from the database at
 *   each scrape — how late the scheduled jobs are and how long the oldest due push / message has waited.
 * - With WORKERS=N the primary (server/cluster.ts, `servePrimaryMetrics`) aggregates every worker's registry through
 *   prom-client's `AggregatorRegistry`; a worker asked for /metrics asks the primary (IPC) and answers with the whole
 *   machine. Per-process figures are summed; figures read from the database (the same in every worker) keep one value.
 */
import cluster from "node:cluster";
import { randomUUID, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Context, Handler, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import promClient from "prom-client";
import { selectRows } from "../db/rows";
import type { Deps } from "./deps";
import { AppError } from "./errors";
import { REQUEST_ID_PATTERN, withRequestId, type Logger } from "./logger";
import { openSockets } from "./ws";

const { AggregatorRegistry, Counter, Gauge, Histogram, Registry } = promClient;

/** Ledger movements written by this process, by kind (services/wallet/ledger.ts counts them). */
const ledgerMoves = new Map<string, number>();

/** Counts one ledger movement of `kind` (written; an outer transaction that rolls back later is counted too). */
export function countLedgerMovement(kind: string): void {
  ledgerMoves.set(kind, (ledgerMoves.get(kind) ?? 0) + 1);
}

export interface Metrics {
  registry: InstanceType<typeof Registry>;
  /** Records one answered request. */
  observe(method: string, route: string, status: number, seconds: number): void;
}

/**
 * The route pattern a request was for (`/api/lessons/:id`), never its path (bounded labels); `other` for the rest.
 * Read after the chain ran, `routeIndex` is the last handler reached — the one that answered; when a middleware answered
 * (a 401), the route it stood before. Never a later catch-all that also matches (the app's `GET *` fallback when
 * `dist/` is served, which counted every `/health` as `/*`).
 */
function routeOf(c: Context): string {
  const route = matchedRoutes(c)
    .slice(c.req.routeIndex)
    .find((r) => r.method !== "ALL");
  return route?.path ?? "other";
}

/** The metrics of one app (one server process). */
export function createMetrics(deps: Pick<Deps, "db" | "database" | "log">): Metrics {
  const registry = new Registry();
  const requests = new Counter({
    name: "darsi_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "darsi_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "darsi_db_pool_connections",
    help: "Database pool connections of the process: in use, idle, and requests waiting for one.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const s = deps.database.poolStats();
      this.set({ state: "in_use" }, s.inUse);
      this.set({ state: "idle" }, s.idle);
      this.set({ state: "waiting" }, s.waiting);
    },
  });
  new Gauge({
    name: "darsi_websockets_open",
    help: "Open progress websockets.",
    registers: [registry],
    collect() {
      this.set(openSockets.count);
    },
  });
  new Counter({
    name: "darsi_ledger_movements_total",
    help: "Ledger movements written since the process started, by kind.",
    labelNames: ["kind"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, n] of ledgerMoves) this.inc({ kind }, n);
    },
  });
  // Read from the one database: every worker reads the same figure, the aggregate keeps the largest.
  new Gauge({
    name: "darsi_job_lag_seconds",
    help: "How late each scheduled job is (0 when it is not due yet).",
    labelNames: ["job"] as const,
    aggregator: "max",
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await selectRows<{ name: string; lag: number }>(deps.db, sql`
        select name, greatest(0, extract(epoch from now() - next_run_at))::float8 as lag from scheduled_jobs`).catch(() => []);
      for (const r of rows) this.set({ job: r.name }, Number(r.lag));
    },
  });
  new Gauge({
    name: "darsi_outbox_lag_seconds",
    help: "How long the oldest due row of each send queue has waited (0 when none is due).",
    labelNames: ["queue"] as const,
    aggregator: "max",
    registers: [registry],
    async collect() {
      const lag = async (table: "push_deliveries" | "outbox_messages") => {
        const [row] = await selectRows<{ lag: number | null }>(deps.db, sql`
          select extract(epoch from now() - min(next_attempt_at))::float8 as lag
            from ${sql.identifier(table)} where status = 'pending' and next_attempt_at <= now()`).catch(() => []);
        return Math.max(0, Number(row?.lag ?? 0));
      };
      this.set({ queue: "push" }, await lag("push_deliveries"));
      this.set({ queue: "message" }, await lag("outbox_messages"));
    },
  });
  return {
    registry,
    observe(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
  };
}

/** True when the Authorization header is `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer (.+)$/.exec(header ?? "");
  if (!m) return false;
  const given = Buffer.from(m[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const REQ = "darsi:metrics-req";
const RES = "darsi:metrics-res";
const WORKER_WAIT_MS = 6000;

interface MetricsAnswer {
  type: typeof RES;
  id: number;
  body?: string;
  error?: string;
}

let nextId = 0;
const waiting = new Map<number, (answer: MetricsAnswer) => void>();
let workerWired = false;

/**
 * The text of /metrics: this process's registry, or with WORKERS=N the whole machine's (every worker's registry
 * aggregated by the primary).
 */
async function metricsText(metrics: Metrics): Promise<string> {
  if (!cluster.isWorker || !process.send) return metrics.registry.metrics();
  wireWorkerMetrics(metrics);
  const id = nextId++;
  const answer = await new Promise<MetricsAnswer>((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve({ type: RES, id, error: "the primary did not answer" });
    }, WORKER_WAIT_MS);
    waiting.set(id, (a) => {
      clearTimeout(timer);
      resolve(a);
    });
    process.send!({ type: REQ, id });
  });
  if (answer.error !== undefined || answer.body === undefined) throw new Error(`cluster metrics: ${answer.error ?? "no answer"}`);
  return answer.body;
}

/**
 * A worker's side, wired when its app is made (before any scrape): the primary's AggregatorRegistry asks each worker
 * for this registry (prom-client's own IPC messages), and the answers to this worker's requests come back here.
 */
export function wireWorkerMetrics(metrics: Metrics): void {
  if (!cluster.isWorker || workerWired) return;
  workerWired = true;
  AggregatorRegistry.setRegistries([metrics.registry]);
  new AggregatorRegistry();
  process.on("message", (m: MetricsAnswer) => {
    if (m?.type !== RES) return;
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  });
}

/** The primary's side (server/cluster.ts): answers a worker's request with every worker's metrics aggregated. */
export function servePrimaryMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== REQ || typeof message.id !== "number") return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (body) => worker.send({ type: RES, id, body }),
      (err: unknown) => worker.send({ type: RES, id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

const METRICS_CONTENT_TYPE = promClient.register.contentType;

/**
 * Every request gets an id (the client's valid X-Request-Id, else a new one), sent back in X-Request-Id and carried by
 * every log line written while it is served (lib/logger.ts); its route pattern, status and time go to the metrics.
 */
export function requestScope(metrics: Metrics, log: Logger): MiddlewareHandler {
  return (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    return withRequestId(requestId, async () => {
      const start = performance.now();
      try {
        await next();
      } finally {
        try {
          c.res.headers.set("X-Request-Id", requestId);
        } catch {
          // A response whose headers are immutable (a websocket upgrade's): it goes without the header.
        }
        const elapsed = performance.now() - start;
        if (c.req.path !== "/metrics") metrics.observe(c.req.method, routeOf(c), c.res.status, elapsed / 1000);
        if (c.req.path.startsWith("/api") || c.req.path.startsWith("/svc")) {
          log.info("request", { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(elapsed) });
        }
      }
    });
  };
}

/** `GET /metrics`: off (404) without METRICS_TOKEN (production requires it), else only with `Authorization: Bearer <it>`. */
export function metricsRoute(deps: Pick<Deps, "env">, metrics: Metrics): Handler {
  return async (c) => {
    const token = deps.env.METRICS_TOKEN;
    if (!token) throw new AppError(404, "not_found");
    if (!bearerMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new AppError(401, "unauthorized");
    }
    c.header("Cache-Control", "no-store");
    return c.body(await metricsText(metrics), 200, { "Content-Type": METRICS_CONTENT_TYPE });
  };
}
