import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { CODE_MAX_TRIES, CODE_TTL_MS } from "../../../domain/constants";
import type { ErrorCode } from "../../../domain/errors";
import type { Db, Tx } from "../../db/client";
import { authCodes } from "../../db/schema";
import { randomCode, randomDigits, hmac, safeEqualHex } from "../../lib/crypto";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";

/** What a code is for: verification, password reset, the confirmation of one point transfer (`transfer:<id>`), or a new e-mail or phone of the profile. */
export type CodePurpose = "verify" | "reset" | `transfer:${number}` | "contact:email" | "contact:phone";

/** The keyed hash a code is stored as, bound to its purpose and its user. */
export const hashCode = (secret: string, purpose: CodePurpose, userId: number, code: string) =>
  hmac(secret, `${purpose}:${userId}:${code.trim().toUpperCase()}`);

/**
 * Creates a fresh code for the user (earlier live codes of the same purpose die) and returns it in clear
 * so that the caller can hand it to the messaging adapter. Only its keyed hash is stored. `digits`: decimal digits
 * instead of the letters-and-digits alphabet.
 */
export async function createCode(
  deps: Pick<Deps, "secret" | "now">,
  db: Db | Tx,
  userId: number,
  purpose: CodePurpose,
  opts: { digits?: boolean } = {},
): Promise<string> {
  const now = deps.now();
  await db
    .update(authCodes)
    .set({ consumedAt: now })
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), isNull(authCodes.consumedAt)));
  const code = opts.digits ? randomDigits() : randomCode();
  await db.insert(authCodes).values({
    userId,
    purpose,
    codeHash: hashCode(deps.secret, purpose, userId, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  return code;
}

/**
 * Takes one try of a live code, atomically: `attempts + 1` only while the code is unconsumed, unexpired and under
 * CODE_MAX_TRIES, in one statement (concurrent tries queue on the row and each sees the count the previous one left).
 * Returns the tries now counted, or null when no try is left (dead, consumed or expired). A guess is compared only
 * after its try is taken, so 50 guesses arriving at once get 5 comparisons, not 50.
 */
async function takeTry(db: Db | Tx, codeId: number, now: Date): Promise<number | null> {
  const [row] = await db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(and(eq(authCodes.id, codeId), isNull(authCodes.consumedAt), gt(authCodes.expiresAt, now), lt(authCodes.attempts, CODE_MAX_TRIES)))
    .returning({ attempts: authCodes.attempts });
  return row?.attempts ?? null;
}

/** Kills a code whose last try was taken by a wrong guess (its fifth): consumed, never usable again. */
export async function killCode(db: Db | Tx, codeId: number, now: Date): Promise<void> {
  await db.update(authCodes).set({ consumedAt: now }).where(and(eq(authCodes.id, codeId), isNull(authCodes.consumedAt)));
}

/** Consumes a code whose try was taken and whose guess was right; false when a concurrent request got there first. */
async function useCode(db: Db | Tx, codeId: number, now: Date): Promise<boolean> {
  const done = await db
    .update(authCodes)
    .set({ consumedAt: now })
    .where(and(eq(authCodes.id, codeId), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id });
  return done.length === 1;
}

/**
 * Checks a code and consumes it on success. Every guess takes a try first (`takeTry`); the fifth wrong try kills the
 * code, and a code with no try left refuses even the right guess.
 * Throws `code_invalid`, `code_expired` or `code_too_many_tries` (field `fieldName`).
 */
export async function consumeCode(
  deps: Pick<Deps, "secret" | "now">,
  db: Db,
  userId: number,
  purpose: CodePurpose,
  code: string,
  fieldName = "token",
): Promise<void> {
  const fail = (c: ErrorCode) => new AppError(422, c, { [fieldName]: [c] });
  const now = deps.now();
  // The newest code of the purpose, consumed or not: a dead code answers "too many tries", not "invalid".
  const [live] = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose)))
    .orderBy(desc(authCodes.id))
    .limit(1);
  if (!live) throw fail("code_invalid");
  if (live.attempts >= CODE_MAX_TRIES) throw fail("code_too_many_tries");
  if (live.consumedAt) throw fail("code_invalid");
  if (live.expiresAt <= now) throw fail("code_expired");
  const attempts = await takeTry(db, live.id, now);
  if (attempts === null) {
    // Concurrent guesses took the last tries (or a right one consumed the code) since the read above.
    const [after] = await db.select({ attempts: authCodes.attempts }).from(authCodes).where(eq(authCodes.id, live.id));
    throw fail((after?.attempts ?? CODE_MAX_TRIES) >= CODE_MAX_TRIES ? "code_too_many_tries" : "code_invalid");
  }
  if (!safeEqualHex(live.codeHash, hashCode(deps.secret, purpose, userId, code))) {
    if (attempts < CODE_MAX_TRIES) throw fail("code_invalid");
    await killCode(db, live.id, now);
    throw fail("code_too_many_tries");
  }
  if (!(await useCode(db, live.id, now))) throw fail("code_invalid");
}
