import { eq } from "drizzle-orm";
import type { ChangePasswordOutput, ResetPasswordOutput } from "../../../domain/schemas/auth";
import { users } from "../../db/schema";
import { issueToken, revokeAllSessions, type AuthInfo } from "../../lib/auth";
import { hashPassword, verifyPassword } from "../../lib/crypto";
import type { Deps } from "../../lib/deps";
import { AppError, fieldError, notFound } from "../../lib/errors";
import { notify } from "../notifications/notify";
import { passwordChanged } from "../notifications/texts";
import { consumeCode, createCode } from "./codes";
import { sendCode } from "./send-code";
import { codeDestination, findByCredential } from "./users";

/** Sends a reset code to the account's phone or e-mail. */
export async function requestPasswordReset(deps: Deps, credential: string): Promise<{ channel: "sms" | "email" }> {
  const user = await findByCredential(deps.db, credential);
  if (!user) throw fieldError(404, "credentiel", "credential_unknown");
  const code = await createCode(deps, deps.db, user.id, "reset");
  const dest = codeDestination(user);
  await sendCode(deps, dest, "reset", code);
  return { channel: dest.channel };
}

async function setPassword(deps: Deps, userId: number, plain: string) {
  const now = deps.now();
  const passwordHash = await hashPassword(plain);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, hasPassword: true, passwordChangedAt: now, mustChangePassword: false, passwordExpired: false })
      .where(eq(users.id, userId));
    // Queued while the sessions are still live: the pupil's other devices hear of it (then they are signed out).
    await notify(tx, {
      userId,
      category: "changePassword",
      type: "password_changed",
      texts: passwordChanged(),
      link: "/mon-profil",
    });
  });
  // Every token issued before now stops working.
  await revokeAllSessions(deps.db, userId, now);
}

/** Resets the password with the code; every open session ends. */
export async function resetPassword(deps: Deps, input: ResetPasswordOutput): Promise<void> {
  const user = await findByCredential(deps.db, input.credential);
  if (!user) throw fieldError(422, "token", "code_invalid");
  await consumeCode(deps, deps.db, user.id, "reset", input.token);
  await setPassword(deps, user.id, input.newPassword);
}

/**
 * Changes the password of the signed-in user. All sessions end, including this one, and a fresh token
 * is returned so that this device stays signed in.
 */
export async function changePassword(deps: Deps, auth: AuthInfo, input: ChangePasswordOutput) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, auth.userId));
  if (!user) throw notFound();
  if (user.isTest && !auth.adminId) throw new AppError(403, "test_account");
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw fieldError(422, "oldPassword", "old_password_wrong");
  await setPassword(deps, user.id, input.newPassword);
  const session = await issueToken(deps, deps.db, user.id, auth.adminId);
  return { token: session.token, expires_at: session.expiresAt.toISOString() };
}

/**
 * Operator action: the account's password is expired. Its sessions end and its next login answers
 * `password_expired`, which leads the pupil through a reset with a code.
 */
export async function expirePassword(deps: Deps, login: string): Promise<{ userId: number }> {
  const user = await findByCredential(deps.db, login);
  if (!user) throw new AppError(404, "credential_unknown");
  await deps.db.update(users).set({ passwordExpired: true }).where(eq(users.id, user.id));
  await revokeAllSessions(deps.db, user.id, deps.now());
  return { userId: user.id };
}
