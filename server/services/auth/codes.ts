import { and, desc, eq, isNull } from "drizzle-orm";
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
 * Checks a code and consumes it on success. A wrong code counts a try; the fifth wrong try kills it.
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
  const [live] = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), isNull(authCodes.consumedAt)))
    .orderBy(desc(authCodes.id))
    .limit(1);
  if (!live) throw fail("code_invalid");
  if (live.expiresAt <= now) throw fail("code_expired");
  if (live.attempts >= CODE_MAX_TRIES) throw fail("code_too_many_tries");
  if (!safeEqualHex(live.codeHash, hashCode(deps.secret, purpose, userId, code))) {
    const attempts = live.attempts + 1;
    await db
      .update(authCodes)
      .set({ attempts, ...(attempts >= CODE_MAX_TRIES ? { consumedAt: now } : {}) })
      .where(eq(authCodes.id, live.id));
    throw fail(attempts >= CODE_MAX_TRIES ? "code_too_many_tries" : "code_invalid");
  }
  const done = await db
    .update(authCodes)
    .set({ consumedAt: now })
    .where(and(eq(authCodes.id, live.id), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id });
  if (done.length !== 1) throw fail("code_invalid");
}
