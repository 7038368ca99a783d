/**
 * The ledger's rules are kept by the database itself (migration 0005), whatever code runs: a movement that would take a
 * pupil below zero is refused (402), entries are append-only, a movement must sum to zero, a balance changes only
 * through entries, and the reconciliation (`ledger-check`) proves every balance equals the sum of its entries.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCliKey } from "../../server/routes/admin/admin-key";
import { eq, sql } from "drizzle-orm";
import { ledgerEntries, users, wallets } from "../../server/db/schema";
import { balanceOf, checkLedger, PLATFORM_WALLETS, postMovement } from "../../server/services/wallet/ledger";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
let eleve: number;
let nouveau: number;

beforeAll(async () => {
  h = await startTestServer();
  const byEmail = async (email: string) => (await h.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  eleve = await byEmail("eleve@darsi.tn");
  nouveau = await byEmail("nouveau@darsi.tn");
});
afterAll(() => h?.close());

describe("the ledger", () => {
  it("holds the demo pupil's 120 points as 120,000 millimes, reconciled", async () => {
    expect(await balanceOf(h.deps.db, eleve)).toBe(120_000);
    const check = await checkLedger(h.deps.db);
    expect(check).toMatchObject({ ok: true, mismatched: [], unbalancedMovements: [], negative: [], total: 0 });
    expect(check.entries).toBeGreaterThanOrEqual(2);
  });

  it("moves points between two wallets in one transaction, and refuses an overdraft with 402 and no trace", async () => {
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "transfer", from: eleve, to: nouveau, amount: 20_500 }));
    expect(await balanceOf(h.deps.db, eleve)).toBe(99_500);
    expect(await balanceOf(h.deps.db, nouveau)).toBe(20_500);
    const before = await checkLedger(h.deps.db);
    await expect(h.deps.db.transaction((tx) => postMovement(tx, { kind: "transfer", from: nouveau, to: eleve, amount: 20_501 }))).rejects.toMatchObject({
      status: 402,
      code: "insufficient_balance",
    });
    expect(await balanceOf(h.deps.db, nouveau)).toBe(20_500);
    const after = await checkLedger(h.deps.db);
    expect(after.entries).toBe(before.entries);
    expect(after.ok).toBe(true);
  });

  it("lets the platform's cash-in wallet go negative (money received from outside), its balance the sum of its entries", async () => {
    const before = await balanceOf(h.deps.db, PLATFORM_WALLETS.cashIn);
    await h.deps.db.transaction((tx) => postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: nouveau, amount: 1_000 }));
    expect(await balanceOf(h.deps.db, nouveau)).toBe(21_500);
    expect(await balanceOf(h.deps.db, PLATFORM_WALLETS.cashIn)).toBe(before - 1_000);
    expect(before).toBeLessThan(0);
    // No movement locks or rewrites the platform's row: nothing stored there to queue on.
    const [row] = await h.deps.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.ownerId, PLATFORM_WALLETS.cashIn));
    expect(row?.balance).toBe(0);
  });

  it("refuses a direct change of a balance, an update or a deletion of an entry, and an unbalanced movement", async () => {
    await expect(h.deps.db.update(wallets).set({ balance: 1_000_000 }).where(eq(wallets.ownerId, nouveau))).rejects.toThrow();
    await expect(h.deps.db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.walletId, nouveau))).rejects.toThrow();
    await expect(h.deps.db.delete(ledgerEntries).where(eq(ledgerEntries.walletId, nouveau))).rejects.toThrow();
    await expect(
      h.deps.db.insert(ledgerEntries).values({ movementId: "00000000-0000-4000-8000-000000000001", walletId: nouveau, amount: 5_000, kind: "topup" }),
    ).rejects.toThrow();
    expect(await balanceOf(h.deps.db, nouveau)).toBe(21_500);
    expect((await checkLedger(h.deps.db)).ok).toBe(true);
  });

  it("refuses amounts that are not positive whole millimes", async () => {
    for (const amount of [0, -1, 1.5, Number.NaN]) {
      await expect(h.deps.db.transaction((tx) => postMovement(tx, { kind: "transfer", from: eleve, to: nouveau, amount }))).rejects.toThrow(/positive integer/);
    }
    const [row] = await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(eq(ledgerEntries.amount, 0));
    expect(row?.n).toBe(0);
  });
});

const withoutDatabaseUrl = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(env).filter(([k]) => k !== "DATABASE_URL"));

describe("npm run admin -- ledger-check", () => {
  it("answers the reconciliation to the operator key only", async () => {
    const refused = await h.request("POST", "/api/admin/ledger-check", { body: {} });
    expect(refused.status).toBe(403);
    const res = await h.request("POST", "/api/admin/ledger-check", { body: {}, headers: { "x-admin-key": adminCliKey(h.deps.secret) } });
    expect(res.status).toBe(200);
    expect(res.json.payload).toMatchObject({ ok: true, total: 0, mismatched: [], negative: [] });
  });

  it("reconciles a database on its own when no server runs, and exits 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "darsi-ledger-"));
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "server/cli/admin.ts", "ledger-check"], {
        // A port no server listens on: the command opens the database itself (and seeds it, as a first start would).
        env: { ...withoutDatabaseUrl(process.env), DATA_DIR: dir, PORT: "1", SEED_DEMO: "true", LOG_LEVEL: "silent" },
        timeout: 120_000,
      });
      expect(stdout).toMatch(/wallets, \d+ entries, sum of balances 0 millimes: OK/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
