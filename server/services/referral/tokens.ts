/**
 * The token ledger (issue 20 §3): the one way a pupil's tokens (jetons) move, with the guarantees of the points ledger
 * (`services/wallet/ledger.ts`), kept by the database itself (migration 0016):
 * - every movement is a row of `token_entries` with its reason (earned from a friend's purchase, converted, spent on an
 *   order, returned by a rejected order, taken back at a refund, adjusted by the operator), append-only;
 * - `token_accounts.balance` (and `owed`) move only through the ledger's trigger, and the balance can never go below
 *   zero: an overdraft fails the statement, which `postTokens` turns into 402 `tokens_insufficient`;
 * - one effect per business object: a second entry of a reason for the same reference is refused (409 `conflict`).
 *
 * Lock order: a transaction that moves points AND tokens locks the points wallets first (`lockWallets`), then the
 * token accounts (`lockTokens`), so a purchase that rewards a referrer never deadlocks with that referrer's conversion.
 */
import type { TokenLedgerCheckDto } from "../../../domain/admin";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { selectRows } from "../../db/rows";
import { tokenAccounts, tokenEntries } from "../../db/schema";
import { AppError } from "../../lib/errors";

type TokenReason = (typeof tokenEntries.$inferInsert)["reason"];

export interface TokenMovement {
  userId: number;
  /** Signed tokens: the balance's change. */
  amount: number;
  /** Signed tokens: the debt's change (default 0). */
  owed?: number;
  reason: TokenReason;
  ref: { type: string; id: string | number };
  description?: string;
  adminId?: number | null;
}

/** True for the PostgreSQL error of `constraint` (check or unique), wherever the driver nests it. */
function isViolation(err: unknown, code: string, constraint: string): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code: c, constraint: named, message } = e as { code?: string; constraint?: string; message?: string };
    if (c === code && (named ?? message ?? "").includes(constraint)) return true;
  }
  return false;
}

/** Locks a pupil's token account (`SELECT … FOR UPDATE`), creating an empty one first. Returns balance and debt. */
export async function lockTokens(tx: Tx, userId: number): Promise<{ balance: number; owed: number }> {
  await tx.insert(tokenAccounts).values({ userId, balance: 0, owed: 0 }).onConflictDoNothing();
  const [row] = await tx.select({ balance: tokenAccounts.balance, owed: tokenAccounts.owed }).from(tokenAccounts).where(eq(tokenAccounts.userId, userId)).for("update");
  if (!row) throw new Error(`token ledger: no account for user ${userId}`);
  return row;
}

/**
 * Writes one token movement in `tx` (locking the account first). 402 `tokens_insufficient` when the balance would go
 * below zero; 409 `conflict` when this reason was already written for this reference (the database's unique index).
 */
export async function postTokens(tx: Tx, m: TokenMovement): Promise<void> {
  const owed = m.owed ?? 0;
  for (const n of [m.amount, owed]) if (!Number.isSafeInteger(n)) throw new Error(`token ledger: not a whole number of tokens: ${n}`);
  if (m.amount === 0 && owed === 0) throw new Error("token ledger: a movement moves something");
  await lockTokens(tx, m.userId);
  try {
    // A savepoint keeps the caller's transaction usable after a refusal (PostgreSQL aborts it otherwise).
    await tx.transaction(async (sp) => {
      await sp.insert(tokenEntries).values({
        userId: m.userId,
        amount: m.amount,
        owed,
        reason: m.reason,
        refType: m.ref.type,
        refId: String(m.ref.id),
        description: m.description ?? "",
        adminId: m.adminId ?? null,
      });
    });
  } catch (err) {
    if (isViolation(err, "23514", "token_accounts_balance_non_negative")) throw new AppError(402, "tokens_insufficient");
    if (isViolation(err, "23505", "token_entries_reference_uq")) {
      throw new AppError(409, "conflict", undefined, `A ${m.reason} token movement for ${m.ref.type}:${m.ref.id} was already written`);
    }
    throw err;
  }
}

/** A pupil's token balance (0 without an account). */
export async function tokenBalance(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ balance: tokenAccounts.balance }).from(tokenAccounts).where(eq(tokenAccounts.userId, userId)).limit(1);
  return row?.balance ?? 0;
}

