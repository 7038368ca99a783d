import { randomUUID } from "node:crypto";
// Progress ingestion on PostgreSQL: POST /svc/progress/progress at a fixed arrival rate (open model), many pupils.
//
//   1. Creates a throw-away database `darsi_bench_<random>` on the local PostgreSQL (as postgres, else root; or
//      BENCH_DATABASE_ADMIN_URL) and drops it at the end.
//   2. Starts the server on it (DATABASE_URL; migrations and seed run at boot).
//   3. Registers `pupils` pupils of the Bac Mathématiques class through the API (real tokens and sessions), then
//      gives each a Gold affiliation in the database, so that every lesson of their class is open to them.
//   4. Warm-up (not measured), then `rate` posts/s for `seconds`: pupil i % pupils, a video lesson of the class,
//      a 5-second watched range moving through the video, like a playing pupil's periodic post.
//   5. Reports the achieved posts/s, latency percentiles (from the scheduled time), errors, and the database's
//      rows, to check that every post was stored.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openLoop } from "./open-loop.mjs";

const ADMIN_URLS = ["postgres://postgres@127.0.0.1:5432/postgres", "postgres://root@127.0.0.1:5432/postgres"];
const API_KEY = "darsi-web-progress";
const BAC_MATH = 18;

async function adminClient() {
  const candidates = process.env.BENCH_DATABASE_ADMIN_URL ? [process.env.BENCH_DATABASE_ADMIN_URL] : ADMIN_URLS;
  let last;
  for (const candidate of candidates) {
    const client = new pg.Client({ connectionString: candidate });
    try {
      await client.connect();
      return { client, url: new URL(candidate) };
    } catch (error) {
      last = error;
      await client.end().catch(() => {});
    }
  }
  throw new Error(`cannot reach PostgreSQL (${candidates.join(", ")}): ${last instanceof Error ? last.message : String(last)}`);
}

/** Creates the throw-away database; returns its URL and registers its drop in `cleanups`. */
export async function createDatabase(cleanups, log) {
  const name = `darsi_bench_${randomBytes(5).toString("hex")}`;
  const { client, url } = await adminClient();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  cleanups.push(async () => {
    const admin = await adminClient();
    try {
      await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      log(`dropped database ${name}`);
    } finally {
      await admin.client.end();
    }
  });
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  log(`created database ${name}`);
  return dbUrl.toString();
}

