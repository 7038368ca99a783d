import { and, eq, sql } from "drizzle-orm";
import type { RegisterOutput } from "../../../domain/schemas/auth";
import { normalizePhone, parseDdMmYyyy } from "../../../domain/schemas/common";
import { TUNISIA_COUNTRY_ID } from "../../../domain/constants";
import { countries, divisions, optionalSubjects, states, users, wallets } from "../../db/schema";
import { issueToken, type RequestOrigin } from "../../lib/auth";
import { hashPassword } from "../../lib/crypto";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError } from "../../lib/errors";
import { createCode } from "./codes";
import { codeDestination } from "./users";
import { sendCode } from "./send-code";

const idOf = (x: number | "" | null | undefined) => (typeof x === "number" ? x : null);

/**
 * Creates an unverified student account, sends the verification code (SMS to the phone, else e-mail)
 * and opens a session (remembering the address and device it came from) so that the pupil can finish on /confirm.
 */
export async function register(deps: Deps, input: RegisterOutput, origin: RequestOrigin | null = null) {
  const { db } = deps;
  const phone = input.phone ? normalizePhone(input.phone) : null;
  const email = input.email ? input.email.toLowerCase() : null;
  const countryId = idOf(input.country) ?? (phone ? TUNISIA_COUNTRY_ID : null);
  const stateId = idOf(input.state);
  const divisionId = input.division as number;
  const optionalSubjectId = idOf(input.optionalSubject);

  if (countryId !== null) {
    const [c] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
    if (!c) throw fieldError(422, "country", "country_invalid");
  }
  if (stateId !== null) {
    const [s] = await db
      .select({ id: states.id })
      .from(states)
      .where(and(eq(states.id, stateId), eq(states.countryId, countryId ?? TUNISIA_COUNTRY_ID)));
    if (!s) throw fieldError(422, "state", "state_invalid");
  }
  const [d] = await db.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, divisionId));
  if (!d) throw fieldError(422, "division", "division_invalid");
  if (optionalSubjectId !== null) {
    const [o] = await db
      .select({ id: optionalSubjects.id })
      .from(optionalSubjects)
      .where(and(eq(optionalSubjects.id, optionalSubjectId), eq(optionalSubjects.divisionId, divisionId)));
    if (!o) throw fieldError(422, "optionalSubject", "optional_subject_invalid");
  }

  const taken: Record<string, string[]> = {};
  if (phone) {
    const [p] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    if (p) taken.phone = ["account_already_used"];
  }
  if (email) {
    const [e] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
    if (e) taken.email = ["account_already_used"];
  }
  if (Object.keys(taken).length) throw new AppError(422, "account_already_used", taken);

  const passwordHash = await hashPassword(input.plainPassword.first);
  const now = deps.now();
  let result;
  try {
    result = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          userType: "student",
          name: input.name,
          lastName: input.lastName,
          phone,
          email,
          birthDate: parseDdMmYyyy(input.birthDate),
          passwordHash,
          divisionId,
          optionalSubjectId,
          countryId,
          stateId,
          verified: false,
          completed: true,
          passwordChangedAt: now,
          referralCode: input.referralCode || null,
          createdAt: now,
        })
        .returning();
      if (!user) throw new Error("insert returned nothing");
      await tx.insert(wallets).values({ ownerId: user.id, balance: 0, kind: "user" });
      const code = await createCode(deps, tx, user.id, "verify");
      const session = await issueToken(deps, tx, user.id, null, origin);
      return { user, code, session };
    });
  } catch (err) {
    // Two sign-ups racing for the same phone or e-mail: the unique index decides.
    if (String((err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code) === "23505") {
      throw new AppError(422, "account_already_used", { [phone ? "phone" : "email"]: ["account_already_used"] });
    }
    throw err;
  }
  await sendCode(deps, codeDestination(result.user), "verification", result.code);
  return { token: result.session.token, expires_at: result.session.expiresAt.toISOString(), user_type: "student" as const };
}