/**
 * Earns `tokens` for `userId` about `ref` (reason `referral`): what the pupil owes from an earlier refund is settled
 * first, the rest reaches the balance — one row. Returns the tokens that reached the balance.
 */
export async function earnTokens(tx: Tx, p: { userId: number; tokens: number; ref: TokenMovement["ref"]; description: string }): Promise<number> {
  if (p.tokens <= 0) return 0;
  const { owed } = await lockTokens(tx, p.userId);
  const settled = Math.min(owed, p.tokens);
  await postTokens(tx, { userId: p.userId, amount: p.tokens - settled, owed: -settled, reason: "referral", ref: p.ref, description: p.description });
  return p.tokens - settled;
}

/**
 * Takes back `tokens` earned about `ref` (reason `refund`, once): what the balance holds leaves it, the rest is recorded
 * as owed (never below zero). Returns what left the balance.
 */
export async function takeBackTokens(tx: Tx, p: { userId: number; tokens: number; ref: TokenMovement["ref"]; description: string }): Promise<number> {
  if (p.tokens <= 0) return 0;
  const { balance } = await lockTokens(tx, p.userId);
  const taken = Math.min(balance, p.tokens);
  await postTokens(tx, { userId: p.userId, amount: -taken, owed: p.tokens - taken, reason: "refund", ref: p.ref, description: p.description });
  return taken;
}


/**
 * The token side of `npm run admin -- ledger-check`: every balance and debt equals the sum of its entries, every
 * conversion is one token debit and one points credit of the amounts it records (the two ledgers agree), and every gift
 * order spent its amount (and a rejected one got it back, once).
 */
export async function checkTokenLedger(db: Db): Promise<TokenLedgerCheckDto> {
  type Row = { user_id: number; balance: number; owed: number; sum: string; owed_sum: string };
  const rows = await selectRows<Row>(
    db,
    sql`select a.user_id, a.balance, a.owed, coalesce(sum(e.amount), 0)::text as sum, coalesce(sum(e.owed), 0)::text as owed_sum
      from token_accounts a left join token_entries e on e.user_id = a.user_id group by a.user_id, a.balance, a.owed`,
  );
  const adrift = await selectRows<{ id: number }>(
    db,
    sql`select c.id from token_conversions c
      where coalesce((select sum(-e.amount) from token_entries e where e.reason = 'converted' and e.ref_type = 'token_conversion' and e.ref_id = c.id::text), 0) <> c.tokens
         or coalesce((select sum(l.amount) from ledger_entries l where l.ref_type = 'token_conversion' and l.ref_id = c.id::text and l.wallet_id = c.user_id), 0) <> c.points`,
  );
  // Every order spent its amount once; a rejected one got exactly that back, any other nothing.
  const orders = await selectRows<{ id: number }>(
    db,
    sql`select r.id from gift_requests r
      left join token_entries d on d.reason = 'order' and d.ref_type = 'gift_request' and d.ref_id = r.id::text and d.user_id = r.user_id
      left join token_entries b on b.reason = 'order_returned' and b.ref_type = 'gift_request' and b.ref_id = r.id::text and b.user_id = r.user_id
      where r.status <> 'open'
        and (coalesce(-d.amount, 0) <> r.amount or (case when r.status = 'rejected' then coalesce(b.amount, 0) <> r.amount else b.id is not null end))`,
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(tokenEntries);
  const mismatched = rows
    .map((r) => ({ userId: Number(r.user_id), balance: Number(r.balance), sum: Number(r.sum), owed: Number(r.owed), owedSum: Number(r.owed_sum) }))
    .filter((r) => r.balance !== r.sum || r.owed !== r.owedSum);
  const conversionsAdrift = adrift.map((r) => Number(r.id));
  const ordersAdrift = orders.map((r) => Number(r.id));
  return {
    accounts: rows.length,
    entries: count?.n ?? 0,
    mismatched,
    conversionsAdrift,
    ordersAdrift,
    ok: mismatched.length === 0 && conversionsAdrift.length === 0 && ordersAdrift.length === 0,
  };
}
