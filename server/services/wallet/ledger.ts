/**
 * The ledger (DESIGN §3 "Money"): the one way points move. A movement is a set of entries, one per wallet, summing to
 * zero, written in the caller's transaction. The database itself keeps the rules (migration 0005): entries are
 * append-only, a movement must sum to zero at commit, `wallets.balance` is updated by the ledger's trigger only, and a
 * user's balance can never go negative — an overdraft fails the statement, which `postMovement` turns into
 * 402 `insufficient_balance` (the transaction rolls back: nothing of the request is kept).
 *
 * The users' wallets touched by a movement are locked first, in ascending id order, so that two movements over the same
 * wallets never deadlock on PostgreSQL. The platform's wallets (negative ids, which may go negative) are neither locked
 * nor updated: their balance is the sum of their entries (`balanceOf`, `checkLedger`), so purchases and top-ups of
 * different pupils run side by side instead of queueing on one row.
 */
import { countLedgerMovement } from "../../lib/metrics";
import { randomUUID } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { LedgerCheckDto } from "../../../domain/admin";
import type { Db, Tx } from "../../db/client";
import { selectRows } from "../../db/rows";
import { ledgerEntries, wallets } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { checkTokenLedger } from "../referral/tokens";

/** The platform's own wallets (negative ids; they may go negative). */
export const PLATFORM_WALLETS = {
  /** Sales: purchases are paid into it; refunds, referral rewards and influencer revenue are paid from it. */
  revenue: -1,
  /** Money received from outside (bank, D17, card gateway, operator billing): top-ups are paid from it. */
  cashIn: -2,
} as const;

const PLATFORM_WALLET_KINDS: Record<number, string> = { [PLATFORM_WALLETS.revenue]: "platform", [PLATFORM_WALLETS.cashIn]: "cash_in" };

/** What moved the points; the kinds of SPEC §3's points history. */
type MovementKind = "purchase" | "topup" | "transfer" | "referral_reward" | "influencer_revenue" | "operator" | "refund" | "payout";

export interface MovementInput {
  kind: MovementKind;
  /** From whom to whom: a positive amount in millimes, debited from `from` and credited to `to`. */
  from: number;
  to: number;
  amount: number;
  description?: string;
  ref?: { type: string; id: string | number };
  adminId?: number | null;
}

/**
 * True for the PostgreSQL error of the `wallets_user_balance_non_negative` check, wherever the driver nests it (`cause`)
 * and whether it names the constraint in a field (node-postgres) or only in the message (PGlite).
 */
function isOverdraft(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === "23514" && (constraint ?? message ?? "").includes("wallets_user_balance_non_negative")) return true;
  }
  return false;
}

/**
 * True for the PostgreSQL error of the `ledger_entries_reference_uq` index (migration 0013): a second entry of the same
 * kind for the same business object on the same wallet — a second credit of one top-up, one purchase, one transfer.
 */
function isSecondEffect(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === "23505" && (constraint ?? message ?? "").includes("ledger_entries_reference_uq")) return true;
  }
  return false;
}

/**
 * Locks the users' wallets among `ids` (`SELECT … FOR UPDATE`) in ascending id order, creating an empty wallet for an
 * account that somehow has none. Every transaction that moves points more than once calls it FIRST with every wallet it
 * will touch (a purchase: the buyer and the code's owner; a refund: the pupil and the code's owner), before any
 * movement: two transactions then always take their locks in the same order and can never deadlock — which taking
 * each movement's pair in turn cannot promise (A buys with B's code while B buys with A's: A then B against B then A).
 * Platform wallets (negative ids) are skipped: they are never locked. Locking a wallet the transaction already holds
 * costs nothing, so `postMovement` calling it again is harmless.
 */
export async function lockWallets(tx: Tx, ids: Iterable<number>): Promise<void> {
  const users = [...new Set([...ids].filter((id) => id > 0))].sort((a, b) => a - b);
  if (!users.length) return;
  const lock = () => tx.select({ id: wallets.ownerId }).from(wallets).where(inArray(wallets.ownerId, users)).orderBy(asc(wallets.ownerId)).for("update");
  let locked = await lock();
  if (locked.length !== users.length) {
    // Every account gets its wallet when it is created; one that somehow has none gets an empty one here, once.
    await tx.insert(wallets).values(users.map((ownerId) => ({ ownerId, balance: 0, kind: "user" }))).onConflictDoNothing();
    locked = await lock();
  }
  if (locked.length !== users.length) throw new Error(`ledger: missing wallet among ${users.join(", ")}`);
}

