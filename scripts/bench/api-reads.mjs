// The API's authenticated reads of the home and the subject page, at 50 connections, as ratios to /health measured in
// the same run (the machine is shared and noisy: only ratios compare across runs).
//
//   PostgreSQL (a throw-away database, DATABASE_URL): every read must answer ≥ 0.3× the requests/s of /health with a
//   p99 ≤ 50 ms. PGlite (the embedded default): no request slower than 1 s (the slowest request of the run, the first
//   request of each of the 50 new connections included).
//
// Every request sends `Accept-Encoding: gzip, deflate, br` as a browser does (compression is part of the cost).
//
// Who asks: on PostgreSQL each of the 50 connections is another pupil of the demo pupil's class (the demo pupil and
// pupils written into the throw-away database, signed in through the API), as 50 pupils opening their home would be:
// reads that the server gathers into one statement for the requests of a moment (sessions, viewers) then really are
// of 50 pupils, not one. On PGlite (nothing outside the server can write into its embedded database) it is the demo
// pupil on every connection.
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { createPupils } from "./money.mjs";

const DEMO = { username: "22000001", password: "Darsi#2026" };
const ACCEPT = { "accept-encoding": "gzip, deflate, br" };

const API_LIMITS = { rpsRatio: 0.3, p99Ms: 50, pgliteMaxMs: 1000 };

