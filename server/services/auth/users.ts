import { eq, sql } from "drizzle-orm";
import { isEmail, normalizePhone } from "../../../domain/schemas/common";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;

/** Finds a user by e-mail (any case) or Tunisian phone (any of its written forms). */
export async function findByCredential(db: Db, credential: string): Promise<UserRow | undefined> {
  const value = credential.trim();
  const [row] = isEmail(value)
    ? await db.select().from(users).where(sql`lower(${users.email}) = ${value.toLowerCase()}`).limit(1)
    : await db.select().from(users).where(eq(users.phone, normalizePhone(value))).limit(1);
  return row;
}

/**
 * What a per-account rate limit counts for a login (login, reset code sent or checked): the account it names, however
 * it is written (e-mail in any case, `22000001`, `+216 22 000 001`, `0021622000001`), or, for a login of no account,
 * its normalised form — so no spelling gets a fresh allowance, and an unknown login is counted all the same.
 */
export async function loginRateKey(db: Db, login: string): Promise<string> {
  const value = login.trim();
  const [row] = isEmail(value)
    ? await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${value.toLowerCase()}`).limit(1)
    : await db.select({ id: users.id }).from(users).where(eq(users.phone, normalizePhone(value))).limit(1);
  if (row) return `user:${row.id}`;
  return `login:${isEmail(value) ? value.toLowerCase() : normalizePhone(value)}`;
}

/** Where codes for this user go: SMS to the phone when there is one, else e-mail. */
export function codeDestination(user: Pick<UserRow, "phone" | "email">): { to: string; channel: "sms" | "email" } {
  if (user.phone) return { to: user.phone, channel: "sms" };
  return { to: user.email ?? "", channel: "email" };
}
