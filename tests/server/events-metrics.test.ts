/**
 * Cross-process events and metrics (issue 24 items 4 and 7).
 *
 * - Everywhere: the pieces without a server (a NOTIFY payload of ids, the bearer check, which X-Request-Id is kept,
 *   METRICS_TOKEN required in production).
 * - On PostgreSQL (TEST_DATABASE=postgres), real server processes over one throw-away database: A with WORKERS=2 (a
 *   primary and two workers on one port) and B with one process on another port:
 *   - notifications queued by a third process (this test, through the real `notify`) are pushed within a second by the
 *     servers' dispatchers (the sweep alone takes up to 5 s), each exactly once;
 *   - the 5-sockets-per-pupil cap counts the sockets of both servers;
 *   - a logout on A closes the pupil's socket on B;
 *   - /metrics refused without the token, and with it the requests of both of A's workers in one answer;
 *   - X-Request-Id: kept when valid, made otherwise, sent back, and on the request's log line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { loadEnv } from "../../server/env";
import { idsPayload } from "../../server/lib/events";
import { REQUEST_ID_PATTERN } from "../../server/lib/logger";
import { bearerMatches } from "../../server/lib/metrics";
import * as schema from "../../server/db/schema";
import type { Db } from "../../server/db/client";
import { notify } from "../../server/services/notifications/notify";
import { createThrowawayDatabase, DEMO_PASSWORD } from "./harness";
import { freePort } from "./ports";
import { productionEnv } from "./production-env";

const ON_POSTGRES = process.env.TEST_DATABASE === "postgres";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const METRICS_TOKEN = "metrics-test-token-0123456789abcdef";

describe("events and metrics without a server", () => {
  it("a NOTIFY payload carries ids only, comma-separated, cut below PostgreSQL's 8000 bytes", () => {
    expect(idsPayload([3, 14, 15])).toBe("3,14,15");
    const many = idsPayload(Array.from({ length: 5000 }, (_, i) => 100_000 + i));
    expect(many.length).toBeLessThan(8000);
    expect(many.split(",").every((id) => /^\d+$/.test(id))).toBe(true);
  });

  it("the metrics bearer must match exactly", () => {
    expect(bearerMatches(`Bearer ${METRICS_TOKEN}`, METRICS_TOKEN)).toBe(true);
    expect(bearerMatches(undefined, METRICS_TOKEN)).toBe(false);
    expect(bearerMatches(METRICS_TOKEN, METRICS_TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${METRICS_TOKEN}`, METRICS_TOKEN)).toBe(false);
  });

  it("an incoming X-Request-Id is kept only when it is 1 to 128 visible ASCII characters", () => {
    expect(REQUEST_ID_PATTERN.test("4bf92f3577b34da6a3ce929d0e0e4736")).toBe(true);
    for (const bad of ["", "a b", "x".repeat(129), "line\nbreak", "é"]) expect(REQUEST_ID_PATTERN.test(bad), JSON.stringify(bad)).toBe(false);
  });

  it("production refuses to boot without METRICS_TOKEN", () => {
    expect(() => loadEnv(productionEnv({ METRICS_TOKEN: undefined }))).toThrow(/METRICS_TOKEN: required with NODE_ENV=production/);
    expect(() => loadEnv(productionEnv({ METRICS_TOKEN: "short" }))).toThrow(/METRICS_TOKEN must have at least 16 characters/);
    expect(loadEnv(productionEnv()).METRICS_TOKEN).toBe("m".repeat(32));
  });
});

interface Server {
  child: ChildProcess;
  port: number;
  exited: Promise<number>;
  output(): string;
}

function startServer(port: number, env: Record<string, string>): Server {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(port),
    JWT_SECRET: "events-test-secret-0123456789abcdef0123456789",
    BOT_CHECK: "off",
    SEED_DEMO: "true",
    DEV_OUTBOX: "true",
    LOG_LEVEL: "info",
    PG_POOL_MAX: "4",
    RATE_LIMIT_FACTOR: "1000",
    METRICS_TOKEN,
    DATA_DIR: `/tmp/darsi-events-${port}`,
    ...env,
  };
  delete full.TEST_DATABASE;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env: full, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout!.on("data", (d: Buffer) => (text += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number>((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1))));
  return { child, port, exited, output: () => text };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on a connection of its own (so that a cluster hands it to its next worker). */
function call(port: number, method: string, path: string, opts: { headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer | null> {
  return new Promise((resolve) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = httpRequest(
      { host: "127.0.0.1", port, method, path, agent: false, timeout: 15_000, headers: { ...(body ? { "content-type": "application/json" } : {}), ...opts.headers } },
      (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(null));
    req.end(body);
  });
}

async function untilHealthy(s: Server, within = 180_000): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`the server exited with ${s.child.exitCode}:\n${s.output().slice(-3000)}`);
    if ((await call(s.port, "GET", "/health"))?.status === 200) return;
    if (Date.now() - t0 > within) throw new Error(`not healthy within ${within} ms:\n${s.output().slice(-3000)}`);
    await sleep(250);
  }
}

