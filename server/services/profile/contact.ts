import { and, eq, ne, sql } from "drizzle-orm";
import type { ConfirmContactOutput } from "../../../domain/profile";
import { contactChanges, users } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError, notFound } from "../../lib/errors";
import { consumeCode, createCode } from "../auth/codes";
import { sendMessage } from "../messages/send";

export async function profileUser(deps: Pick<Deps, "db">, userId: number) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  return user;
}

/** 403 `test_account` for a test account (SPEC §6), unless an operator impersonates it. */
export function refuseTestAccount(user: { isTest: boolean }, auth: AuthInfo): void {
  if (user.isTest && !auth.adminId) throw new AppError(403, "test_account");
}

async function emailTaken(deps: Pick<Deps, "db">, userId: number, email: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

async function phoneTaken(deps: Pick<Deps, "db">, userId: number, phone: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Records a new e-mail or phone of the profile and sends a 6-character code to it (the e-mail by e-mail, the phone by
 * SMS): the value is the account's only once the code comes back (`confirmContact`). An address another account
 * holds is refused (422 `account_already_used`).
 */
export async function assertContactFree(deps: Pick<Deps, "db">, userId: number, kind: "email" | "phone", value: string): Promise<void> {
  const taken = kind === "email" ? await emailTaken(deps, userId, value) : await phoneTaken(deps, userId, value);
  if (taken) throw fieldError(422, kind, "account_already_used");
}

export async function startContactChange(
  deps: Deps,
  userId: number,
  kind: "email" | "phone",
  value: string,
): Promise<{ credential: string; channel: "sms" | "email" }> {
  await assertContactFree(deps, userId, kind, value);
  const now = deps.now();
  await deps.db
    .insert(contactChanges)
    .values({ userId, kind, value, createdAt: now })
    .onConflictDoUpdate({
      target: [contactChanges.userId, contactChanges.kind],
      set: { value, createdAt: now },
    });
  const code = await createCode(deps, deps.db, userId, `contact:${kind}`);
  const channel = kind === "email" ? "email" : "sms";
  await sendMessage(deps, { to: value, channel }, "contact", { code });
  return { credential: value, channel };
}

/** `PUT /user/add-email`: the add-e-mail modal's address gets a code. */
export async function requestEmail(deps: Deps, auth: AuthInfo, email: string) {
  const user = await profileUser(deps, auth.userId);
  refuseTestAccount(user, auth);
  return startContactChange(deps, user.id, "email", email);
}

/**
 * `POST /user/confirm-code`: the code of the pending change. With `email` given, the pending e-mail (it must be the one
 * the code was sent to); without, the pending phone, else the pending e-mail. The value becomes the account's.
 */
export async function confirmContact(deps: Deps, auth: AuthInfo, input: ConfirmContactOutput): Promise<{ email: string | null; phone: string | null }> {
  const pending = await deps.db.select().from(contactChanges).where(eq(contactChanges.userId, auth.userId));
  const email = pending.find((p) => p.kind === "email");
  const phone = pending.find((p) => p.kind === "phone");
  const change = input.email ? (email?.value === input.email ? email : undefined) : (phone ?? email);
  if (!change) throw fieldError(422, "confirmationToken", "code_invalid");
  await consumeCode(deps, deps.db, auth.userId, `contact:${change.kind}`, input.confirmationToken, "confirmationToken");
  const taken = change.kind === "email" ? await emailTaken(deps, auth.userId, change.value) : await phoneTaken(deps, auth.userId, change.value);
  if (taken) throw fieldError(422, change.kind, "account_already_used");
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set(change.kind === "email" ? { email: change.value } : { phone: change.value })
      .where(eq(users.id, auth.userId));
    await tx.delete(contactChanges).where(and(eq(contactChanges.userId, auth.userId), eq(contactChanges.kind, change.kind)));
  });
  const user = await profileUser(deps, auth.userId);
  return { email: user.email, phone: user.phone };
}
