// `npm run bench -- --only=scale` (issue 24 item 5): one PostgreSQL database, the same load on WORKERS=1 and WORKERS=2.
//
//   1. A throw-away database on the local PostgreSQL (progress.mjs), 49 funded pupils of the demo pupil's class written
//      into it with a Gold affiliation (money.mjs `createPupils`), plus the demo pupil: 50 pupils, one per connection.
//   2. For WORKERS=1, then WORKERS=2 (the same database; each server stopped before the next starts):
//      - the nine API reads of the reads bench (api-reads.mjs: /api/auth/me … /api/latest-posts), 50 connections,
//        `seconds` each after a short warm-up;
//      - the progress ingestion: POST /svc/progress/progress, 50 connections (closed model: as fast as the server
//        answers), each connection one pupil posting a 5-second range moving through a video lesson.
//   3. Requests/s and p99 of each line for both, the throughput ratio (2 workers ÷ 1) and the p99 change.
// Goal on the 2-core bench machine: ≥ 1.6× with 2 workers, p99 not worse. Only ratios of one run compare (shared machine).
import { randomBytes, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { createPupils } from "./money.mjs";

const DEMO = { username: "22000001", password: "Darsi#2026" };
const ACCEPT = { "accept-encoding": "gzip, deflate, br" };
const API_KEY = "darsi-web-progress";
const BAC_MATH = 18;
const GOAL = { ratio: 1.6 };

async function json(res) {
  return res.json().catch(() => ({}));
}

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

async function reads(base, token) {
  const auth = { authorization: `Bearer ${token}`, ...ACCEPT };
  const subjects = await fetch(`${base}/api/student/subjects`, { headers: auth }).then(json);
  const slug = subjects?.payload?.[0]?.slug;
  if (!slug) throw new Error(`no subject for the demo pupil: ${JSON.stringify(subjects).slice(0, 200)}`);
  return [
    "/auth/me",
    "/student/subjects",
    `/student/subjects/${slug}/chapters`,
    "/student/pubs-cards",
    "/alerts",
    "/student/chapters/free-contents",
    "/student/chapters/new-contents",
    "/student/latest-recordings",
    "/latest-posts",
  ].map((path) => ({ name: `GET /api${path}`, path: `/api${path}` }));
}

/** Gives the pupils Gold (every lesson of the class open) and returns the class's video lessons. */
async function goldAndLessons(pool, userIds) {
  await pool.query(
    `insert into affiliations (user_id, offer_id, group_id, period, start_date, end_date, amount_paid)
     select id, 35, 35, 'year', current_date - 1, current_date + 300, 0 from users where id = any($1::int[])`,
    [userIds],
  );
  const { rows } = await pool.query(
    `select c.id as "contentId", ch.id as "chapterId", s.id as "subjectId", c.duration_s as duration
       from contents c join chapters ch on ch.id = c.chapter_id join subjects s on s.id = ch.subject_id
      where s.division_id = $1 and c.duration_s > 0 and c.type_id <> 1 order by c.id`,
    [BAC_MATH],
  );
  return rows;
}

function summary(name, r) {
  return {
    name,
    requestsPerSec: Math.round(r.requests.average * 10) / 10,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** autocannon with one pupil per connection (its token set when the connection is made). */
function perPupil(tokens, options) {
  let next = 0;
  return { ...options, setupClient: (client) => client.setHeaders({ ...ACCEPT, ...(options.headers ?? {}), authorization: `Bearer ${tokens[next++ % tokens.length]}` }) };
}

async function runOnServer(base, { tokens, lessons, connections, seconds, log, label }) {
  const { default: autocannon } = await import("autocannon");
  const list = await reads(base, tokens[0]);
  const results = [];
  for (const t of list) {
    await quiet(base);
    await autocannon(perPupil(tokens, { url: `${base}${t.path}`, connections: 5, duration: 1 }));
    log(`scale (${label}) ${t.name}: ${connections} connections, ${seconds} s`);
    results.push(summary(t.name, await autocannon(perPupil(tokens, { url: `${base}${t.path}`, connections, duration: seconds }))));
  }
  // Progress ingestion: each connection one pupil; its range moves 5 s on at each post, through its own lesson.
  await quiet(base);
  let clientNo = 0;
  const progress = (duration) =>
    autocannon({
      url: base,
      connections,
      duration,
      setupClient: (client) => {
        const pupil = clientNo++ % tokens.length;
        const lesson = lessons[(pupil * 7) % lessons.length];
        let at = 0;
        client.setRequests([
          {
            method: "POST",
            path: "/svc/progress/progress",
            setupRequest: (req) => {
              at = (at + 5) % Math.max(5, lesson.duration);
              const end = Math.min(lesson.duration, at + 5);
              return {
                ...req,
                headers: {
                  ...ACCEPT,
                  "content-type": "application/json",
                  authorization: `Bearer ${tokens[pupil]}`,
                  "x-api-key": API_KEY,
                  "idempotency-key": randomUUID(),
                },
                body: JSON.stringify({
                  contentId: lesson.contentId,
                  chapterId: lesson.chapterId,
                  subjectId: lesson.subjectId,
                  ranges: [[at, end]],
                  position: end,
                  watchedTime: end - at,
                  totalWatched: end,
                  isFree: false,
                }),
              };
            },
          },
        ]);
      },
    });
  await progress(1);
  log(`scale (${label}) POST /svc/progress/progress: ${connections} connections, ${seconds} s`);
  results.push(summary("POST /svc/progress/progress", await progress(seconds)));
  return results;
}

/**
 * `startServer(extraEnv)`, `stopServer(server)` and `createDatabase()` come from bench.mjs / progress.mjs (the database
 * outlives both servers; the caller drops it at the end).
 */
export async function runScaleBench({ startServer, stopServer, createDatabase, log, connections = 50, seconds = 5 }) {
  let url;
  try {
    url = await createDatabase();
  } catch (error) {
    return { skipped: error instanceof Error ? error.message : String(error) };
  }
  const out = { connections, seconds, pupils: connections, runs: {} };
  let tokens;
  let lessons;
  // One secret for both servers: the pupils' tokens of the first run are good on the second.
  const secret = randomBytes(32).toString("hex");
  for (const workers of [1, 2]) {
    let server;
    try {
      server = await startServer({ DATABASE_URL: url, JWT_SECRET: secret, WORKERS: String(workers), PG_POOL_MAX: process.env.PG_POOL_MAX ?? "10" });
      if (!tokens) {
        const pool = new pg.Pool({ connectionString: url, max: 2 });
        try {
          const pupils = await createPupils(pool, server.base, connections - 1, log);
          const demo = await fetch(`${server.base}/api/auth/login_check`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(DEMO) }).then(json);
          if (!demo?.payload?.token) throw new Error(`demo login failed: ${JSON.stringify(demo).slice(0, 200)}`);
          tokens = [demo.payload.token, ...pupils.map((p) => p.token)];
          lessons = await goldAndLessons(pool, pupils.map((p) => p.id));
          if (!lessons.length) throw new Error("no video lesson in the Bac Mathématiques class");
        } finally {
          await pool.end();
        }
      }
      out.runs[workers] = await runOnServer(server.base, { tokens, lessons, connections, seconds, log, label: `WORKERS=${workers}` });
    } finally {
      if (server) await stopServer(server);
    }
  }
  const one = out.runs[1];
  const two = out.runs[2];
  out.lines = one.map((r, i) => {
    const t = two[i];
    return {
      name: r.name,
      one: r,
      two: t,
      ratio: r.requestsPerSec ? Math.round((t.requestsPerSec / r.requestsPerSec) * 100) / 100 : null,
      p99Change: t.p99Ms - r.p99Ms,
    };
  });
  return out;
}

export function scaleMarkdown(scale) {
  if (!scale || scale.skipped) return `## Scale: WORKERS=1 against WORKERS=2\n\nSkipped: ${scale?.skipped ?? "not run"}\n`;
  const lines = [
    "## Scale: WORKERS=1 against WORKERS=2 (PostgreSQL, one database)",
    "",
    `${scale.connections} connections, ${scale.pupils} pupils (one per connection), ${scale.seconds} s per line; goal ≥ ${GOAL.ratio}× with 2 workers, p99 not worse.`,
    "",
    "| Request | req/s 1 worker | req/s 2 workers | ratio | p99 1 worker (ms) | p99 2 workers (ms) | non-2xx (1 / 2) | goal |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const l of scale.lines) {
    const ok = l.ratio !== null && l.ratio >= GOAL.ratio && l.two.p99Ms <= l.one.p99Ms;
    lines.push(
      `| ${l.name} | ${l.one.requestsPerSec} | ${l.two.requestsPerSec} | ${l.ratio ?? "—"}× | ${l.one.p99Ms} | ${l.two.p99Ms} | ${l.one.non2xx} / ${l.two.non2xx} | ${ok ? "met" : "missed"} |`,
    );
  }
  lines.push("");
  return lines.join("\n");
}
