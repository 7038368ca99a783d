/**
 * The database refuses a second effect for one business object (issue 18 item 4, migration 0013): one ledger entry of
 * a kind per (reference, wallet). Even when the code's own checks are bypassed, a second credit of the same top-up or a
 * second refund of the same purchase fails — as 409 `conflict` (the answer a retry gets while the first is running),
 * never a 500 — and the ledger stays reconciled. The demo data and every movement the code writes hold under it.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tnd } from "../../domain/money";
import type { OfferDto } from "../../domain/offers";
import { affiliations } from "../../server/db/schema";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { balanceOf, checkLedger, PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(() => h?.close());

describe("the ledger's unique reference", () => {
  it("exists, and the seeded demo data holds under it", async () => {
    const { rows } = (await h.deps.db.execute(
      sql`select count(*)::int as n from (select 1 from ledger_entries where ref_id is not null group by kind, ref_type, ref_id, wallet_id having count(*) > 1) d`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(0);
    await expect(h.deps.db.execute(sql`select 'ledger_entries_reference_uq'::regclass`)).resolves.toBeDefined();
  });

  it("refuses a second credit of one top-up with 409 conflict, moving nothing", async () => {
    const p = await h.registerVerified({ division: 7 });
    const ref = { type: "topup", id: `ref-test-${p.id}` };
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: p.id, amount: tnd(5), ref }));
    await expect(h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: p.id, amount: tnd(5), ref }))).rejects.toMatchObject({
      status: 409,
      code: "conflict",
    });
    expect(await balanceOf(h.deps.db, p.id)).toBe(tnd(5));
    // Another kind about the same object (a refund of it) is a different effect: allowed.
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "refund", from: p.id, to: PLATFORM_WALLETS.revenue, amount: tnd(5), ref }));
    expect(await balanceOf(h.deps.db, p.id)).toBe(0);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("a refund asked again after its guard is gone (refunded_at cleared by hand) is 409 conflict over HTTP, not a 500 nor a second refund", async () => {
    const p = await h.registerVerified({ division: 7 });
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: p.id, amount: tnd(200), ref: { type: "test_funding", id: p.id } }));
    const gold = ((await h.request("GET", "/api/student/offers", { token: p.token })).json.payload as OfferDto[]).find((o) => o.offer_id === 35)!;
    const price = gold.pricing.find((x) => x.period === "month")!.final_price;
    const bought = await h.request("POST", "/api/student/checkout/buy", {
      token: p.token,
      body: { offerDivisionDetail: gold.id, period: "month", amount: price },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(bought.status, bought.text).toBe(201);
    const id = bought.json.payload.affiliation.id as number;
    const key = { "x-admin-key": adminCliKey(h.deps.secret) };
    expect((await h.request("POST", `/api/admin/affiliations/${id}/refund`, { body: {}, headers: key })).status).toBe(200);
    await h.deps.db.update(affiliations).set({ refundedAt: null }).where(eq(affiliations.id, id));
    const again = await h.request("POST", `/api/admin/affiliations/${id}/refund`, { body: {}, headers: key });
    expect({ status: again.status, code: again.json.code }).toEqual({ status: 409, code: "conflict" });
    expect(await balanceOf(h.deps.db, p.id)).toBe(tnd(200));
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("refuses a duplicate written behind the code's back (raw SQL) in the database itself", async () => {
    const p = await h.registerVerified({ division: 7 });
    const m1 = randomUUID();
    const m2 = randomUUID();
    const entry = (m: string) => sql`insert into ledger_entries (movement_id, wallet_id, amount, kind, ref_type, ref_id) values
      (${m}, ${PLATFORM_WALLETS.cashIn}, -1000, 'topup', 'topup', ${`raw-${p.id}`}), (${m}, ${p.id}, 1000, 'topup', 'topup', ${`raw-${p.id}`})`;
    await h.deps.db.transaction((tx) => tx.execute(entry(m1)));
    await expect(h.deps.db.transaction((tx) => tx.execute(entry(m2)))).rejects.toThrow();
    expect(await balanceOf(h.deps.db, p.id)).toBe(1000);
  });
});