/**
 * Moves `amount` millimes from one wallet to another inside `tx`: locks both wallets in id order (`lockWallets`; a
 * transaction with several movements has locked them all already), writes the two entries (the trigger moves the
 * balances). Returns the movement id. 402 `insufficient_balance` when the payer's balance would go below zero; 409
 * `conflict` when this kind of movement was already written for the same reference and wallet (the database's unique
 * index: a second credit for one business object is refused whatever the code above did).
 */
export async function postMovement(tx: Tx, input: MovementInput): Promise<string> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error(`ledger: amount must be a positive integer of millimes, got ${input.amount}`);
  if (input.from === input.to) throw new Error("ledger: a movement needs two distinct wallets");
  await lockWallets(tx, [input.from, input.to]);
  const movementId = randomUUID();
  const common = {
    movementId,
    kind: input.kind,
    description: input.description ?? "",
    refType: input.ref?.type ?? null,
    refId: input.ref ? String(input.ref.id) : null,
    adminId: input.adminId ?? null,
  };
  try {
    // A savepoint keeps the caller's transaction usable after an overdraft (PostgreSQL aborts it otherwise).
    await tx.transaction(async (sp) => {
      await sp.insert(ledgerEntries).values([
        { ...common, walletId: input.from, amount: -input.amount },
        { ...common, walletId: input.to, amount: input.amount },
      ]);
    });
  } catch (err) {
    if (isOverdraft(err)) throw new AppError(402, "insufficient_balance");
    if (isSecondEffect(err)) {
      throw new AppError(409, "conflict", undefined, `A ${input.kind} movement for ${input.ref?.type}:${input.ref?.id} was already written`);
    }
    throw err;
  }
  countLedgerMovement(input.kind);
  return movementId;
}

/** A wallet's balance in millimes (0 without a wallet); a platform wallet's is the sum of its entries. */
export async function balanceOf(db: Db | Tx, userId: number): Promise<number> {
  if (userId < 0) {
    const [sum] = await db.select({ n: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` }).from(ledgerEntries).where(eq(ledgerEntries.walletId, userId));
    return Number(sum?.n ?? 0);
  }
  const [row] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.ownerId, userId)).limit(1);
  return row?.balance ?? 0;
}

/** Creates the platform's wallets when missing (first start, tests). */
export async function ensurePlatformWallets(db: Db | Tx): Promise<void> {
  await db
    .insert(wallets)
    .values(Object.values(PLATFORM_WALLETS).map((id) => ({ ownerId: id, balance: 0, kind: PLATFORM_WALLET_KINDS[id]! })))
    .onConflictDoNothing();
}

/** The reconciliation of `npm run admin -- ledger-check`: every balance equals the sum of its entries, points and tokens. */
export async function checkLedger(db: Db): Promise<LedgerCheckDto> {
  type Row = { wallet_id: number; balance: string; sum: string; kind: string };
  const rows = await selectRows<Row>(
    db,
    sql`
    select w.owner_id as wallet_id,
      -- a platform wallet's balance is, by definition, the sum of its entries
      (case when w.owner_id < 0 then coalesce(sum(e.amount), 0) else w.balance end)::text as balance,
      coalesce(sum(e.amount), 0)::text as sum, w.kind
    from ${wallets} w left join ${ledgerEntries} e on e.wallet_id = w.owner_id
    group by w.owner_id, w.balance, w.kind`,
  );
  const unbalanced = await selectRows<{ movement_id: string }>(
    db,
    sql`select movement_id from ${ledgerEntries} group by movement_id having sum(amount) <> 0`,
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
  const mismatched: LedgerCheckDto["mismatched"] = [];
  const negative: number[] = [];
  let total = 0;
  for (const r of rows) {
    const balance = Number(r.balance);
    const sum = Number(r.sum);
    total += balance;
    if (balance !== sum) mismatched.push({ walletId: Number(r.wallet_id), balance, sum });
    if (r.kind === "user" && balance < 0) negative.push(Number(r.wallet_id));
  }
  const movements = unbalanced.map((r) => r.movement_id);
  const tokens = await checkTokenLedger(db);
  return {
    wallets: rows.length,
    entries: count?.n ?? 0,
    mismatched,
    unbalancedMovements: movements,
    negative,
    total,
    tokens,
    ok: mismatched.length === 0 && movements.length === 0 && negative.length === 0 && total === 0 && tokens.ok,
  };
}
