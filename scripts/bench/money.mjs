// Money on PostgreSQL (issue 9 "Budgets"): confirmed point transfers per second and purchases per second at 50
// connections, with p50/p99 latency.
//
//   1. A throw-away database (createDatabase of progress.mjs) and a server on it (DATABASE_URL, the production bundle).
//   2. 2 × connections pupils of the Bac Mathématiques class, written straight into the database (verified, a wallet
//      funded from the cash-in wallet by one ledger movement each), then signed in through the API.
//   3. Transfers, closed loop: each of the `connections` clients sends from its own pupil to a random other pupil:
//      POST /api/student/transfer-points, reads the code the server sent from the outbox table (the SMS adapter's
//      store: the bench adds an index on ("to", id) to its throw-away copy so that these reads stay cheap), then
//      POST /api/student/confirm-transfer-points — each with its own Idempotency-Key. A transfer counts once confirmed.
//   4. Purchases, closed loop: each client's pupil buys Silver for a day (POST /api/student/checkout/buy); before each
//      purchase the client ends that pupil's earlier Silver subscription in the database (not timed), so that every
//      purchase is a real one (debit, subscription).
//   5. The ledger reconciled at the end: every balance equals the sum of its entries, the sum of balances is 0, no
//      pupil below zero.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { hash } from "@node-rs/argon2";
import pg from "pg";
import { quantile } from "./open-loop.mjs";

const BAC_MATH = 18;
const SILVER = 33;
const PASSWORD = "Bench#2026";
const round1 = (x) => (x == null ? null : Math.round(x * 10) / 10);

function stats(latencies, count, seconds) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count,
    perSec: round1(count / seconds),
    p50Ms: round1(quantile(sorted, 0.5)),
    p99Ms: round1(quantile(sorted, 0.99)),
    maxMs: round1(sorted[sorted.length - 1] ?? null),
  };
}

async function call(base, method, path, { token, body, key, query } = {}) {
  const url = new URL(path, base);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
  const headers = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (key) headers["idempotency-key"] = key;
  const started = performance.now();
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  return { status: res.status, json, ms: performance.now() - started };
}

/** Pupils written into the database with a funded wallet; their ids, phones and API tokens. */
export async function createPupils(pool, base, count, log) {
  const tag = randomBytes(2).readUInt16BE(0) % 90;
  const passwordHash = await hash(PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const client = await pool.connect();
  const pupils = [];
  try {
    await client.query("begin");
    for (let i = 0; i < count; i++) {
      const phone = `9${String(tag).padStart(2, "0")}${String(i).padStart(5, "0")}`;
      const { rows } = await client.query(
        `insert into users (name, last_name, phone, email, password_hash, division_id, country_id, verified) values ($1, 'Bench', $2, $3, $4, $5, 1, true) returning id`,
        [`Eleve${i}`, phone, `money${i}.${tag}@bench.darsi.tn`, passwordHash, BAC_MATH],
      );
      const id = rows[0].id;
      await client.query(`insert into wallets (owner_id, balance, kind) values ($1, 0, 'user') on conflict do nothing`, [id]);
      const movement = randomUUID();
      await client.query(
        `insert into ledger_entries (movement_id, wallet_id, amount, kind, description) values ($1, -2, $2, 'topup', 'bench funding'), ($1, $3, $4, 'topup', 'bench funding')`,
        [movement, -100_000_000, id, 100_000_000],
      );
      pupils.push({ id, phone });
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < pupils.length) {
        const p = pupils[next++];
        const res = await fetch(`${base}/api/auth/login_check`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username: p.phone, password: PASSWORD }),
        });
        const json = await res.json().catch(() => ({}));
        if (res.status !== 200) throw new Error(`login ${p.phone}: HTTP ${res.status} ${JSON.stringify(json)}`);
        p.token = json.payload.token;
      }
    }),
  );
  log(`${count} pupils funded and signed in (${((Date.now() - started) / 1000).toFixed(1)} s of logins)`);
  return pupils;
}

async function newestCode(pool, phone, notThis) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await pool.query(`select code from outbox_messages where "to" = $1 and kind = 'transfer' order by id desc limit 1`, [phone]);
    const code = rows[0]?.code;
    if (code && code !== notThis) return code;
    await sleep(5);
  }
  throw new Error(`no transfer code for ${phone}`);
}

