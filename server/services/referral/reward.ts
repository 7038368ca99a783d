/**
 * The referrer's tokens (issue 20 §3): earned in the transaction of the friend's purchase that used the gift code, taken
 * back in the transaction of that purchase's refund — once each (the token ledger's unique reference: the code's use).
 * The points share of SPEC §1 (5 % of the price) is paid beside it by the checkout, through the points ledger.
 */
import { and, eq, sql } from "drizzle-orm";
import { referralTokens } from "../../../domain/referral";
import type { Tx } from "../../db/client";
import { tokenEntries } from "../../db/schema";
import { earnTokens, takeBackTokens } from "./tokens";

/** A friend's purchase used `code` (use `useId`, `paid` millimes): the referrer earns `referralTokens(paid)` tokens. */
export async function rewardReferrer(tx: Tx, p: { referrerId: number; useId: number; paid: number; code: string }): Promise<number> {
  const tokens = referralTokens(p.paid);
  if (tokens === 0) return 0;
  await earnTokens(tx, { userId: p.referrerId, tokens, ref: { type: "discount_use", id: p.useId }, description: `Parrainage ${p.code}` });
  return tokens;
}

/**
 * The friend's purchase is refunded: the tokens its code's use earned leave the referrer's balance; what was already
 * spent is recorded as owed (settled from the next earnings). Returns the tokens that left the balance.
 */
export async function takeBackReferralTokens(tx: Tx, p: { referrerId: number; useId: number; code: string }): Promise<number> {
  const [earned] = await tx
    .select({ n: sql<string>`coalesce(sum(${tokenEntries.amount} - ${tokenEntries.owed}), 0)::text` })
    .from(tokenEntries)
    .where(and(eq(tokenEntries.userId, p.referrerId), eq(tokenEntries.reason, "referral"), eq(tokenEntries.refType, "discount_use"), eq(tokenEntries.refId, String(p.useId))));
  const tokens = Number(earned?.n ?? 0);
  return takeBackTokens(tx, { userId: p.referrerId, tokens, ref: { type: "discount_use", id: p.useId }, description: `Remboursement d'un achat avec le code ${p.code} : jetons repris` });
}
