/**
 * The confirmation code of a point transfer (DESIGN §3 "Codes"): 6 random digits sent to the SENDER, stored only as a
 * keyed hash bound to the sender and to that one transfer (purpose `transfer:<id>` in `auth_codes`), valid 10 minutes,
 * dead after 5 wrong tries. A new code for the same transfer (resend) kills the previous one.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { CODE_MAX_TRIES } from "../../../domain/constants";
import type { Db, Tx } from "../../db/client";
import { authCodes } from "../../db/schema";
import { safeEqualHex } from "../../lib/crypto";
import type { Deps } from "../../lib/deps";
import { createCode, hashCode } from "../auth/codes";

export const transferPurpose = (transferId: number) => `transfer:${transferId}` as const;

/** A fresh 6-digit code for the transfer (earlier live ones die), written in `tx`; returns it in clear for the messaging adapter. */
export const createTransferCode = (deps: Pick<Deps, "secret" | "now">, tx: Db | Tx, userId: number, transferId: number): Promise<string> =>
  createCode(deps, tx, userId, transferPurpose(transferId), { digits: true });

export type CodeVerdict = { ok: true; codeId: number } | { ok: false; reason: "code_invalid" | "code_expired" | "code_too_many_tries"; codeId?: number };

/**
 * Checks a code inside the confirmation's transaction, locking the live code row; consumes it when right. A wrong code
 * is NOT counted here (the transaction rolls back on failure): the caller counts it with `countWrongTry` afterwards.
 */
export async function checkTransferCode(deps: Pick<Deps, "secret" | "now">, tx: Tx, userId: number, transferId: number, code: string): Promise<CodeVerdict> {
  const now = deps.now();
  // The newest code of this transfer (a resend kills the older ones), locked: two confirmations cannot both use it.
  const [live] = await tx
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, transferPurpose(transferId))))
    .orderBy(desc(authCodes.id))
    .limit(1)
    .for("update");
  if (!live) return { ok: false, reason: "code_invalid" };
  if (live.attempts >= CODE_MAX_TRIES) return { ok: false, reason: "code_too_many_tries" };
  if (live.consumedAt) return { ok: false, reason: "code_invalid" };
  if (live.expiresAt <= now) return { ok: false, reason: "code_expired" };
  if (!safeEqualHex(live.codeHash, hashCode(deps.secret, transferPurpose(transferId), userId, code))) return { ok: false, reason: "code_invalid", codeId: live.id };
  await tx.update(authCodes).set({ consumedAt: now }).where(eq(authCodes.id, live.id));
  return { ok: true, codeId: live.id };
}

/** Counts one wrong try on a live code (atomically); the fifth kills it. Returns true when the code is now dead. */
export async function countWrongTry(deps: Pick<Deps, "db" | "now">, codeId: number): Promise<boolean> {
  const [row] = await deps.db
    .update(authCodes)
    .set({
      attempts: sql`${authCodes.attempts} + 1`,
      consumedAt: sql`case when ${authCodes.attempts} + 1 >= ${CODE_MAX_TRIES} then ${deps.now().toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(authCodes.id, codeId), isNull(authCodes.consumedAt)))
    .returning({ attempts: authCodes.attempts });
  return !row || row.attempts >= CODE_MAX_TRIES;
}