/** Closed loop of `connections` clients for `seconds`: confirmed transfers. */
async function transfersLoop({ base, pool, pupils, connections, seconds, measure }) {
  const startLat = [];
  const confirmLat = [];
  const wholeLat = [];
  const statuses = {};
  let confirmed = 0;
  const lastCode = new Map();
  const deadline = Date.now() + seconds * 1000;
  const count = (s) => (statuses[s] = (statuses[s] ?? 0) + 1);
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const from = pupils[i];
      while (Date.now() < deadline) {
        let to = pupils[Math.floor(Math.random() * pupils.length)];
        if (to.id === from.id) to = pupils[(i + 1) % pupils.length];
        const t0 = performance.now();
        const started = await call(base, "POST", "/api/student/transfer-points", { token: from.token, body: { toUser: to.phone, points: 10_000 }, key: randomUUID() });
        count(started.status);
        if (started.status !== 201) continue;
        const code = await newestCode(pool, from.phone, lastCode.get(from.phone));
        lastCode.set(from.phone, code);
        const done = await call(base, "POST", "/api/student/confirm-transfer-points", {
          token: from.token,
          query: { confirmationToken: code, transfer: started.json.payload.id },
          key: randomUUID(),
        });
        count(done.status);
        if (done.status !== 200) continue;
        if (measure && Date.now() <= deadline) {
          confirmed += 1;
          startLat.push(started.ms);
          confirmLat.push(done.ms);
          wholeLat.push(performance.now() - t0);
        }
      }
    }),
  );
  return { confirmed: stats(confirmLat, confirmed, seconds), start: stats(startLat, startLat.length, seconds), whole: stats(wholeLat, wholeLat.length, seconds), statuses };
}

/** Closed loop of `connections` clients for `seconds`: Silver for a day, bought again and again. */
async function purchasesLoop({ base, pool, pupils, connections, seconds, offer }) {
  const lat = [];
  const statuses = {};
  const deadline = Date.now() + seconds * 1000;
  let bought = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const buyer = pupils[connections + i] ?? pupils[i];
      while (Date.now() < deadline) {
        await pool.query(`delete from affiliations where user_id = $1 and offer_id = $2`, [buyer.id, SILVER]);
        const res = await call(base, "POST", "/api/student/checkout/buy", {
          token: buyer.token,
          body: { offerDivisionDetail: offer.id, period: "day", subjects: null, amount: offer.price },
          key: randomUUID(),
        });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 200 || res.status === 201) {
          if (Date.now() <= deadline) {
            bought += 1;
            lat.push(res.ms);
          }
        } else if (statuses[res.status] === 1) {
          statuses[`first ${res.status}`] = JSON.stringify(res.json).slice(0, 200);
        }
      }
    }),
  );
  return { ...stats(lat, bought, seconds), statuses };
}

/** The server's own reconciliation (`npm run admin -- ledger-check`), asked with the operator key of its secret. */
async function ledgerCheck(server) {
  const res = await fetch(`${server.base}/api/admin/ledger-check`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-admin-key": createHmac("sha256", server.secret).update("admin-cli").digest("hex") },
    body: "{}",
  });
  const { payload } = await res.json();
  return { total: payload.total, negative: payload.negative.length, mismatched: payload.mismatched.length, ok: payload.ok };
}

/**
 * Runs the money benchmark. `startServer(extraEnv)` starts the app (bench.mjs) and registers its stop in `cleanups`;
 * `createDatabase()` makes the throw-away database (dropped by `cleanups`).
 */
