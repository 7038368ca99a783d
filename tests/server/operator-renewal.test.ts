/**
 * Operator renewals without a lock across the network (issue 18 item 4): the charge is recorded first (a pending row
 * with its per-period reference), the operator is called outside any transaction with that reference as its
 * idempotency key, and a short transaction settles it once. Through the Digital Virgo sandbox, which keeps its charges
 * by reference and can refuse a line without credit, as the real operator does:
 *
 * - a refused renewal ends the subscription (the paid period still runs to its end) and moves nothing;
 * - a charge whose answer or commit was lost stays pending and is settled by the next run, once, without charging twice;
 * - two runs at the same time charge once;
 * - while the operator is being called, the subscription's row is free (no transaction holds it), for renewals,
 *   unsubscribe and the checkout's confirmation page alike.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatTunisDay } from "../../domain/format";
import { operatorAdapter, setOperatorAdapter } from "../../server/adapters/operator";
import type { SandboxOperator } from "../../server/adapters/operator/sandbox";
import type { OperatorAdapter } from "../../server/adapters/operator/types";
import { affiliations, ledgerEntries, operatorCharges, operatorSandboxCharges, operatorSubscriptions } from "../../server/db/schema";
import { issueToken } from "../../server/lib/auth";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { renewDue } from "../../server/services/operator/subscriptions";
import { checkLedger } from "../../server/services/wallet/ledger";
import { createClock, startTestServer, type TestServer } from "./harness";
import { confirmedReturn } from "./operator-flow";

const ON_POSTGRES = process.env.TEST_DATABASE === "postgres";
const DAY = 24 * 3600_000;
const BAC_MATHS = 18;

let h: TestServer;
let sandbox: SandboxOperator;
const clock = createClock(new Date("2026-11-24T10:00:00Z"));
let counter = Number.parseInt(randomBytes(2).toString("hex"), 16) * 10;
/** A phone no account has (starting with 4: the harness' pupils start with 5, the demo's with 2). */
const freshPhone = () => `4${String((counter += 1) % 10_000_000).padStart(7, "0")}`;

beforeAll(async () => {
  h = await startTestServer({ now: clock.now });
  sandbox = operatorAdapter(h.deps) as SandboxOperator;
  expect(sandbox.name).toBe("sandbox");
});
afterEach(() => setOperatorAdapter(h.deps, sandbox));
afterAll(() => h?.close());

type Sub = typeof operatorSubscriptions.$inferSelect;

/** A visitor's daily subscription, activated through the sandbox's pages; the clock then moves past its renewal. */
async function dueSubscription(): Promise<Sub> {
  const query = await confirmedReturn(h, { recurrence: 1, phone: freshPhone(), division: BAC_MATHS });
  const res = await h.request("GET", "/api/digitalvirgo/success", { query });
  expect(res.status, res.text).toBe(200);
  clock.advance(DAY + 1000);
  return subById(query.orderId!);
}
const subById = async (orderId: string) => (await h.deps.db.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.orderId, orderId)))[0]!;
const movementsOf = async (subId: number) =>
  h.deps.db
    .select({ refId: ledgerEntries.refId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, "operator"), eq(ledgerEntries.refType, "operator_subscription"), sql`${ledgerEntries.refId} like ${`${subId}:%`}`, sql`${ledgerEntries.walletId} < 0`, sql`${ledgerEntries.amount} > 0`));
const chargesOf = (subId: number) => h.deps.db.select().from(operatorCharges).where(eq(operatorCharges.subscriptionId, subId));
const sandboxChargesOf = (orderId: string) => h.deps.db.select().from(operatorSandboxCharges).where(eq(operatorSandboxCharges.orderId, orderId));

/** The sandbox, with `before` run at each call of `charge` for this order (and `after` once it answered). */
function around(orderId: string, hooks: { before?: () => Promise<void>; after?: () => Promise<void> }, calls = { charge: 0, status: 0 }): OperatorAdapter & { calls: typeof calls } {
  return {
    ...sandbox,
    calls,
    async charge(req) {
      if (!req.reference.startsWith(`${orderId}:`)) return sandbox.charge(req);
      calls.charge += 1;
      await hooks.before?.();
      const outcome = await sandbox.charge(req);
      await hooks.after?.();
      return outcome;
    },
    async chargeStatus(reference) {
      if (reference.startsWith(`${orderId}:`)) calls.status += 1;
      return sandbox.chargeStatus(reference);
    },
  };
}

