import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError, notFound } from "../../lib/errors";
import { consumeCode, createCode } from "./codes";
import { sendCode } from "./send-code";
import { codeDestination } from "./users";

async function currentUser(deps: Deps, auth: AuthInfo) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, auth.userId));
  if (!user) throw notFound();
  return user;
}

/** `POST /auth/confirm-registration?token=`: checks the 6-character code and marks the account verified. */
export async function confirmRegistration(deps: Deps, auth: AuthInfo, code: string): Promise<void> {
  const user = await currentUser(deps, auth);
  if (user.verified) throw new AppError(409, "already_verified");
  // Not in one transaction: a wrong code's counted try must survive the rollback of the failure.
  await consumeCode(deps, deps.db, user.id, "verify", code);
  // The code went where codeDestination sent it: to the e-mail when the account has no phone.
  await deps.db.update(users).set({ verified: true, ...(codeDestination(user).channel === "email" ? { emailVerified: true } : {}) }).where(eq(users.id, user.id));
}

/** `GET /auth/resend-code`: a new verification code (the previous one dies). */
export async function resendVerificationCode(deps: Deps, auth: AuthInfo): Promise<void> {
  const user = await currentUser(deps, auth);
  if (user.verified) throw new AppError(409, "already_verified");
  const code = await createCode(deps, deps.db, user.id, "verify");
  await sendCode(deps, codeDestination(user), "verification", code);
}