export async function runMoneyBench({ startServer, createDatabase, log, connections = 50, seconds = 15, warmupSeconds = 3 }) {
  let databaseUrl;
  try {
    databaseUrl = await createDatabase();
  } catch (error) {
    return { skipped: error instanceof Error ? error.message : String(error) };
  }
  const poolMax = process.env.PG_POOL_MAX ?? "20";
  const server = await startServer({ DATABASE_URL: databaseUrl, PG_POOL_MAX: poolMax });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
  try {
    await pool.query(`create index if not exists bench_outbox_to_idx on outbox_messages ("to", id)`);
    const pupils = await createPupils(pool, server.base, connections * 2, log);

    log(`transfers: warm-up ${warmupSeconds} s`);
    await transfersLoop({ base: server.base, pool, pupils, connections, seconds: warmupSeconds, measure: false });
    log(`transfers: ${connections} clients for ${seconds} s`);
    const transfers = await transfersLoop({ base: server.base, pool, pupils, connections, seconds, measure: true });
    log(
      `transfers: ${transfers.confirmed.perSec} confirmed/s; confirm p50 ${transfers.confirmed.p50Ms} ms p99 ${transfers.confirmed.p99Ms} ms; ` +
        `start p50 ${transfers.start.p50Ms} ms p99 ${transfers.start.p99Ms} ms; statuses ${JSON.stringify(transfers.statuses)}`,
    );

    const { rows } = await pool.query(
      `select od.id, p.price::text as price from offer_divisions od join offer_prices p on p.offer_division_id = od.id
       where od.offer_id = $1 and od.division_id = $2 and p.period = 'day'`,
      [SILVER, BAC_MATH],
    );
    let purchases;
    if (!rows.length) {
      purchases = { skipped: "no Silver day price in the Bac Mathématiques class (offers not seeded)" };
    } else {
      const offer = { id: Number(rows[0].id), price: Number(rows[0].price) };
      log(`purchases: warm-up ${warmupSeconds} s`);
      await purchasesLoop({ base: server.base, pool, pupils, connections, seconds: warmupSeconds, offer });
      log(`purchases: ${connections} clients for ${seconds} s`);
      purchases = await purchasesLoop({ base: server.base, pool, pupils, connections, seconds, offer });
      log(`purchases: ${purchases.perSec}/s, p50 ${purchases.p50Ms} ms, p99 ${purchases.p99Ms} ms; statuses ${JSON.stringify(purchases.statuses)}`);
    }
    const ledger = await ledgerCheck(server);
    log(`ledger: ${ledger.ok ? "reconciled" : `NOT reconciled ${JSON.stringify(ledger)}`}`);
    return { database: "PostgreSQL (local, throw-away database)", connections, seconds, warmupSeconds, poolMax: Number(poolMax), pupils: pupils.length, transfers, purchases, ledger };
  } finally {
    await pool.end();
  }
}

export function moneyMarkdown(m) {
  const lines = ["## Money (PostgreSQL, closed loop)", ""];
  if (m.skipped) return [...lines, `money: skipped (${m.skipped})`, ""];
  const t = m.transfers;
  lines.push(
    `${m.connections} clients for ${m.seconds} s each (after ${m.warmupSeconds} s of warm-up), ${m.pupils} pupils, server pool ${m.poolMax} connections.`,
    "",
    "| operation | per second | p50 | p99 | max |",
    "| --- | ---: | ---: | ---: | ---: |",
    `| transfer confirmed (POST confirm-transfer-points) | ${t.confirmed.perSec} | ${t.confirmed.p50Ms} ms | ${t.confirmed.p99Ms} ms | ${t.confirmed.maxMs} ms |`,
    `| transfer started (POST transfer-points) | ${t.start.perSec} | ${t.start.p50Ms} ms | ${t.start.p99Ms} ms | ${t.start.maxMs} ms |`,
    `| whole transfer (start, code, confirm) | ${t.whole.perSec} | ${t.whole.p50Ms} ms | ${t.whole.p99Ms} ms | ${t.whole.maxMs} ms |`,
  );
  if (m.purchases.skipped) lines.push(`| purchase | skipped (${m.purchases.skipped}) | | | |`);
  else lines.push(`| purchase (POST checkout/buy) | ${m.purchases.perSec} | ${m.purchases.p50Ms} ms | ${m.purchases.p99Ms} ms | ${m.purchases.maxMs} ms |`);
  lines.push(
    "",
    `Statuses: transfers ${JSON.stringify(t.statuses)}${m.purchases.statuses ? `, purchases ${JSON.stringify(m.purchases.statuses)}` : ""}. ` +
      `Ledger after the run: ${m.ledger.ok ? "reconciled (sum 0, no pupil below zero, every balance = its entries)" : `NOT reconciled ${JSON.stringify(m.ledger)}`}.`,
    "",
  );
  return lines;
}
