/**
 * The engine of the money reliability suite (issue 9 "Reliability"): many clients making random point transfers
 * between pupils' wallets through the API — start, read the code from the dev outbox, confirm — retrying with their
 * same Idempotency-Keys whenever an answer is lost (network error, server gone, 5xx). A sampler reads the wallets all
 * along: their sum must never change and none may go below zero. At the end every transfer the clients saw confirmed
 * must be in the database exactly once, with exactly one movement, and nothing else may have moved.
 *
 * Used by `money-reliability.test.ts` over real HTTP against a server process on PostgreSQL (killed and restarted on
 * the way) and in process on PGlite.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { users, wallets } from "../../server/db/schema";
import { issueToken } from "../../server/lib/auth";
import type { Deps } from "../../server/lib/deps";
import { hashPassword } from "../../server/lib/crypto";
import { ensurePlatformWallets, PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
  json: any;
}
/** One HTTP call; throws when no answer came back (connection refused or reset, timeout). */
export type Send = (method: "GET" | "POST", path: string, opts: { token: string; body?: unknown; query?: Record<string, string | number>; key?: string }) => Promise<Answer>;

export interface Wallet {
  id: number;
  phone: string;
  token: string;
  initial: number;
}

/**
 * Creates `count` verified pupils directly in the database (in class `divisionId` when given, so that they can buy),
 * each funded with `initial` millimes from the cash-in wallet, and a session each.
 */
export async function createWallets(
  deps: Pick<Deps, "secret" | "env" | "now">,
  db: Db,
  count: number,
  initial: number,
  tag: string,
  divisionId: number | null = null,
): Promise<Wallet[]> {
  await ensurePlatformWallets(db);
  const passwordHash = await hashPassword(`Reliable#${tag}`);
  const out: Wallet[] = [];
  for (let i = 0; i < count; i++) {
    const phone = `9${String((Number.parseInt(tag, 16) * 100 + i) % 10_000_000).padStart(7, "0")}`;
    const [user] = await db
      .insert(users)
      .values({ name: `Fiable${String.fromCharCode(97 + (i % 26))}`, lastName: "Test", phone, email: `fiable${i}.${tag}@test.darsi.tn`, passwordHash, verified: true, divisionId })
      .returning({ id: users.id });
    const id = user!.id;
    await db.insert(wallets).values({ ownerId: id, balance: 0, kind: "user" }).onConflictDoNothing();
    await db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: id, amount: initial, description: "reliability funding", ref: { type: "test_funding", id } }));
    const { token } = await issueToken(deps, db, id);
    out.push({ id, phone, token, initial });
  }
  return out;
}

/** The newest transfer code the dev outbox holds for a phone. */
export async function newestCode(db: Db, phone: string): Promise<string | undefined> {
  const { rows } = (await db.execute(
    sql`select code from outbox_messages where "to" = ${phone} and kind = 'transfer' order by id desc limit 1`,
  )) as unknown as { rows: Array<{ code: string | null }> };
  return rows[0]?.code ?? undefined;
}

export interface RunOptions {
  send: Send;
  db: Db;
  wallets: Wallet[];
  transfers: number;
  clients: number;
  /** Share of successful answers sent again with the same key (must replay the same answer). */
  echo?: number;
  /** A deterministic run: the same seed, the same plan. */
  seed?: number;
  /** Called as transfers finish (the crash variant kills the server at given points). */
  onProgress?: (done: number) => void;
  /** Gives up a request after this long without an answer (the server may be down meanwhile). */
  patienceMs?: number;
}

export interface Confirmed {
  id: number;
  from: number;
  to: number;
  amount: number;
}

