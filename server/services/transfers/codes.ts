/**
 * The confirmation code of a point transfer (DESIGN §3 "Codes"): 6 random digits sent to the SENDER, stored only as a
 * keyed hash bound to the sender and to that one transfer (purpose `transfer:<id>` in `auth_codes`), valid 10 minutes,
 * dead after 5 tries (each guess takes its try before it is compared). A new code for the same transfer (resend) kills the previous one.
 */
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { CODE_MAX_TRIES } from "../../../domain/constants";
import type { Db, Tx } from "../../db/client";
import { authCodes } from "../../db/schema";
import { safeEqualHex } from "../../lib/crypto";
import type { Deps } from "../../lib/deps";
import { createCode, hashCode } from "../auth/codes";

const transferPurpose = (transferId: number) => `transfer:${transferId}` as const;

/** A fresh 6-digit code for the transfer (earlier live ones die), written in `tx`; returns it in clear for the messaging adapter. */
export const createTransferCode = (deps: Pick<Deps, "secret" | "now">, tx: Db | Tx, userId: number, transferId: number): Promise<string> =>
  createCode(deps, tx, userId, transferPurpose(transferId), { digits: true });

export type CodeVerdict = { ok: true; codeId: number } | { ok: false; reason: "code_invalid" | "code_expired" | "code_too_many_tries"; codeId?: number };

/** The try a confirmation took on the transfer's newest code, before its transaction (`takeTransferTry`). */
export interface TakenTry {
  codeId: number;
  attempts: number;
}

/**
 * Takes one try of the transfer's newest code in its own statement, committed at once (as `takeTry`): concurrent
 * confirmations each take theirs in turn, and only the five that got one have their guess compared. Null when the
 * caller has no live code for that transfer, or no try is left.
 */
export async function takeTransferTry(deps: Pick<Deps, "db" | "now">, userId: number, transferId: number): Promise<TakenTry | null> {
  // One statement: the newest code of the transfer, its try taken (`takeTry`'s rule) — no extra round trip.
  const newest = deps.db
    .select({ id: authCodes.id })
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, transferPurpose(transferId))))
    .orderBy(desc(authCodes.id))
    .limit(1);
  const [row] = await deps.db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(and(eq(authCodes.id, newest), isNull(authCodes.consumedAt), gt(authCodes.expiresAt, deps.now()), lt(authCodes.attempts, CODE_MAX_TRIES)))
    .returning({ codeId: authCodes.id, attempts: authCodes.attempts });
  return row ?? null;
}

/**
 * Checks a code inside the confirmation's transaction, locking the newest code row; consumes it when right. The guess
 * is compared only when this request took a try on that very code (`taken`); a wrong guess is reported with its code
 * id (the try is already counted, the caller kills the code after its fifth).
 */
export async function checkTransferCode(
  deps: Pick<Deps, "secret" | "now">,
  tx: Tx,
  userId: number,
  transferId: number,
  code: string,
  taken: TakenTry | null,
): Promise<CodeVerdict> {
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
  if (taken?.codeId !== live.id) {
    if (live.attempts >= CODE_MAX_TRIES) return { ok: false, reason: "code_too_many_tries" };
    if (!live.consumedAt && live.expiresAt <= now) return { ok: false, reason: "code_expired" };
    return { ok: false, reason: "code_invalid" };
  }
  if (live.consumedAt) return { ok: false, reason: "code_invalid" };
  if (live.expiresAt <= now) return { ok: false, reason: "code_expired" };
  if (!safeEqualHex(live.codeHash, hashCode(deps.secret, transferPurpose(transferId), userId, code))) return { ok: false, reason: "code_invalid", codeId: live.id };
  await tx.update(authCodes).set({ consumedAt: now }).where(eq(authCodes.id, live.id));
  return { ok: true, codeId: live.id };
}
