// An open-model load generator: requests are scheduled by the clock at a fixed arrival rate, whatever the server's
// answers (a slow answer never delays the next request, unlike a closed loop of N connections). The latency of a
// request is measured from the moment it was SCHEDULED, so time spent queued in the client (no free connection,
// event loop late) counts too: no coordinated omission.
//
// It speaks HTTP/1.1 over raw keep-alive sockets (one request at a time per socket, no pipelining) with prebuilt
// request bytes and a minimal response parser: Node's http client costs close to a millisecond of CPU per request
// here, which on a 2-core machine shared with the server and PostgreSQL would measure the client more than the server.
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** The value at quantile q (0..1) of sorted numbers (nearest rank). */
export function quantile(sorted, q) {
  if (!sorted.length) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

const round1 = (x) => (x == null ? null : Math.round(x * 10) / 10);
const HEADER_END = Buffer.from("\r\n\r\n");
const CHUNKED_END = Buffer.from("0\r\n\r\n");

/** Parses a complete response at the start of `buf`: { status, length } or null while incomplete. */
function parseResponse(buf) {
  const headerEnd = buf.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = buf.toString("latin1", 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const bodyStart = headerEnd + 4;
  if (lengthMatch) {
    const end = bodyStart + Number(lengthMatch[1]);
    return buf.length >= end ? { status, length: end } : null;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const end = buf.indexOf(CHUNKED_END, bodyStart);
    return end >= 0 ? { status, length: end + CHUNKED_END.length } : null;
  }
  return { status, length: bodyStart }; // no body (204, 304)
}

/**
 * Sends `rate` requests per second for `seconds` to `base` (http://host:port). `makeRequest(i)` returns
 * `{ method, path, headers, body }` for the i-th request. Resolves when every request has answered or failed
 * (`timeoutMs` without progress on its socket fails it). Requests beyond `maxInFlight` outstanding are not sent and
 * count as errors ("client saturated"), so a stuck server cannot exhaust the generator's memory.
 */
export async function openLoop({ base, rate, seconds, makeRequest, timeoutMs = 10_000, maxSockets = 512, maxInFlight = 5000 }) {
  const url = new URL(base);
  const host = url.hostname;
  const port = Number(url.port || 80);
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const latencies = [];
  const serviceTimes = [];
  const statuses = {};
  const errors = {};
  const idle = [];
  const queue = [];
  let sockets = 0;
  let maxSocketsOpen = 0;
  let inFlight = 0;
  let maxSeenInFlight = 0;
  let maxLagMs = 0;
  let completed = 0;
  let ok = 0;
  let lastOkAt = 0;
  let resolveDone;
  const done = new Promise((r) => (resolveDone = r));
  const settle = () => {
    completed += 1;
    if (completed === total) resolveDone();
  };
  const fail = (kind) => {
    errors[kind] = (errors[kind] ?? 0) + 1;
    settle();
  };

  const encode = (i) => {
    const { method, path, headers = {}, body } = makeRequest(i);
    const payload = body === undefined ? null : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n`;
    for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
    if (payload) head += `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\n`;
    head += "\r\n";
    return payload ? Buffer.concat([Buffer.from(head, "latin1"), payload]) : Buffer.from(head, "latin1");
  };

  const openSocket = () => {
    sockets += 1;
    if (sockets > maxSocketsOpen) maxSocketsOpen = sockets;
    const socket = net.connect({ host, port, noDelay: true });
    const conn = { socket, job: null, buf: Buffer.alloc(0) };
    socket.setTimeout(timeoutMs);
    socket.on("data", (chunk) => {
      if (!conn.job) return;
      conn.buf = conn.buf.length ? Buffer.concat([conn.buf, chunk]) : chunk;
      const res = parseResponse(conn.buf);
      if (!res) return;
      const job = conn.job;
      conn.job = null;
      conn.buf = Buffer.alloc(0);
      inFlight -= 1;
      const end = performance.now();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status >= 200 && res.status < 300) {
        ok += 1;
        lastOkAt = end;
        latencies.push(end - job.scheduledAt);
        serviceTimes.push(end - job.sentAt);
      }
      settle();
      release(conn);
    });
    const broken = (kind) => {
      if (conn.dead) return;
      conn.dead = true;
      sockets -= 1;
      const i = idle.indexOf(conn);
      if (i >= 0) idle.splice(i, 1);
      socket.destroy();
      if (conn.job) {
        conn.job = null;
        inFlight -= 1;
        fail(kind);
      }
      pump();
    };
    socket.on("timeout", () => (conn.job ? broken("timeout") : undefined));
    socket.on("error", (err) => broken(err.code ?? err.message));
    socket.on("close", () => broken("connection closed"));
    return conn;
  };

  const send = (conn, job) => {
    conn.job = job;
    job.sentAt = performance.now();
    conn.socket.write(job.bytes);
  };
  const release = (conn) => {
    const next = queue.shift();
    if (next) send(conn, next);
    else idle.push(conn);
  };
  const pump = () => {
    while (queue.length && (idle.length || sockets < maxSockets)) send(idle.pop() ?? openSocket(), queue.shift());
  };

  const fire = (i, scheduledAt) => {
    if (inFlight >= maxInFlight) return fail("client saturated");
    inFlight += 1;
    if (inFlight > maxSeenInFlight) maxSeenInFlight = inFlight;
    queue.push({ bytes: encode(i), scheduledAt, sentAt: 0 });
    pump();
  };

  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor((now - start) / intervalMs) + 1);
    while (sent < due) {
      const scheduledAt = start + sent * intervalMs;
      maxLagMs = Math.max(maxLagMs, now - scheduledAt);
      fire(sent, scheduledAt);
      sent += 1;
    }
    // ~1 ms ticks: a few requests per tick at 1,000/s; the lag is reported.
    await sleep(1);
  }
  const sendingMs = performance.now() - start;
  await done;
  const cpu = process.cpuUsage(cpuBefore);
  for (const conn of idle.splice(0)) {
    conn.dead = true;
    conn.socket.destroy();
  }
  latencies.sort((a, b) => a - b);
  serviceTimes.sort((a, b) => a - b);
  // Achieved rate: successful answers per second over the whole run (first scheduled request to the last answer).
  const windowMs = Math.max(sendingMs, lastOkAt - start);
  return {
    offeredRate: rate,
    seconds,
    requests: total,
    ok,
    errors: total - ok,
    statuses,
    errorKinds: errors,
    achievedPerSec: round1((ok / windowMs) * 1000),
    latencyMs: {
      p50: round1(quantile(latencies, 0.5)),
      p95: round1(quantile(latencies, 0.95)),
      p99: round1(quantile(latencies, 0.99)),
      max: round1(latencies[latencies.length - 1] ?? null),
    },
    serviceMs: { p50: round1(quantile(serviceTimes, 0.5)), p99: round1(quantile(serviceTimes, 0.99)) },
    maxInFlight: maxSeenInFlight,
    socketsOpened: maxSocketsOpen,
    maxSchedulerLagMs: round1(maxLagMs),
    /** CPU the generator itself used per request (it shares the machine with the server and the database). */
    clientCpuMsPerRequest: Math.round(((cpu.user + cpu.system) / 1000 / total) * 1000) / 1000,
  };
}