export interface RunResult {
  created: number[];
  confirmed: Confirmed[];
  refusedAtStart: number;
  refusedAtConfirm: number;
  /** Answers that must never happen (unexpected statuses, a replay that differs…), with what was seen. */
  anomalies: string[];
  /** What the sampler saw go wrong (a sum that changed, a balance below zero). */
  samplerViolations: string[];
  samples: number;
  retries: number;
  seconds: number;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runTransfers(o: RunOptions): Promise<RunResult> {
  const started = Date.now();
  const random = rng(o.seed ?? 20261124);
  const patience = o.patienceMs ?? 60_000;
  const ids = o.wallets.map((w) => w.id);
  const total = o.wallets.reduce((s, w) => s + w.initial, 0);
  const result: RunResult = { created: [], confirmed: [], refusedAtStart: 0, refusedAtConfirm: 0, anomalies: [], samplerViolations: [], samples: 0, retries: 0, seconds: 0 };
  const runId = Math.floor(random() * 1e9).toString(36);

  // The sampler: one statement sees one consistent snapshot of every wallet.
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        const { rows } = (await o.db.execute(
          sql`select coalesce(sum(balance), 0)::text as sum, coalesce(min(balance), 0)::text as min, count(*)::int as n from ${wallets} where owner_id in ${ids}`,
        )) as unknown as { rows: Array<{ sum: string; min: string; n: number }> };
        const r = rows[0]!;
        result.samples += 1;
        if (Number(r.sum) !== total) result.samplerViolations.push(`sum ${r.sum} ≠ ${total}`);
        if (Number(r.min) < 0) result.samplerViolations.push(`a balance at ${r.min}`);
        if (r.n !== ids.length) result.samplerViolations.push(`${r.n} wallets of ${ids.length}`);
      } catch (err) {
        result.samplerViolations.push(`sampler: ${String(err)}`);
      }
      await sleep(25);
    }
  })();

  /** Sends until an answer comes back (same key every time); 5xx and "in progress" count as no answer. */
  async function call(method: "GET" | "POST", path: string, opts: Parameters<Send>[2]): Promise<Answer> {
    const deadline = Date.now() + patience;
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await o.send(method, path, opts);
        const inProgress = res.status === 409 && res.json?.code === "conflict";
        if (res.status < 500 && !inProgress) return res;
      } catch {
        // no answer: the server is down or the connection broke; retry with the same key
      }
      if (Date.now() > deadline) throw new Error(`${method} ${path}: no answer within ${patience} ms`);
      result.retries += 1;
      await sleep(Math.min(500, 20 * 2 ** Math.min(attempt, 5)));
    }
  }

  const lastCode = new Map<string, string>();
  async function freshCode(w: Wallet, transferId: number): Promise<string> {
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 10; i++) {
        const code = await newestCode(o.db, w.phone);
        if (code && code !== lastCode.get(w.phone)) return code;
        await sleep(15);
      }
      // The code was never sent (the server died between the commit and the message) or it is spent: a new one.
      const res = await call("GET", `/api/student/confirm-transfer-points/${transferId}`, { token: w.token });
      if (res.status !== 200) result.anomalies.push(`resend ${transferId}: ${res.status} ${JSON.stringify(res.json)}`);
    }
    throw new Error(`no code for transfer ${transferId}`);
  }

  const echo = async (label: string, method: "POST", path: string, opts: Parameters<Send>[2], first: Answer) => {
    if (random() >= (o.echo ?? 0)) return;
    const again = await call(method, path, opts);
    if (again.status !== first.status || again.json?.payload?.id !== first.json?.payload?.id || again.json?.payload?.status !== first.json?.payload?.status) {
      result.anomalies.push(`${label}: replay answered ${again.status} ${JSON.stringify(again.json)} after ${first.status}`);
    }
  };

  // Each client sends from its own wallets (one pending transfer per sender at a time: the newest code is its own).
  let done = 0;
  const perClient = Math.ceil(o.transfers / o.clients);
  const plans = Array.from({ length: o.clients }, (_, c) => {
    const own = o.wallets.filter((_, i) => i % o.clients === c);
    return Array.from({ length: Math.min(perClient, o.transfers - c * perClient) }, () => {
      const from = own[Math.floor(random() * own.length)]!;
      let to = o.wallets[Math.floor(random() * o.wallets.length)]!;
      while (to.id === from.id) to = o.wallets[Math.floor(random() * o.wallets.length)]!;
      return { from, to, points: (10 + Math.floor(random() * 51)) * 1000 };
    });
  });

  async function client(c: number) {
    for (const [k, plan] of (plans[c] ?? []).entries()) {
      const startKey = `rel-${runId}-${c}-${k}-start`;
      const startOpts = { token: plan.from.token, body: { toUser: plan.to.phone, points: plan.points }, key: startKey };
      const started = await call("POST", "/api/student/transfer-points", startOpts);
      if (started.status === 402) {
        result.refusedAtStart += 1;
      } else if (started.status !== 201) {
        result.anomalies.push(`start: ${started.status} ${JSON.stringify(started.json)}`);
      } else {
        await echo("start", "POST", "/api/student/transfer-points", startOpts, started);
        const id = started.json.payload.id as number;
        result.created.push(id);
        for (let attempt = 0; ; attempt++) {
          if (attempt > 10) {
            result.anomalies.push(`transfer ${id}: not confirmed after 10 codes`);
            break;
          }
          const code = await freshCode(plan.from, id);
          lastCode.set(plan.from.phone, code);
          const opts = { token: plan.from.token, query: { confirmationToken: code, transfer: id }, key: `rel-${runId}-${c}-${k}-confirm-${attempt}` };
          const res = await call("POST", "/api/student/confirm-transfer-points", opts);
          if (res.status === 200) {
            await echo("confirm", "POST", "/api/student/confirm-transfer-points", opts, res);
            result.confirmed.push({ id, from: plan.from.id, to: plan.to.id, amount: plan.points });
            break;
          }
          if (res.status === 402) {
            result.refusedAtConfirm += 1;
            break;
          }
          // A code that died with a crash (e.g. sent by a request whose answer was lost): ask for a new one.
          if (res.status === 422 && ["code_invalid", "code_expired", "code_too_many_tries"].includes(res.json?.code)) continue;
          result.anomalies.push(`confirm ${id}: ${res.status} ${JSON.stringify(res.json)}`);
          break;
        }
      }
      done += 1;
      o.onProgress?.(done);
    }
  }

  try {
    await Promise.all(Array.from({ length: o.clients }, (_, c) => client(c)));
  } finally {
    sampling = false;
    await sampler;
  }
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