async function registerPupils(base, count, log) {
  const tokens = [];
  let next = 0;
  const tag = randomBytes(2).readUInt16BE(0) % 90;
  const one = async (i) => {
    const phone = `9${String(tag).padStart(2, "0")}${String(i).padStart(5, "0")}`;
    const body = {
      name: "Eleve",
      lastName: "Bench",
      phone,
      email: `bench${i}.${tag}@bench.darsi.tn`,
      birthDate: "14/03/2008",
      plainPassword: { first: "Bench#2026", second: "Bench#2026" },
      country: 1,
      state: 23,
      division: BAC_MATH,
      optionalSubject: "",
    };
    const res = await fetch(`${base}/api/auth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = await res.json().catch(() => ({}));
    if (res.status !== 201 || !json?.payload?.token) throw new Error(`register ${i}: HTTP ${res.status} ${JSON.stringify(json)}`);
    tokens[i] = json.payload.token;
  };
  const started = Date.now();
  // Argon2id dominates: a few at a time keeps both cores busy without queueing everything.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) await one(next++);
    }),
  );
  log(`registered ${count} pupils in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return tokens;
}

/** Every pupil of the bench is verified and gets a live Gold affiliation (group 35: every subject of the class). */
async function grantGold(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Verified as after their code (an unverified account's posts are a 403 `not_verified`: SPEC §2's gate).
    await client.query(`update users set verified = true where email like 'bench%@bench.darsi.tn'`);
    await client.query(
      `insert into affiliations (user_id, offer_id, group_id, period, start_date, end_date, amount_paid)
       select id, 35, 35, 'year', current_date - 1, current_date + 300, 0 from users where email like 'bench%@bench.darsi.tn'`,
    );
    const { rows } = await client.query(
      `select c.id as "contentId", ch.id as "chapterId", s.id as "subjectId", c.duration_s as duration
       from contents c join chapters ch on ch.id = c.chapter_id join subjects s on s.id = ch.subject_id
       where s.division_id = $1 and c.duration_s > 0 and c.type_id <> 1 order by c.id`,
      [BAC_MATH],
    );
    return rows;
  } finally {
    await client.end();
  }
}

async function countRows(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as rows, coalesce(sum(jsonb_array_length(p.ranges)), 0)::int as ranges
       from progress p join users u on u.id = p.user_id where u.email like 'bench%@bench.darsi.tn'`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/**
 * Runs the progress-ingestion benchmark. `startServer(extraEnv)` starts the app (bench.mjs) and registers its stop
 * in `cleanups`; the database is dropped by `cleanups` too.
 */
export async function runProgressBench({ startServer, cleanups, log, rate = 1000, seconds = 20, pupils = 200, warmupSeconds = 3 }) {
  let databaseUrl;
  try {
    databaseUrl = await createDatabase(cleanups, log);
  } catch (error) {
    return { skipped: error instanceof Error ? error.message : String(error) };
  }
  const poolMax = process.env.PG_POOL_MAX ?? "20";
  const server = await startServer({ DATABASE_URL: databaseUrl, PG_POOL_MAX: poolMax });
  const tokens = await registerPupils(server.base, pupils, log);
  const lessons = await grantGold(databaseUrl);
  if (!lessons.length) throw new Error("no video lesson in the Bac Mathématiques class");
  log(`${lessons.length} video lessons, ${pupils} pupils with Gold`);

  // Pupil i % pupils posts in turn for one of its 4 lessons (different pupils, different lessons), its watched range moving
  // 5 s further at each visit of a lesson: mostly updates of existing rows, as when players post every 50 s, and the
  // same row is never posted twice within 4 × pupils / rate seconds (no artificial lock contention).
  const makeRequest = (i) => {
    const pupil = i % pupils;
    const round = Math.floor(i / pupils);
    const lesson = lessons[(pupil * 7 + (round % 4)) % lessons.length];
    const at = (Math.floor(round / 4) * 5) % Math.max(1, lesson.duration);
    const end = Math.min(lesson.duration, at + 5);
    return {
      method: "POST",
      path: "/svc/progress/progress",
      // As a browser sends it: through the outbox, each post with its own Idempotency-Key (the answer is small enough
      // to go uncompressed).
      headers: {
        authorization: `Bearer ${tokens[pupil]}`,
        "x-api-key": API_KEY,
        "idempotency-key": randomUUID(),
        "accept-encoding": "gzip, deflate, br",
      },
      body: {
        contentId: lesson.contentId,
        chapterId: lesson.chapterId,
        subjectId: lesson.subjectId,
        ranges: [[at, end]],
        position: end,
        watchedTime: end - at,
        totalWatched: end,
        isFree: false,
      },
    };
  };

  log(`warm-up: ${Math.round(rate / 4)} posts/s for ${warmupSeconds} s`);
  await openLoop({ base: server.base, rate: Math.round(rate / 4), seconds: warmupSeconds, makeRequest: (i) => makeRequest(i + 7) });
  const before = await countRows(databaseUrl);
  log(`progress ingestion: ${rate} posts/s for ${seconds} s (open model)`);
  const result = await openLoop({ base: server.base, rate, seconds, makeRequest });
  const after = await countRows(databaseUrl);
  log(
    `progress: ${result.achievedPerSec} posts/s achieved of ${rate}, p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, ` +
      `p99 ${result.latencyMs.p99} ms, errors ${result.errors}`,
  );
  return {
    database: "PostgreSQL (local, throw-away database)",
    pupils,
    lessons: lessons.length,
    poolMax: Number(poolMax),
    warmupSeconds,
    rowsBefore: before,
    rowsAfter: after,
    ...result,
  };
}
