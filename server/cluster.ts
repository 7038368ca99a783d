/**
 * WORKERS=N (issue 24): the primary process of `node:cluster`. It serves no HTTP and opens no database: it forks N
 * workers (server/main.ts each, listening on the one port; the primary hands them the connections in turn), replaces a
 * worker that dies — at once, or after a backoff (1 s doubling up to 30 s) while workers keep dying within 10 s of their
 * start, so a crash loop does not spin — and on SIGTERM/SIGINT drains them all: each gets SIGTERM and closes its server
 * gracefully (in-flight requests finish), and the primary exits 0 once every worker has exited (1 when one had to be
 * killed after DRAIN_MS).
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./lib/logger";
import { servePrimaryMetrics } from "./lib/metrics";

const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 30_000;
/** A worker that lived this long was healthy: the next death is replaced at once. */
const STABLE_MS = 10_000;
/** The longest drain: a worker still there is killed (each worker also ends itself after 10 s). */
const DRAIN_MS = 15_000;

export function runPrimary(count: number, log: Logger): void {
  const live = new Map<number, { worker: Worker; startedAt: number }>();
  let quickDeaths = 0;
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork();
    live.set(worker.id, { worker, startedAt: Date.now() });
  };

  const finish = (code: number) => {
    log.info("all workers stopped", { pid: process.pid });
    process.exit(code);
  };

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (live.get(worker.id)?.startedAt ?? 0);
    live.delete(worker.id);
    if (stopping) {
      if (live.size === 0) finish(0);
      return;
    }
    quickDeaths = lived < STABLE_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths === 0 ? 0 : Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** (quickDeaths - 1));
    log.error("worker died: replacing it", { pid: worker.process.pid, code, signal, lived_ms: lived, restart_in_ms: delay });
    // Not unref'd: with every worker dead, this timer is what keeps the primary alive to fork the next.
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const drain = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down workers", { signal, workers: live.size });
    if (live.size === 0) finish(0);
    for (const { worker } of live.values()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const { worker } of live.values()) worker.process.kill("SIGKILL");
      log.error("workers did not stop in time: killed", { workers: live.size });
      process.exit(1);
    }, DRAIN_MS).unref();
  };
  process.on("SIGTERM", () => drain("SIGTERM"));
  process.on("SIGINT", () => drain("SIGINT"));

  // GET /metrics of any worker answers for the whole machine: the primary aggregates every worker's (lib/metrics.ts).
  servePrimaryMetrics();
  log.info("starting workers", { pid: process.pid, workers: count });
  for (let i = 0; i < count; i++) fork();
}
