import { and, eq, gt, isNull } from "drizzle-orm";
import { IMPERSONATION_TTL_MS } from "../../../domain/constants";
import { impersonationTokens, users } from "../../db/schema";
import { issueToken } from "../../lib/auth";
import { hmac, randomToken } from "../../lib/crypto";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { findByCredential } from "./users";

/**
 * An operator's one-time link to act as a pupil: the token is single-use and lives 60 seconds.
 * `adminLogin` defaults to the first admin account.
 */
export async function createImpersonation(deps: Deps, userLogin: string, adminLogin?: string) {
  const target = await findByCredential(deps.db, userLogin);
  if (!target) throw new AppError(404, "credential_unknown");
  const admin = adminLogin
    ? await findByCredential(deps.db, adminLogin)
    : (await deps.db.select().from(users).where(eq(users.userType, "admin")).orderBy(users.id).limit(1))[0];
  if (!admin || admin.userType !== "admin") throw new AppError(403, "forbidden", undefined, "No admin account");
  const token = randomToken(32);
  const expiresAt = new Date(deps.now().getTime() + IMPERSONATION_TTL_MS);
  await deps.db.insert(impersonationTokens).values({ tokenHash: hmac(deps.secret, token), adminId: admin.id, userId: target.id, expiresAt });
  return { token, adminId: admin.id, userId: target.id, expiresAt };
}

/** Exchanges the one-time link for a session marked with the admin's id. */
export async function exchangeImpersonation(deps: Deps, input: { token: string; adminId: number; userId: number }) {
  const now = deps.now();
  const used = await deps.db
    .update(impersonationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(impersonationTokens.tokenHash, hmac(deps.secret, input.token)),
        eq(impersonationTokens.adminId, input.adminId),
        eq(impersonationTokens.userId, input.userId),
        isNull(impersonationTokens.usedAt),
        gt(impersonationTokens.expiresAt, now),
      ),
    )
    .returning();
  if (used.length !== 1) throw new AppError(401, "token_invalid");
  const session = await issueToken(deps, deps.db, input.userId, input.adminId);
  const [user] = await deps.db.select({ userType: users.userType }).from(users).where(eq(users.id, input.userId));
  return { token: session.token, expires_at: session.expiresAt.toISOString(), user_type: user?.userType ?? "student", admin_user_id: input.adminId };
}