describe("operator renewals", () => {
  it("a line without credit: the renewal is refused, the subscription ends, nothing moves, the paid period still runs", async () => {
    const sub = await dueSubscription();
    await sandbox.setLineCredit(sub.phone, 0);
    const run = await renewDue(h.deps);
    expect(run.stopped).toBeGreaterThanOrEqual(1);
    const after = await subById(sub.orderId);
    expect(after.status).toBe("cancelled");
    expect(after.renewsAt!.getTime()).toBe(sub.renewsAt!.getTime());
    expect(await movementsOf(sub.id)).toHaveLength(1);
    expect((await chargesOf(sub.id)).map((c) => ({ period: c.period, status: c.status, reference: c.reference }))).toEqual([
      { period: 2, status: "refused", reference: `${sub.orderId}:2` },
    ]);
    expect((await sandboxChargesOf(sub.orderId)).map((c) => c.status)).toEqual(["refused"]);
    // The pupil is told, with the last day of the access already paid.
    const [paid] = await h.deps.db.select({ endDate: affiliations.endDate }).from(affiliations).where(eq(affiliations.userId, sub.userId!));
    const told = await h.deps.db.execute(sql`select type, category, body, body_ar as "bodyAr", link from notifications where user_id = ${sub.userId}`);
    const rows = (told as unknown as { rows: Array<{ type: string; category: string; body: string; bodyAr: string; link: string }> }).rows;
    // The offer named in the reader's language, from the operator's offer group (Silver, فضي).
    expect(rows.filter((r) => r.type === "operator_renewal_refused")).toEqual([
      {
        type: "operator_renewal_refused",
        category: "paySlice",
        body: expect.stringContaining(formatTunisDay(paid!.endDate, "fr")),
        bodyAr: expect.stringContaining("\u2067فضي\u2069"),
        link: "/offres",
      },
    ]);
    // Not asked again: a cancelled subscription is not renewed.
    clock.advance(DAY);
    await renewDue(h.deps);
    expect(await sandboxChargesOf(sub.orderId)).toHaveLength(1);
    expect(await h.deps.db.select().from(affiliations).where(eq(affiliations.userId, sub.userId!))).toHaveLength(1);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("credit for one more day: that day is charged and granted, the next one refused", async () => {
    const sub = await dueSubscription();
    await sandbox.setLineCredit(sub.phone, sub.price);
    expect((await renewDue(h.deps)).renewed).toBeGreaterThanOrEqual(1);
    expect((await subById(sub.orderId)).status).toBe("active");
    clock.advance(DAY);
    await renewDue(h.deps);
    expect((await subById(sub.orderId)).status).toBe("cancelled");
    expect((await chargesOf(sub.id)).map((c) => [c.period, c.status]).sort()).toEqual([
      [2, "charged"],
      [3, "refused"],
    ]);
    expect(await movementsOf(sub.id)).toHaveLength(2);
  });

  it("the operator charged but the answer was lost: the charge stays pending, the next run asks its status and settles it once", async () => {
    const sub = await dueSubscription();
    // The operator charges, then the process loses the answer (it died, or the network cut) before anything committed.
    const lost = around(sub.orderId, {
      after: async () => {
        throw new Error("connection reset after the operator answered");
      },
    });
    setOperatorAdapter(h.deps, lost);
    const first = await renewDue(h.deps);
    expect(first.pending).toBeGreaterThanOrEqual(1);
    expect(await movementsOf(sub.id)).toHaveLength(1);
    expect((await chargesOf(sub.id)).map((c) => ({ status: c.status, attempts: c.attempts, leaseUntil: c.leaseUntil }))).toEqual([{ status: "pending", attempts: 1, leaseUntil: null }]);
    expect((await sandboxChargesOf(sub.orderId)).map((c) => c.status)).toEqual(["charged"]);

    // The next run (a healthy process): asks the operator what became of the reference, and settles once.
    const calls = { charge: 0, status: 0 };
    setOperatorAdapter(h.deps, around(sub.orderId, {}, calls));
    await renewDue(h.deps);
    expect(calls).toEqual({ charge: 0, status: 1 });
    expect(await movementsOf(sub.id)).toHaveLength(2);
    const renewed = await subById(sub.orderId);
    expect(renewed.renewsAt!.getTime()).toBe(sub.renewsAt!.getTime() + DAY);
    expect((await chargesOf(sub.id)).map((c) => c.status)).toEqual(["charged"]);
    // And never again: one charge at the operator, one period granted.
    await renewDue(h.deps);
    expect(await sandboxChargesOf(sub.orderId)).toHaveLength(1);
    expect(await movementsOf(sub.id)).toHaveLength(2);
    expect(await h.deps.db.select().from(affiliations).where(eq(affiliations.userId, sub.userId!))).toHaveLength(2);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("the call never reached the operator: the next run finds nothing there and charges it then, once", async () => {
    const sub = await dueSubscription();
    setOperatorAdapter(
      h.deps,
      around(sub.orderId, {
        before: async () => {
          throw new Error("operator unreachable");
        },
      }),
    );
    expect((await renewDue(h.deps)).pending).toBeGreaterThanOrEqual(1);
    expect(await sandboxChargesOf(sub.orderId)).toHaveLength(0);
    const calls = { charge: 0, status: 0 };
    setOperatorAdapter(h.deps, around(sub.orderId, {}, calls));
    await renewDue(h.deps);
    expect(calls).toEqual({ charge: 1, status: 1 });
    expect((await sandboxChargesOf(sub.orderId)).map((c) => c.status)).toEqual(["charged"]);
    expect(await movementsOf(sub.id)).toHaveLength(2);
  });

  it(`two runs at the same time charge once${ON_POSTGRES ? " (PostgreSQL: truly concurrent)" : ""}`, async () => {
    const sub = await dueSubscription();
    const calls = { charge: 0, status: 0 };
    // The operator takes its time: the second run arrives while the first one waits for the answer.
    setOperatorAdapter(h.deps, around(sub.orderId, { before: () => new Promise((r) => setTimeout(r, 300)) }, calls));
    const runs = await Promise.all([renewDue(h.deps), renewDue(h.deps), h.request("POST", "/api/admin/operator-renew", { body: {}, headers: { "x-admin-key": adminCliKey(h.deps.secret) } })]);
    expect(runs[2].status, runs[2].text).toBe(200);
    expect(calls.charge).toBe(1);
    expect(await sandboxChargesOf(sub.orderId)).toHaveLength(1);
    expect(await movementsOf(sub.id)).toHaveLength(2);
    expect((await subById(sub.orderId)).renewsAt!.getTime()).toBe(sub.renewsAt!.getTime() + DAY);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("no transaction holds the subscription's row while the operator is called (renewal and unsubscribe)", async () => {
    const sub = await dueSubscription();
    // Inside the operator's call, take the subscription's row without waiting: this fails if a transaction holds it
    // (on PGlite, one session, a transaction left open around the call would make this one wait forever).
    const touch = async () => {
      await h.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select id from operator_subscriptions where id = ${sub.id} for update nowait`);
        await tx.execute(sql`select id from operator_charges where subscription_id = ${sub.id} for update nowait`);
      });
    };
    let touched = 0;
    setOperatorAdapter(h.deps, around(sub.orderId, { before: async () => void (await touch(), (touched += 1)) }));
    await renewDue(h.deps);
    expect(touched).toBe(1);
    expect(await movementsOf(sub.id)).toHaveLength(2);

    // Unsubscribe: the operator is told first, outside any transaction.
    const [login] = await h.deps.db.select({ id: operatorSubscriptions.userId }).from(operatorSubscriptions).where(eq(operatorSubscriptions.id, sub.id));
    const { token } = await issueToken(h.deps, h.deps.db, login!.id!);
    let told = 0;
    setOperatorAdapter(h.deps, { ...sandbox, unsubscribe: async () => void (await touch(), (told += 1)) });
    const un = await h.request("POST", "/api/digitalvirgo/unsubscribe", { token });
    expect(un.status, un.text).toBe(200);
    expect(told).toBe(1);
    expect((await subById(sub.orderId)).status).toBe("cancelled");
  });
});

describe("operator checkout", () => {
  it("asks the operator for its page after the order is committed (no lock held), and a retry after a failed call gets the same order and page", async () => {
    const phone = freshPhone();
    let calls = 0;
    let fail = true;
    setOperatorAdapter(h.deps, {
      ...sandbox,
      async startCheckout(req) {
        calls += 1;
        // The phone's lock and the order's row are free during the call: nothing is held across it.
        await h.deps.db.transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended(${`operator-phone:${phone}`}, 0)) as free`)) as unknown as {
            rows: Array<{ free: boolean }>;
          };
          expect(rows[0]!.free).toBe(true);
          await tx.execute(sql`select id from operator_subscriptions where order_id = ${req.orderId} for update nowait`);
        });
        if (fail) throw new Error("operator unreachable");
        return sandbox.startCheckout(req);
      },
    });
    const headers = { "idempotency-key": randomUUID() };
    const body = { recurrence: 7, phone, division: BAC_MATHS };
    const first = await h.request("POST", "/api/checkout", { body, headers, ip: h.freshIp() });
    expect(first.status).toBeGreaterThanOrEqual(500);
    fail = false;
    const second = await h.request("POST", "/api/checkout", { body, headers, ip: h.freshIp() });
    expect(second.status, second.text).toBe(200);
    const third = await h.request("POST", "/api/checkout", { body, headers, ip: h.freshIp() });
    expect(third.json.payload).toEqual(second.json.payload);
    expect(third.headers.get("idempotency-replayed")).toBe("true");
    expect(calls).toBe(2);
    const orders = await h.deps.db.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.phone, phone));
    expect(orders.map((o) => ({ orderId: o.orderId, status: o.status, redirectUrl: o.redirectUrl }))).toEqual([
      { orderId: second.json.payload.orderId, status: "pending", redirectUrl: second.json.payload.redirectUrl },
    ]);
  });
});