async function login(base) {
  const res = await fetch(`${base}/api/auth/login_check`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || !body?.payload?.token) throw new Error(`demo login failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body.payload.token;
}

/** Waits until the server answers /health quickly three times in a row (at most 30 s). */
async function quiet(base) {
  const deadline = Date.now() + 30_000;
  let fast = 0;
  while (fast < 3 && Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(`${base}/health`).then((r) => r.ok, () => false);
    fast = ok && performance.now() - started < 20 ? fast + 1 : 0;
    await sleep(200);
  }
}

/** The reads the signed-in home and a subject page make (src/features/home, src/features/subjects). */
async function targets(base, token) {
  const auth = { ...ACCEPT, authorization: `Bearer ${token}` };
  const subjects = await fetch(`${base}/api/student/subjects`, { headers: auth }).then((r) => r.json());
  const slug = subjects?.payload?.[0]?.slug;
  if (!slug) throw new Error(`no subject for the demo pupil: ${JSON.stringify(subjects).slice(0, 200)}`);
  const read = (path) => ({ name: `GET /api${path}`, url: `${base}/api${path}`, headers: auth, signedIn: true });
  return [
    { name: "GET /health", url: `${base}/health`, headers: ACCEPT },
    read("/auth/me"),
    read("/student/subjects"),
    read(`/student/subjects/${slug}/chapters`),
    read("/student/pubs-cards"),
    read("/alerts"),
    read("/student/chapters/free-contents"),
    read("/student/chapters/new-contents"),
    read("/student/latest-recordings"),
    read("/latest-posts"),
  ];
}

/** autocannon's options for a target: a signed-in read gives each connection its own pupil's token, in turn. */
function cannon(t, tokens, options) {
  const { signedIn, ...target } = t;
  if (!signedIn || tokens.length < 2) return { ...target, ...options };
  let next = 0;
  return {
    ...target,
    ...options,
    setupClient: (client) => client.setHeaders({ ...ACCEPT, authorization: `Bearer ${tokens[next++ % tokens.length]}` }),
  };
}

async function measure(autocannon, t, tokens, { connections, seconds }) {
  const r = await autocannon(cannon(t, tokens, { connections, duration: seconds }));
  return {
    name: t.name,
    requestsPerSec: Math.round(r.requests.average * 10) / 10,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/**
 * Runs the reads against one server. The first run of each route opens 50 fresh connections (their first requests
 * count: on PGlite this is what made late connections wait seconds), after a short warm-up on other connections.
 */
async function runOn(base, { connections, seconds, log, label, others = [] }) {
  const { default: autocannon } = await import("autocannon");
  const token = await login(base);
  const tokens = [token, ...others];
  const list = await targets(base, token);
  const results = [];
  for (const t of list) {
    await quiet(base);
    await autocannon(cannon(t, tokens, { connections: 5, duration: 1 }));
    log(`api reads (${label}) ${t.name}: ${connections} connections, ${seconds} s`);
    results.push(await measure(autocannon, t, tokens, { connections, seconds }));
  }
  // /health again at the end: when it differs much from the first, the machine was busy meanwhile (say so).
  await quiet(base);
  const again = await measure(autocannon, list[0], tokens, { connections, seconds });
  const health = results[0];
  for (const r of results) {
    r.rpsRatioToHealth = health.requestsPerSec ? Math.round((r.requestsPerSec / health.requestsPerSec) * 1000) / 1000 : null;
  }
  return { pupils: tokens.length, results, healthAgain: { requestsPerSec: again.requestsPerSec, p99Ms: again.p99Ms } };
}

/**
 * Both databases, one after the other (each server stopped before the next starts). `startServer(extraEnv)` and
 * `createDatabase()` come from bench.mjs / progress.mjs; `stopAll()` stops what they started.
 */
export async function runApiReads({ startServer, createDatabase, stopAll, log, connections = 50, seconds = 10 }) {
  const out = { connections, seconds, limits: API_LIMITS };
  try {
    const url = await createDatabase();
    const server = await startServer({ DATABASE_URL: url });
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    let others;
    try {
      others = (await createPupils(pool, server.base, connections - 1, log)).map((p) => p.token);
    } finally {
      await pool.end();
    }
    out.postgres = await runOn(server.base, { connections, seconds, log, label: "PostgreSQL", others });
  } catch (error) {
    out.postgres = { skipped: error instanceof Error ? error.message : String(error) };
  } finally {
    await stopAll();
  }
  try {
    const server = await startServer({});
    out.pglite = await runOn(server.base, { connections, seconds, log, label: "PGlite" });
  } finally {
    await stopAll();
  }
  return out;
}

/** One check per read and database: { label, value, limit, ok }. */
export function apiReadChecks(api) {
  const checks = [];
  if (api?.postgres?.results) {
    for (const r of api.postgres.results.slice(1)) {
      const ok = r.rpsRatioToHealth >= API_LIMITS.rpsRatio && r.p99Ms <= API_LIMITS.p99Ms && !r.non2xx && !r.errors;
      checks.push({
        label: `${r.name} on PostgreSQL (${api.connections} conn.)`,
        value: `${r.rpsRatioToHealth}× /health, p99 ${r.p99Ms} ms${r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ""}`,
        limit: `≥ ${API_LIMITS.rpsRatio}×, p99 ≤ ${API_LIMITS.p99Ms} ms`,
        ok,
      });
    }
  }
  if (api?.pglite?.results) {
    for (const r of api.pglite.results.slice(1)) {
      checks.push({
        label: `${r.name} on PGlite (${api.connections} conn.)`,
        value: `slowest ${r.maxMs} ms (${r.rpsRatioToHealth}× /health)${r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ""}`,
        limit: `≤ ${API_LIMITS.pgliteMaxMs} ms`,
        ok: r.maxMs <= API_LIMITS.pgliteMaxMs && !r.non2xx && !r.errors,
      });
    }
  }
  return checks;
}

/** The markdown section: one table per database, pass/fail per line. */
export function apiReadsMarkdown(api) {
  const lines = [`## API reads of the home and the subject page (autocannon, ${api.connections} connections × ${api.seconds} s)`, ""];
  const mark = (ok) => (ok ? "✅" : "❌");
  for (const [key, title] of [["postgres", "PostgreSQL"], ["pglite", "PGlite"]]) {
    const db = api[key];
    lines.push(`### ${title}`, "");
    if (!db || db.skipped) {
      lines.push(`skipped (${db?.skipped ?? "not run"})`, "");
      continue;
    }
    lines.push(`${db.pupils ?? 1} pupil(s), one per connection in turn.`, "");
    lines.push("| route | req/s | ÷ /health | p50 | p99 | slowest | non-2xx | pass |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for (const [i, r] of db.results.entries()) {
      const ok =
        i === 0
          ? null
          : key === "postgres"
            ? r.rpsRatioToHealth >= API_LIMITS.rpsRatio && r.p99Ms <= API_LIMITS.p99Ms && !r.non2xx && !r.errors
            : r.maxMs <= API_LIMITS.pgliteMaxMs && !r.non2xx && !r.errors;
      lines.push(
        `| ${r.name} | ${r.requestsPerSec} | ${r.rpsRatioToHealth} | ${r.p50Ms} ms | ${r.p99Ms} ms | ${r.maxMs} ms | ${r.non2xx + r.errors} | ${ok === null ? "—" : mark(ok)} |`,
      );
    }
    lines.push(
      "",
      `/health again after the reads: ${db.healthAgain.requestsPerSec} req/s, p99 ${db.healthAgain.p99Ms} ms ` +
        `(compare with the first line: a large difference means the load of the machine changed during the run).`,
      "",
      key === "postgres"
        ? `Pass: ≥ ${API_LIMITS.rpsRatio}× the req/s of /health and p99 ≤ ${API_LIMITS.p99Ms} ms.`
        : `Pass: no request slower than ${API_LIMITS.pgliteMaxMs} ms (first requests of the 50 new connections included).`,
      "",
    );
  }
  return lines;
}