export interface DatabaseView {
  /** Transfers started by the run's wallets, with their status. */
  transfers: Array<{ id: number; status: string; from: number; to: number; amount: number }>;
  /** Per transfer id: how many ledger entries and their sum. */
  movements: Map<number, { entries: number; sum: number }>;
  balances: Map<number, number>;
}

export async function readBack(db: Db, wallets: Wallet[]): Promise<DatabaseView> {
  const ids = wallets.map((w) => w.id);
  type T = { id: number; status: string; from_user_id: number; to_user_id: number; amount: string };
  const t = (await db.execute(sql`select id, status, from_user_id, to_user_id, amount::text from transfers where from_user_id in ${ids}`)) as unknown as { rows: T[] };
  type M = { ref_id: string; n: number; s: string };
  const m = (await db.execute(
    sql`select ref_id, count(*)::int as n, sum(amount)::text as s from ledger_entries where ref_type = 'transfer' and wallet_id in ${ids} group by ref_id`,
  )) as unknown as { rows: M[] };
  type B = { owner_id: number; balance: string };
  const b = (await db.execute(sql`select owner_id, balance::text from wallets where owner_id in ${ids}`)) as unknown as { rows: B[] };
  return {
    transfers: t.rows.map((r) => ({ id: Number(r.id), status: r.status, from: Number(r.from_user_id), to: Number(r.to_user_id), amount: Number(r.amount) })),
    movements: new Map(m.rows.map((r) => [Number(r.ref_id), { entries: r.n, sum: Number(r.s) }])),
    balances: new Map(b.rows.map((r) => [Number(r.owner_id), Number(r.balance)])),
  };
}

/** What the balances must be: the initial ones plus what each wallet received minus what it sent, in confirmed transfers. */
export function expectedBalances(wallets: Wallet[], confirmed: Confirmed[]): Map<number, number> {
  const out = new Map(wallets.map((w) => [w.id, w.initial]));
  for (const c of confirmed) {
    out.set(c.from, out.get(c.from)! - c.amount);
    out.set(c.to, out.get(c.to)! + c.amount);
  }
  return out;
}
