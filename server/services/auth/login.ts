import type { LoginOutput } from "../../../domain/schemas/login";
import { issueToken, type RequestOrigin } from "../../lib/auth";
import { hashPassword, verifyPassword } from "../../lib/crypto";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { findByCredential } from "./users";

let dummyHash: Promise<string> | undefined;

/** Checks the credentials and opens a session (remembering where from: `origin`). Unknown users cost as much time as wrong passwords. */
export async function login(deps: Deps, input: Pick<LoginOutput, "username" | "password">, origin: RequestOrigin | null = null) {
  const user = await findByCredential(deps.db, input.username);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyPassword(await (dummyHash ??= hashPassword("not-a-real-password-1A!")), input.password).then(() => false);
  if (!user || !ok) {
    throw new AppError(401, "invalid_credentials", { username: [], password: [] });
  }
  if (user.passwordExpired) throw new AppError(403, "password_expired");
  const session = await issueToken(deps, deps.db, user.id, null, origin);
  return {
    token: session.token,
    expires_at: session.expiresAt.toISOString(),
    user_type: user.userType,
    ...(user.userType === "teacher" ? { redirect: deps.env.TEACHER_APP_URL } : {}),
  };
}