async function login(port: number, username: string): Promise<string> {
  const res = await call(port, "POST", "/api/auth/login_check", { body: { username, password: DEMO_PASSWORD } });
  expect(res?.status, res?.body).toBe(200);
  return (JSON.parse(res!.body) as { payload: { token: string } }).payload.token;
}

interface Socket {
  ws: WebSocket;
  opened: Promise<boolean>;
  closed: Promise<{ code: number; reason: string }>;
}

function openSocket(port: number, contentId: number, token: string): Socket {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/svc/progress/ws?content_id=${contentId}&token=${encodeURIComponent(token)}`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })));
  const opened = new Promise<boolean>((resolve) => {
    ws.once("open", () => resolve(true));
    ws.once("error", () => resolve(false));
  });
  return { ws, opened, closed };
}

/** Resolves with the close, or null when the socket is still open after `ms`. */
async function closedWithin(s: Socket, ms: number): Promise<{ code: number; reason: string } | null> {
  return Promise.race([s.closed, sleep(ms).then(() => null)]);
}

if (ON_POSTGRES) {
  describe("two server processes over one PostgreSQL", () => {
    let database: { url: string; drop: () => Promise<void> };
    let a: Server;
    let b: Server;
    let client: pg.Pool;
    let contentId: number;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      database = await createThrowawayDatabase();
      const [pa, pb] = [await freePort(), await freePort()];
      // A first (it migrates and seeds), then B: both on the one database.
      a = startServer(pa, { DATABASE_URL: database.url, WORKERS: "2" });
      b = startServer(pb, { DATABASE_URL: database.url });
      await Promise.all([untilHealthy(a), untilHealthy(b)]);
      client = new pg.Pool({ connectionString: database.url, max: 2 });
      const lesson = await client.query<{ id: number }>(`
        select c.id from contents c join chapters ch on ch.id = c.chapter_id join subjects s on s.id = ch.subject_id
         where s.division_id = 18 and c.duration_s is not null and not c.is_free order by c.id limit 1`);
      contentId = Number(lesson.rows[0]!.id);
    }, 400_000);

    afterAll(async () => {
      for (const s of sockets) s.ws.terminate();
      await client?.end();
      for (const s of [a, b]) {
        if (s && s.child.exitCode === null) {
          s.child.kill("SIGTERM");
          await Promise.race([s.exited, sleep(20_000)]);
          if (s.child.exitCode === null) s.child.kill("SIGKILL");
        }
      }
      await database?.drop();
    }, 60_000);

    it("notifications queued by another process are pushed within a second, each once", async () => {
      const token = await login(b.port, "eleve@darsi.tn");
      const device = `fcm-events-${Date.now()}`;
      const reg = await call(b.port, "POST", "/api/user/set-notification-token", { headers: { authorization: `Bearer ${token}` }, body: { token: device } });
      expect(reg?.status, reg?.body).toBe(200);
      const userId = Number((await client.query<{ id: number }>("select id from users where email = 'eleve@darsi.tn'")).rows[0]!.id);

      // This test process is the third process: it queues through the real `notify` and has no dispatcher running.
      const db = drizzle(client, { schema }) as unknown as Db;
      const texts = { fr: { title: "Test", body: "Corps" }, en: { title: "", body: "" }, ar: { title: "", body: "" } };
      const ids = await db.transaction(async (tx) => {
        const out: number[] = [];
        for (let i = 0; i < 5; i++) out.push((await notify(tx, { userId, category: "transferPoint", type: `events_test_${i}`, texts }))!);
        return out;
      });
      // Committed now: the NOTIFY leaves with the commit.
      const queuedAt = Date.now();
      expect(ids.every((id) => Number.isInteger(id))).toBe(true);

      let sent: Array<{ notification_id: number; attempts: number }> = [];
      while (Date.now() - queuedAt < 8000) {
        sent = (await client.query<{ notification_id: number; attempts: number; status: string }>(
          "select d.notification_id, d.attempts, d.status from push_deliveries d where d.notification_id = any($1::int[]) and d.status = 'sent'",
          [ids],
        )).rows;
        if (sent.length === ids.length) break;
        await sleep(50);
      }
      const took = Date.now() - queuedAt;
      expect(sent.length).toBe(ids.length);
      // The sweep runs every 5 s: a second means the NOTIFY woke a dispatcher.
      expect(took, `pushed after ${took} ms`).toBeLessThan(1000);
      expect(sent.every((r) => Number(r.attempts) === 1)).toBe(true);
      // One push per notification: the dev outbox (the local FCM) got exactly one request per notification for the device.
      await sleep(1500);
      const pushes = await client.query<{ n: number }>("select count(*)::int as n from outbox_messages where channel = 'push' and \"to\" = $1", [device]);
      expect(pushes.rows[0]!.n).toBe(ids.length);
    }, 60_000);

    it("the 5-sockets-per-pupil cap counts the sockets of both servers", async () => {
      const token = await login(a.port, "eleve@darsi.tn");
      const first = [a.port, b.port, a.port, b.port, a.port].map((port) => openSocket(port, contentId, token));
      sockets.push(...first);
      expect(await Promise.all(first.map((s) => s.opened))).toEqual([true, true, true, true, true]);
      for (const s of first) expect(await closedWithin(s, 100)).toBeNull();
      // The sixth, on the server that holds only two of them: refused.
      const sixth = openSocket(b.port, contentId, token);
      sockets.push(sixth);
      const refused = await closedWithin(sixth, 10_000);
      expect(refused).toEqual({ code: 4429, reason: "rate_limited" });
      // One closed on A: one may open on B again.
      first[0]!.ws.close();
      await first[0]!.closed;
      let again: Socket | undefined;
      for (let i = 0; i < 20; i++) {
        again = openSocket(b.port, contentId, token);
        sockets.push(again);
        if ((await closedWithin(again, 500)) === null) break;
        await sleep(200);
      }
      expect(await closedWithin(again!, 200)).toBeNull();
      for (const s of [...first.slice(1), again!]) s.ws.close();
      await Promise.all([...first.slice(1), again!].map((s) => s.closed));
    }, 60_000);

    it("a logout on one server closes the pupil's socket on the other", async () => {
      const token = await login(a.port, "eleve@darsi.tn");
      const onB = openSocket(b.port, contentId, token);
      sockets.push(onB);
      expect(await onB.opened).toBe(true);
      expect(await closedWithin(onB, 300)).toBeNull();
      const t0 = Date.now();
      const out = await call(a.port, "GET", "/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
      expect(out?.status, out?.body).toBe(200);
      const closed = await closedWithin(onB, 60_000);
      expect(closed).toEqual({ code: 4401, reason: "unauthorized" });
      // Told at once (the trigger's NOTIFY), not at the next heartbeat.
      expect(Date.now() - t0).toBeLessThan(5000);
    }, 90_000);

    it("/metrics: refused without the token; with it, the requests of both workers of a machine in one answer", async () => {
      expect((await call(a.port, "GET", "/metrics"))?.status).toBe(401);
      expect((await call(a.port, "GET", "/metrics", { headers: { authorization: "Bearer wrong-token-0123456789" } }))?.status).toBe(401);

      const pids = new Set<number>();
      const n = 40;
      for (let i = 0; i < n; i++) {
        const h = await call(a.port, "GET", "/health");
        expect(h?.status).toBe(200);
        pids.add((JSON.parse(h!.body) as { pid: number }).pid);
      }
      expect(pids.size, "both workers answered").toBe(2);
      const metrics = await call(a.port, "GET", "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(metrics?.status).toBe(200);
      expect(String(metrics!.headers["content-type"])).toContain("text/plain");
      const text = metrics!.body;
      const health = /^darsi_http_requests_total\{method="GET",route="\/health",status="200"\} (\d+)$/m.exec(text);
      // Every /health of this test and of the boot wait, from both workers, is in the one answer.
      expect(Number(health?.[1]), text.slice(0, 2000)).toBeGreaterThanOrEqual(n);
      for (const name of [
        "darsi_http_request_duration_seconds_bucket",
        'darsi_db_pool_connections{state="in_use"}',
        'darsi_db_pool_connections{state="waiting"}',
        "darsi_websockets_open",
        // A family per scheduled job once the jobs' rows exist (a scrape right after boot may come before them).
        "# TYPE darsi_job_lag_seconds gauge",
        'darsi_outbox_lag_seconds{queue="push"}',
      ]) {
        expect(text, name).toContain(name);
      }
      // Routes are patterns, never paths with ids.
      await call(a.port, "GET", "/api/no-such-thing/12345");
      const again = (await call(a.port, "GET", "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))!.body;
      expect(again).not.toContain("12345");
    }, 60_000);

    it("every request has an X-Request-Id (the client's when valid), on the request's log line", async () => {
      const mine = `req-${Date.now()}`;
      const res = await call(b.port, "POST", "/api/auth/login_check", { headers: { "x-request-id": mine }, body: { username: "eleve@darsi.tn", password: "wrong" } });
      expect(res?.headers["x-request-id"]).toBe(mine);
      const made = await call(b.port, "GET", "/api/auth/me", { headers: { "x-request-id": "has space" } });
      const id = String(made?.headers["x-request-id"]);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await sleep(300);
      const lines = b
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { msg: string; request_id?: string; path?: string });
      const mineLines = lines.filter((l) => l.request_id === mine);
      expect(mineLines.some((l) => l.msg === "request" && l.path === "/api/auth/login_check")).toBe(true);
      expect(lines.some((l) => l.request_id === id && l.msg === "request" && l.path === "/api/auth/me")).toBe(true);
      // Lines outside any request (boot) carry none.
      expect(lines.find((l) => l.msg === "listening")?.request_id).toBeUndefined();
    }, 30_000);
  });
}
